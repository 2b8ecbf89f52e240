// The data API is bounded (docs/0003-bounded-queries.md): each finding of issue 9 as a call a
// signed-in user could make, on both stores. Every one is a clear 4xx with a bilingual message,
// changes nothing, leaves the JavaScript prototypes as they were, and is refused before the store
// runs it (which is what bounds its work).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MongoServerError } from 'mongodb'
import { toApiError } from '../src/http/errors'
import { storeRefusal } from '../src/store/mongo'
import { StoreRefusal } from '../src/store/port'
import {
  STORE_KINDS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type Answer,
  type Browser,
  type OpenedStore,
  type TestServer,
} from './harness'

const participant = userFor('participant').username

const errorOf = (answer: Answer) =>
  (answer.body as { error: { code: string; message: { sl: string; en: string } } }).error

/** Own property names of the prototypes a dotted path could reach. */
const PROTOTYPES = { Object: Object.prototype, Array: Array.prototype, String: String.prototype }
const protoKeys = () =>
  Object.fromEntries(
    Object.entries(PROTOTYPES).map(([name, proto]) => [name, Reflect.ownKeys(proto).map(String)]),
  )
const BEFORE = protoKeys()

/** Removes whatever a polluting call added, so one failure does not spoil the other tests. */
function restorePrototypes() {
  for (const [name, proto] of Object.entries(PROTOTYPES)) {
    for (const key of Reflect.ownKeys(proto)) {
      if (!BEFORE[name]!.includes(String(key))) delete (proto as Record<PropertyKey, unknown>)[key]
    }
  }
}

