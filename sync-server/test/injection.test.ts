// NoSQL injection over HTTP on both stores: operators where a value belongs, server-side
// JavaScript, writing stages, joins into collections the caller may not read, and values that
// msgpack can smuggle in. Every attempt is a clear 4xx and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Packr } from 'msgpackr'
import {
  STORE_KINDS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type Browser,
  type OpenedStore,
  type TestServer,
} from './harness'

type Attempt = [name: string, collection: string, operation: string, payload: unknown, code: string]

const participant = userFor('participant').username
const WHERE = 'function () { return true }'

/** Attempts by an admin, who may read and write almost everything: the operators still stop them. */
const AS_ADMIN: Attempt[] = [
  [
    '$ne in a username',
    'users',
    'find',
    { query: { username: { $ne: null } } },
    'forbiddenOperator',
  ],
  [
    '$regex in a username',
    'users',
    'findOne',
    { query: { username: { $regex: '.' } } },
    'forbiddenOperator',
  ],
  [
    '$gt in a username in $or',
    'users',
    'find',
    { query: { $or: [{ username: { $gt: '' } }] } },
    'forbiddenOperator',
  ],
  ['an object as a username', 'users', 'find', { query: { username: { a: 1 } } }, 'invalidValue'],
  ['$where at the top', 'registrations', 'find', { query: { $where: WHERE } }, 'forbiddenOperator'],
  [
    '$where in $and',
    'registrations',
    'find',
    { query: { $and: [{ $where: WHERE }] } },
    'forbiddenOperator',
  ],
  [
    '$where in $elemMatch',
    'registrations',
    'find',
    { query: { note: { $elemMatch: { $where: WHERE } } } },
    'forbiddenOperator',
  ],
  [
    '$expr in a find query',
    'registrations',
    'find',
    { query: { $expr: { $eq: [1, 1] } } },
    'forbiddenOperator',
  ],
  [
    'a field operator in a path',
    'registrations',
    'find',
    { query: { 'note.$where': 1 } },
    'forbiddenOperator',
  ],
  [
    'a catastrophic regex',
    'registrations',
    'find',
    { query: { note: { $regex: '(a+)+$' } } },
    'unsafeRegex',
  ],
  [
    'a hash as a query field',
    'users',
    'find',
    { query: { passwordHash: { $regex: '^\\$argon' } } },
    'unknownField',
  ],
  [
    'a hash in a projection',
    'users',
    'find',
    { query: {}, opts: { projection: { passwordHash: 1 } } },
    'unknownField',
  ],
  [
    'a hash as a sort key',
    'users',
    'find',
    { query: {}, opts: { sort: { initialPassword: 1 } } },
    'unknownField',
  ],
  [
    '$function in $addFields',
    'registrations',
    'aggregate',
    { pipeline: [{ $addFields: { x: { $function: { body: WHERE, args: [], lang: 'js' } } } }] },
    'forbiddenOperator',
  ],
  [
    '$accumulator in $group',
    'registrations',
    'aggregate',
    { pipeline: [{ $group: { _id: null, x: { $accumulator: { init: WHERE } } } }] },
    'forbiddenOperator',
  ],
  [
    '$where in $match',
    'registrations',
    'aggregate',
    { pipeline: [{ $match: { $where: WHERE } }] },
    'forbiddenOperator',
  ],
  [
    '$lookup into users',
    'registrations',
    'aggregate',
    {
      pipeline: [
        { $lookup: { from: 'users', localField: 'username', foreignField: 'username', as: 'u' } },
      ],
    },
    'forbiddenOperator',
  ],
  [
    '$lookup into history',
    'registrations',
    'aggregate',
    {
      pipeline: [{ $lookup: { from: 'history', localField: '_id', foreignField: '_id', as: 'h' } }],
    },
    'forbiddenOperator',
  ],
  [
    '$lookup with a pipeline',
    'registrations',
    'aggregate',
    { pipeline: [{ $lookup: { from: 'registrations', pipeline: [], as: 'r' } }] },
    'forbiddenOperator',
  ],
  ['$out', 'registrations', 'aggregate', { pipeline: [{ $out: 'stolen' }] }, 'forbiddenOperator'],
  [
    '$merge',
    'registrations',
    'aggregate',
    { pipeline: [{ $merge: { into: 'users' } }] },
    'forbiddenOperator',
  ],
  [
    '$unionWith',
    'registrations',
    'aggregate',
    { pipeline: [{ $unionWith: 'users' }] },
    'forbiddenOperator',
  ],
  [
    '$rename',
    'registrations',
    'upsert',
    { query: { _id: 'r1' }, update: { $rename: { note: 'x' } } },
    'forbiddenOperator',
  ],
  [
    'a replacement document as update',
    'registrations',
    'upsert',
    { query: { _id: 'r1' }, update: { note: 'x' } },
    'invalidValue',
  ],
  [
    '$set of a hash',
    'users',
    'upsert',
    { query: { username: participant }, update: { $set: { passwordHash: 'x' } } },
    'readOnlyField',
  ],
  [
    '$set of roles by path',
    'users',
    'upsert',
    {
      query: { username: participant },
      update: { $set: { 'roles.0': 'admin', 'status.$where': 1 } },
    },
    'forbiddenOperator',
  ],
  [
    '$where in an upsert query',
    'registrations',
    'upsert',
    { query: { $where: WHERE }, update: { $set: { note: 'x' } } },
    'forbiddenOperator',
  ],
  [
    'an operator key in an inserted document',
    'registrations',
    'insert',
    { insert: { note: { $gt: '' } } },
    'forbiddenOperator',
  ],
  [
    'a $-key at the top of a document',
    'registrations',
    'insert',
    { insert: { $where: WHERE } },
    'forbiddenOperator',
  ],
  [
    'a secret field in an inserted user',
    'users',
    'insert',
    { insert: { username: 'h@x.si', status: 'active', passwordHash: '$argon2id$' } },
    'readOnlyField',
  ],
  [
    'a dotted key in a saved document',
    'registrations',
    'save',
    { _id: 'r1', note: { 'a.b': 1 } },
    'invalidValue',
  ],
  ['an operator as an _id', 'registrations', 'findById', { _id: { $ne: null } }, 'invalidValue'],
  [
    'an operator as a deleted _id',
    'registrations',
    'deleteOne',
    { _id: { $gt: '' } },
    'invalidValue',
  ],
  [
    'testHash on the password hash',
    'users',
    'testHash',
    { query: { username: participant }, field: 'passwordHash', unhashedValue: 'x' },
    'forbidden',
  ],
  [
    'testHash with $ne in the username',
    'users',
    'testHash',
    { query: { username: { $ne: null } }, field: 'initialPassword', unhashedValue: 'x' },
    'forbiddenOperator',
  ],
]

