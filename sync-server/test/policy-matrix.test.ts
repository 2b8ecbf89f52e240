// The role × collection × operation matrix, table-driven from the policy itself: for every
// caller (each role, and a visitor), every collection (the product's, the internal ones and an
// unknown one) and every operation, the server answers exactly what `decide` says, and a refused
// call leaves the collection as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decide, INTERNAL_COLLECTIONS, POLICY } from '@lfit/domain/access/policy'
import { ROLES, type Role } from '@lfit/domain/access/roles'
import { DB_OPERATIONS, type DbOperation } from '@lfit/domain/api/calls'
import { SYNC_PROTOCOL_VERSION } from '@lfit/domain/sync/protocol'
import {
  ROLE_USERS,
  SIGNUPS_OPEN,
  STORE_KINDS,
  TestClock,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type Browser,
  type OpenedStore,
  type TestServer,
} from './harness'

const COLLECTIONS = [...Object.keys(POLICY), ...INTERNAL_COLLECTIONS, 'secrets']
const TARGET = { username: 'target@test.lfit', roles: ['participant' as const] }

/** A valid new document per collection, so that an allowed insert or save succeeds. */
const DOCUMENTS: Record<string, Record<string, unknown>> = {
  users: { status: 'active', firstName: 'M' },
  registrations: { year: 1, note: 'matrix' },
  eventSignups: { name: 'M', email: 'm@x.si', phone: '38641000000', dayId: 'lfit_20261116' },
  reservations: { name: 'M', email: 'm@x.si', phone: '38641000000', dayId: 'lfit_20261116' },
  makeups: { missedDayId: 'lfit_20261116', makeupDayId: 'lfit_20261201' },
  analytics: { type: 'pageview', path: '/' },
}

/** A field each collection's writers may `$set`. */
const SETTABLE: Record<string, [string, unknown]> = {
  users: ['lastName', 'Matrix'],
  registrations: ['note', 'updated'],
  eventSignups: ['name', 'N'],
  reservations: ['message', 'hello'],
  makeups: ['status', 'approved'],
}

let counter = 0
const unique = (prefix: string) => `${prefix}${++counter}`

function payloadFor(collection: string, operation: DbOperation): unknown {
  const doc = DOCUMENTS[collection] ?? { field: 'value' }
  const withName = collection === 'users' ? { ...doc, username: `${unique('m')}@test.lfit` } : doc
  switch (operation) {
    case 'find':
      return { query: {} }
    case 'findOne':
      return { query: {} }
    case 'findById':
      return { _id: 'matrix-missing' }
    case 'aggregate':
      return { pipeline: [{ $match: {} }, { $limit: 5 }] }
    case 'insert':
      return { insert: withName }
    case 'save':
      return { _id: unique('save-'), ...withName }
    case 'upsert': {
      const [field, value] = SETTABLE[collection] ?? ['field', 'value']
      // Users are only ever updated; other collections create the document.
      const query = collection === 'users' ? { username: TARGET.username } : { _id: unique('up-') }
      return { query, update: { $set: { [field]: value } } }
    }
    case 'deleteOne':
      return { _id: 'matrix-missing' }
    case 'testHash':
      return { query: { username: TARGET.username }, field: 'initialPassword', unhashedValue: 'x' }
    case 'upsertBatch':
      return { v: SYNC_PROTOCOL_VERSION, batch: [] }
    case 'pull':
      return { v: SYNC_PROTOCOL_VERSION, cursor: null }
  }
}

const REFUSED_STATUS = {
  unknownCollection: 404,
  internalCollection: 403,
  unknownOperation: 404,
  notLoggedIn: 401,
  forbidden: 403,
} as const

type Caller = Role | 'visitor'
const CALLERS: Caller[] = ['visitor', ...ROLES]

describe.each(STORE_KINDS)('the access matrix on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  const browsers = new Map<Caller, Browser>()

  beforeAll(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [...ROLE_USERS, TARGET])
    // A document in every collection, internal ones included, so "nothing changed" means something.
    for (const collection of COLLECTIONS.filter((name) => name !== 'users')) {
      await db.store.collection(collection).insert({ _id: 'seeded', participant: TARGET.username })
    }
    server = await startServer({
      store: db.store,
      // The matrix makes many testHash calls; the limits have their own tests.
      config: { rateLimit: { windowMs: 60_000, perIp: 10_000, perUsername: 10_000 } },
      // A visitor's sign-up is for a day of the last block, which must not have passed.
      clock: new TestClock(SIGNUPS_OPEN),
    })
    browsers.set('visitor', server.browser())
    for (const role of ROLES) browsers.set(role, await server.as(role))
  })
  afterAll(async () => {
    await server.close()
    await db.close()
  })

  it.each(COLLECTIONS)(
    '%s: every caller × operation answered as the policy decides',
    async (collection) => {
      const mismatches: string[] = []
      const cells = CALLERS.flatMap((caller) =>
        DB_OPERATIONS.map((operation) => ({ caller, operation })),
      )
      const decisionOf = (caller: Caller, operation: DbOperation) =>
        decide(collection, operation, caller === 'visitor' ? null : { ...userFor(caller) })

      // Refused calls first, all of them, around one snapshot: none may change anything.
      const before = await snapshot(db.store, collection)
      for (const { caller, operation } of cells) {
        const decision = decisionOf(caller, operation)
        if (decision.allowed) continue
        const answer = await browsers
          .get(caller)!
          .db(collection, operation, payloadFor(collection, operation))
        const expected = REFUSED_STATUS[decision.reason]
        if (answer.status !== expected) {
          mismatches.push(
            `${caller} ${operation}: ${answer.status}, expected ${expected} (${decision.reason})`,
          )
        }
      }
      expect(await snapshot(db.store, collection)).toEqual(before)

      for (const { caller, operation } of cells) {
        if (!decisionOf(caller, operation).allowed) continue
        const answer = await browsers
          .get(caller)!
          .db(collection, operation, payloadFor(collection, operation))
        if (answer.status !== 200) {
          mismatches.push(
            `${caller} ${operation}: ${answer.status} ${JSON.stringify(answer.body)}, expected 200`,
          )
        }
      }
      expect(mismatches).toEqual([])
    },
  )

  it('the matrix grants what the spec needs and refuses the rest (spot checks)', () => {
    const may = (caller: Caller, collection: string, operation: DbOperation) =>
      decide(collection, operation, caller === 'visitor' ? null : userFor(caller)).allowed
    expect(may('visitor', 'analytics', 'insert')).toBe(true)
    expect(may('visitor', 'eventSignups', 'insert')).toBe(false)
    expect(may('regEditor', 'eventSignups', 'find')).toBe(true)
    expect(may('participant', 'deletionRequests', 'find')).toBe(true)
    expect(may('regEditor', 'deletionRequests', 'save')).toBe(false)
    expect(may('visitor', 'users', 'find')).toBe(false)
    expect(may('admin', 'users', 'insert')).toBe(true)
    expect(may('regEditor', 'users', 'insert')).toBe(false)
    expect(may('presenceEditor', 'attendance', 'upsertBatch')).toBe(true)
    expect(may('admin', 'attendance', 'insert')).toBe(false)
    expect(may('admin', 'history', 'find')).toBe(false)
    expect(may('participant', 'makeups', 'insert')).toBe(true)
    expect(may('mediaEditor', 'attendance', 'find')).toBe(false)
  })
})