describe.each(STORE_KINDS)('bounded data calls on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  let admin: Browser
  let registrar: Browser
  let participantBrowser: Browser
  const watched = ['users', 'registrations', 'attendance']

  beforeAll(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [userFor('admin'), userFor('participant'), userFor('regEditor')])
    await db.store.collection('registrations').insert([
      { _id: 'r1', username: participant, note: ['a', 'b'] },
      { _id: 'r2', username: 'ana@x.si', note: 'aaaaaaaaaaaa' },
    ])
    server = await startServer({ store: db.store })
    admin = await server.as('admin')
    registrar = await server.as('regEditor')
    participantBrowser = await server.as('participant')
  })
  afterAll(async () => {
    await server.close()
    await db.close()
  })
  afterEach(restorePrototypes)

  const state = () => Promise.all(watched.map((name) => snapshot(db.store, name)))

  /** Calls, and expects a refusal with this code that changed nothing and polluted nothing. */
  async function refused(
    browser: Browser,
    collection: string,
    operation: string,
    payload: unknown,
    code: string,
    status = 400,
  ) {
    const before = await state()
    const answer = await browser.db(collection, operation, payload)
    expect(protoKeys()).toEqual(BEFORE)
    expect(answer.status).toBe(status)
    expect(errorOf(answer).code).toBe(code)
    expect(errorOf(answer).message).toEqual({ sl: expect.any(String), en: expect.any(String) })
    expect(errorOf(answer).message.sl).not.toBe(errorOf(answer).message.en)
    expect(await state()).toEqual(before)
    return answer
  }

  describe('regular expressions only as a literal search', () => {
    // Short stored names keep these fast even where they are not refused (today's code).
    it.each([
      ['alternation under a star', '^(.|.|.)*#'],
      ['a bounded repeat of a group', '^(.|.){0,24}#'],
      ['a class', '^[a-z]+$'],
      ['a back reference', '(a)\\1'],
    ])('refuses %s on users/find by any signed-in user', async (_name, pattern) => {
      await refused(
        participantBrowser,
        'users',
        'find',
        { query: { firstName: { $regex: pattern } } },
        'unsafeRegex',
      )
    })

    it('refuses options other than i', async () => {
      await refused(
        admin,
        'registrations',
        'find',
        { query: { note: { $regex: 'a', $options: 'm' } } },
        'unsafeRegex',
      )
    })

    it('a prefix or substring search, case-insensitive, with escaped characters, works', async () => {
      const prefix = await participantBrowser.db('users', 'find', {
        query: { firstName: { $regex: '^PART', $options: 'i' } },
      })
      expect(prefix.status).toBe(200)
      expect((prefix.body as { username: string }[]).map((u) => u.username)).toEqual([participant])
      const escaped = await admin.db('users', 'find', {
        query: { email: { $regex: 'participant@test\\.lfit' } },
      })
      expect(escaped.status).toBe(200)
      expect((escaped.body as unknown[]).length).toBe(1)
    })
  })

  describe('no path through the prototype chain', () => {
    it('refuses a dotted prototype path in $addFields (Array.prototype)', async () => {
      await refused(
        participantBrowser,
        'users',
        'aggregate',
        { pipeline: [{ $addFields: { 'roles.constructor.prototype.3': 'polluted' } }] },
        'forbiddenPath',
      )
    })

    it('refuses a registrar $set through a prototype path', async () => {
      await refused(
        registrar,
        'registrations',
        'upsert',
        { query: { _id: 'r1' }, update: { $set: { 'note.constructor.prototype.polluted': 1 } } },
        'forbiddenPath',
      )
    })

    it('refuses a field reference into the prototype chain', async () => {
      await refused(
        participantBrowser,
        'users',
        'aggregate',
        { pipeline: [{ $addFields: { x: '$roles.constructor.name' } }] },
        'forbiddenPath',
      )
    })

    it('refuses a prototype segment in a query, a sort key and a stored document', async () => {
      await refused(
        admin,
        'registrations',
        'find',
        { query: { 'note.constructor': 'x' } },
        'forbiddenPath',
      )
      await refused(
        admin,
        'registrations',
        'find',
        { query: {}, opts: { sort: { 'note.__proto__': 1 } } },
        'forbiddenPath',
      )
      await refused(
        registrar,
        'registrations',
        'insert',
        { insert: { username: 'b@x.si', note: { prototype: { x: 1 } } } },
        'forbiddenPath',
      )
    })
  })

  describe('operand limits', () => {
    it('refuses $in with more than 1,000 items (50,000 blocked the server for 12 s)', async () => {
      const items = Array.from({ length: 1_001 }, (_, i) => `name${i}`)
      await refused(
        participantBrowser,
        'users',
        'find',
        { query: { firstName: { $in: items } } },
        'limitExceeded',
      )
    })

    it('refuses a find limit or skip beyond the caps and too many pipeline stages', async () => {
      await refused(admin, 'registrations', 'find', { opts: { skip: 100_001 } }, 'invalidValue')
      await refused(
        admin,
        'registrations',
        'aggregate',
        { pipeline: Array.from({ length: 21 }, () => ({ $skip: 0 })) },
        'invalidValue',
      )
      await refused(
        admin,
        'registrations',
        'aggregate',
        { pipeline: [{ $unwind: '$note' }, { $unwind: '$note' }, { $unwind: '$note' }] },
        'limitExceeded',
      )
    })
  })

  it('an aggregation answers at most 10,000 documents however it multiplies them', async () => {
    const answer = await admin.db('registrations', 'aggregate', {
      pipeline: [
        { $addFields: { a: Array.from({ length: 1_000 }, (_, i) => i) } },
        { $unwind: '$a' },
        { $addFields: { b: [1, 2, 3, 4, 5, 6] } },
        { $unwind: '$b' },
      ],
    })
    expect(answer.status).toBe(200)
    expect((answer.body as unknown[]).length).toBe(10_000)
  })

  it('an aggregation that puts a document into itself is answered, never a 500', async () => {
    const answer = await admin.db('registrations', 'aggregate', {
      pipeline: [{ $match: { _id: 'r1' } }, { $set: { 'note.0': '$$ROOT' } }],
    })
    // MongoDB copies the document (mongo-java-server refuses the path: a 400); the embedded
    // store, whose engine would make a cycle, refuses it.
    expect(answer.status).toBeLessThan(500)
    if (kind === 'embedded') {
      expect([answer.status, errorOf(answer).code]).toEqual([400, 'aggregateTooLarge'])
    }
  })

  describe('identity fields only as plain scalars', () => {
    it('refuses a dotted username in an upsert query (it created an object username)', async () => {
      await refused(
        registrar,
        'registrations',
        'upsert',
        { query: { 'username.x': 'a' }, update: { $set: { note: 'n' } } },
        'identityField',
      )
    })

    it('refuses an object _id in an upsert query', async () => {
      await refused(
        registrar,
        'registrations',
        'upsert',
        { query: { _id: { $eq: { a: 1 } } }, update: { $set: { note: 'n' } } },
        'identityField',
      )
    })

    it('refuses a dotted or object username in an update and in a document', async () => {
      await refused(
        registrar,
        'registrations',
        'upsert',
        { query: { _id: 'r2' }, update: { $set: { 'username.x': 'a' } } },
        'identityField',
      )
      await refused(
        registrar,
        'registrations',
        'upsert',
        { query: { _id: 'r2' }, update: { $set: { username: { x: 'a' } } } },
        'identityField',
      )
      await refused(
        registrar,
        'registrations',
        'insert',
        { insert: { username: { x: 'a' }, year: 1 } },
        'identityField',
      )
      await refused(
        registrar,
        'registrations',
        'save',
        { _id: 'r9', username: { x: 'a' } },
        'identityField',
      )
    })
  })

  describe('no 500 for a wrong-typed operand', () => {
    it.each([
      ['$set of a string', { $set: 'x' }],
      ['$unset of a list', { $unset: ['status'] }],
      ['$set of null', { $set: null }],
    ])('users/upsert with %s is a 400', async (_name, update) => {
      await refused(
        admin,
        'users',
        'upsert',
        { query: { username: participant }, update },
        'invalidValue',
      )
    })

    it('a store error caused by the request is a 400', async () => {
      const answer = await admin.db('registrations', 'upsert', {
        query: { _id: 'r2' },
        update: { $set: { note: 'x' }, $unset: { note: '' } },
      })
      expect(answer.status).toBe(400)
    })
  })
})