/** Attempts by a participant, whose rows are their own. */
const AS_PARTICIPANT: Attempt[] = [
  [
    '$ne in the owner field',
    'attendance',
    'find',
    { query: { participant: { $ne: null } } },
    'forbiddenOperator',
  ],
  [
    '$in in the owner field',
    'absences',
    'findOne',
    { query: { participant: { $in: ['a', 'b'] } } },
    'forbiddenOperator',
  ],
  [
    '$lookup from own rows into all attendance',
    'absences',
    'aggregate',
    {
      pipeline: [
        {
          $lookup: {
            from: 'attendance',
            localField: 'participant',
            foreignField: 'participant',
            as: 'a',
          },
        },
      ],
    },
    'forbiddenOperator',
  ],
  [
    '$lookup into users',
    'attendance',
    'aggregate',
    {
      pipeline: [
        {
          $lookup: { from: 'users', localField: 'participant', foreignField: 'username', as: 'u' },
        },
      ],
    },
    'forbiddenOperator',
  ],
  [
    '$out into attendance',
    'attendance',
    'aggregate',
    { pipeline: [{ $out: 'attendance' }] },
    'forbiddenOperator',
  ],
]

const errorOf = (body: unknown) =>
  (body as { error: { code: string; message: { sl: string; en: string } } }).error

describe.each(STORE_KINDS)('injection attempts on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  let admin: Browser
  let participantBrowser: Browser
  const watched = ['users', 'registrations', 'attendance', 'absences', 'history', 'stolen']

  beforeAll(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [userFor('admin'), userFor('participant'), userFor('presenceEditor')])
    await db.store
      .collection('registrations')
      .insert({ _id: 'r1', username: participant, note: 'aaaa' })
    server = await startServer({ store: db.store })
    admin = await server.as('admin')
    participantBrowser = await server.as('participant')
  })
  afterAll(async () => {
    await server.close()
    await db.close()
  })

  const state = async () => Promise.all(watched.map((name) => snapshot(db.store, name)))

  it.each([
    ...AS_ADMIN.map((attempt) => ['admin', ...attempt] as const),
    ...AS_PARTICIPANT.map((attempt) => ['participant', ...attempt] as const),
  ])('%s: %s is refused (%s/%s)', async (who, _name, collection, operation, payload, code) => {
    const before = await state()
    const browser = who === 'admin' ? admin : participantBrowser
    const answer = await browser.db(collection, operation, payload)
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expect(errorOf(answer.body).code).toBe(code)
    expect(errorOf(answer.body).message).toEqual({ sl: expect.any(String), en: expect.any(String) })
    expect(await state()).toEqual(before)
  })

  it('refuses values msgpack can smuggle in: RegExp, Set, typed arrays, BigInt', async () => {
    const structured = new Packr({ useRecords: false, moreTypes: true, structuredClone: true })
    for (const query of [
      { username: /./ },
      { username: new Set(['a']) },
      { note: new Uint16Array([1]) },
      { year: 2n ** 70n },
    ]) {
      const answer = await admin.db('users', 'find', undefined, {
        raw: structured.pack({ query }) as Uint8Array,
      })
      expect(answer.status).toBe(400)
      expect(errorOf(answer.body).code).toBe('invalidBody')
    }
  })

  it('the username of a login is never a query: operators there are a 400', async () => {
    const answer = await server
      .browser()
      .auth('login', { username: { $ne: null }, password: { $ne: null } })
    expect(answer.status).toBe(400)
    expect(answer.headers.getSetCookie()).toEqual([])
  })
})