describe('a MongoDB query past its time budget', () => {
  it('is answered 503 with a bilingual message, and a bad operand MongoDB refuses is a 400', () => {
    const timeout = storeRefusal(
      new MongoServerError({ message: 'operation exceeded time limit', code: 50 }),
    )
    const timedOut = toApiError(timeout)
    expect(timedOut.status).toBe(503)
    expect('code' in timedOut && timedOut.code).toBe('queryTimeout')
    const bad = toApiError(
      storeRefusal(
        new MongoServerError({ message: '$add only supports numeric types', code: 16554 }),
      ),
    )
    expect(bad.status).toBe(400)
    // A server in trouble stays a server error.
    expect(storeRefusal(new MongoServerError({ message: 'not primary', code: 10107 }))).toBeNull()
  })
})

describe('the embedded store bounds an aggregation by the documents between stages', () => {
  it('refuses a pipeline that would hold more than 100,000 documents, before making them all', async () => {
    const db = await openTestStore('embedded')
    try {
      await db.store.collection('registrations').insert([{ _id: 'a' }, { _id: 'b' }])
      const thousand = Array.from({ length: 1_000 }, (_, i) => i)
      const run = db.store
        .collection('registrations')
        .aggregate([
          { $addFields: { a: thousand, b: thousand } },
          { $unwind: '$a' },
          { $unwind: '$b' },
          { $count: 'n' },
        ])
      const error: unknown = await run.catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(StoreRefusal)
      expect(toApiError(error)).toMatchObject({ status: 400, code: 'aggregateTooLarge' })
      // Each stage doubles the tree the answer would be while memory stays small (shared
      // references); it is refused once the tree is past the bound, not when packing it.
      const doubling = Array.from({ length: 20 }, () => ({ $set: { x: ['$$ROOT', '$$ROOT'] } }))
      const shared: unknown = await db.store
        .collection('registrations')
        .aggregate(doubling)
        .catch((caught: unknown) => caught)
      expect(toApiError(shared)).toMatchObject({ status: 400, code: 'aggregateTooLarge' })
    } finally {
      await db.close()
    }
  })
})
