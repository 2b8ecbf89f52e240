// The at-risk / over-the-limit e-mail on both stores (docs/product-rules.md#make-ups-and-attendance-rules):
// synced absences that bring a participant to a limit mail them and every registration editor
// exactly once, however often the same edits arrive and whatever later syncs bring; a worse
// standing, or one reached through lower limits, is a new crossing and mailed again. The mails
// are delivered through the file transport, as .eml files, like every other mail test.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Role } from '@lfit/domain/access/roles'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import type { Mutation, PushResponse } from '@lfit/domain/sync/protocol'
import { memoryLog } from '../src/http/log'
import { MAIL_OUTBOX } from '../src/mail/outbox'
import { fileTransport } from '../src/mail/transports'
import { MailWorker } from '../src/mail/worker'
import { ENROLMENTS, enrolDirectly } from '../src/people/enrolments'
import type { Query, Store } from '../src/store/port'
import {
  START,
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

const PARTICIPANT = userFor('participant').username
const REG_EDITOR = userFor('regEditor').username
const FULL_REG_EDITOR = userFor('fullRegEditor').username
/** Study days of programme year 4 (segment 10), all before the test clock's today. */
const DAYS = ['lfit_20260209', 'lfit_20260210', 'lfit_20260211', 'lfit_20260212', 'lfit_20260213']
const DAY_STRS = ['2026-02-09', '2026-02-10', '2026-02-11', '2026-02-12', '2026-02-13']
const LATER_DAYS = ['lfit_20260309', 'lfit_20260310']

let counter = 0
function edit(collection: string, recordId: string, fields: Record<string, unknown>): Mutation {
  counter += 1
  return {
    id: `e-${randomUUID()}`,
    collection: collection as Mutation['collection'],
    recordId,
    hlc: encodeHlc({ wall: START, counter, node: 'tablet-1' }),
    deviceId: 'tablet-1',
    fields,
  }
}
const absentOn = (dayId: string) =>
  edit('attendance', `${dayId}:${PARTICIPANT}`, { mark: 'absent' })

describe.each(STORE_KINDS)('the standing e-mail on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  let tablet: Browser
  let dir: string

  beforeEach(async () => {
    db = await openTestStore(kind)
    const roles: Role[] = ['admin', 'presenceEditor', 'regEditor', 'fullRegEditor', 'participant']
    await seedUsers(db.store, roles.map(userFor))
    await enrolDirectly(db.store, {
      person: PARTICIPANT,
      year: 4,
      by: userFor('admin').username,
      at: new Date(START).toISOString(),
    })
    server = await startServer({ store: db.store })
    tablet = await server.as('presenceEditor')
    dir = mkdtempSync(join(tmpdir(), 'lfit-alerts-'))
  })
  afterEach(async () => {
    await server.close()
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  })

  async function push(collection: string, batch: Mutation[]) {
    const answer = await tablet.db(collection, 'upsertBatch', { v: 1, batch })
    expect(answer.status).toBe(200)
    const results = (answer.body as PushResponse).results
    expect(results.map((r) => r.status)).toEqual(batch.map(() => 'applied'))
  }
  const mails = () => snapshot(db.store, MAIL_OUTBOX)
  /** Delivers the outbox as .eml files; answers the recipients of the files written. */
  async function deliver(): Promise<string[]> {
    const worker = new MailWorker({
      store: async () => db.store,
      clock: server.clock.read,
      transport: fileTransport(dir, 'LFIT <lfit@studio.example>'),
      log: memoryLog(),
    })
    await worker.deliverDue()
    return readdirSync(dir)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => /^To: (.+)$/m.exec(readFileSync(join(dir, name), 'utf8'))?.[1]?.trim() ?? '')
      .toSorted()
  }

  it('reaching the limit mails the participant and each registration editor once, however often it syncs', async () => {
    // Three absent marks and an absence reported for the fourth day: 4 of at most 5, at risk.
    const marks = DAYS.slice(0, 3).map(absentOn)
    const absence = edit('absences', `abs-${randomUUID()}`, {
      participant: PARTICIPANT,
      fromDay: DAY_STRS[3],
      toDay: DAY_STRS[3],
      reason: 'ill',
    })
    await push('attendance', marks)
    expect(await mails()).toEqual([])
    await push('absences', [absence])
    const first = await mails()
    expect(first.map((m) => [m.to, m.kind]).toSorted()).toEqual([
      [FULL_REG_EDITOR, 'makeupAtRiskStaff'],
      [PARTICIPANT, 'makeupAtRisk'],
      [REG_EDITOR, 'makeupAtRiskStaff'],
    ])
    const own = first.find((m) => m.to === PARTICIPANT)
    expect(own?.text).toContain('4 učne dneve v 4. letniku')
    expect(own?.text).toContain('največ 5')

    // The same edits delivered again, and a later sync that marks the same days again.
    await push('attendance', marks)
    await push('absences', [absence])
    await push('attendance', DAYS.slice(0, 3).map(absentOn))
    expect(await mails()).toHaveLength(3)
    expect(await deliver()).toEqual([FULL_REG_EDITOR, PARTICIPANT, REG_EDITOR].toSorted())

    // Two more missed days: 6 of at most 5 is over the limit, a new crossing.
    await push('attendance', [absentOn(DAYS[4] as string), absentOn(LATER_DAYS[0] as string)])
    const next = (await mails()).filter((m) => String(m.kind).startsWith('makeupOverLimit'))
    expect(next.map((m) => [m.to, m.kind]).toSorted()).toEqual([
      [FULL_REG_EDITOR, 'makeupOverLimitStaff'],
      [PARTICIPANT, 'makeupOverLimit'],
      [REG_EDITOR, 'makeupOverLimitStaff'],
    ])
    await push('attendance', [absentOn(LATER_DAYS[1] as string)])
    expect(await mails()).toHaveLength(6)
    expect(await deliver()).toHaveLength(6)
  })

  it('one push that brings several participants to the limit mails each of them once', async () => {
    // The claims of one check are stored together (docs/0021): each crossing is still mailed
    // exactly once, and a participant still on track is not announced at all.
    const others = ['second', 'third', 'fourth'].map((name) => `${name}@test.lfit`)
    await seedUsers(
      db.store,
      others.map((username) => ({ username, roles: ['participant' as const] })),
    )
    for (const person of others) {
      await enrolDirectly(db.store, {
        person,
        year: 4,
        by: userFor('admin').username,
        at: new Date(START).toISOString(),
      })
    }
    const missing = (person: string, days: readonly string[]) =>
      days.map((day) => edit('attendance', `${day}:${person}`, { mark: 'absent' }))
    const batch = [
      ...DAYS.slice(0, 4).map(absentOn),
      ...missing(others[0] as string, DAYS.slice(0, 4)),
      ...missing(others[1] as string, [...DAYS, ...LATER_DAYS]),
      ...missing(others[2] as string, DAYS.slice(0, 1)),
    ]
    await push('attendance', batch)
    const told = (await mails()).map((m) => `${m.to} ${m.kind}`).toSorted()
    const staff = (kind: string) => [`${FULL_REG_EDITOR} ${kind}`, `${REG_EDITOR} ${kind}`]
    expect(told).toEqual(
      [
        `${PARTICIPANT} makeupAtRisk`,
        ...staff('makeupAtRiskStaff'),
        `${others[0]} makeupAtRisk`,
        ...staff('makeupAtRiskStaff'),
        `${others[1]} makeupOverLimit`,
        ...staff('makeupOverLimitStaff'),
      ].toSorted(),
    )
    const announced = await snapshot(db.store, 'makeupAlerts')
    expect(announced.map((doc) => doc._id).toSorted()).toEqual(
      [PARTICIPANT, others[0], others[1]].toSorted(),
    )

    // The same batch again, and new edits that change no standing: nobody is mailed again.
    await push('attendance', batch)
    await push('attendance', missing(others[2] as string, DAYS.slice(1, 2)))
    expect(await mails()).toHaveLength(told.length)
  })

  it('lower limits that bring a participant to the limit are a new crossing, mailed once', async () => {
    await push('attendance', DAYS.slice(0, 2).map(absentOn))
    expect(await mails()).toEqual([])
    const admin = await server.as('admin')
    expect(
      (await admin.post('/api/makeups/changeThresholds', { perYear: 3, overall: 8 })).status,
    ).toBe(200)
    const told = await mails()
    expect(told.map((m) => m.to).toSorted()).toEqual(
      [FULL_REG_EDITOR, PARTICIPANT, REG_EDITOR].toSorted(),
    )
    expect(told.find((m) => m.to === REG_EDITOR)?.text).toContain(PARTICIPANT)
    await push('attendance', DAYS.slice(0, 2).map(absentOn))
    await admin.post('/api/makeups/changeThresholds', { perYear: 3, overall: 9 })
    expect(await mails()).toHaveLength(3)
  })

  it('a push checks the standing of the participants it changed; a retry that changes nothing checks none', async () => {
    // The server's store, counting the reads every standing check starts with (enrolments).
    let checks = 0
    const counting = readsCounted(db.store, ENROLMENTS, () => (checks += 1))
    await server.close()
    server = await startServer({ store: counting })
    tablet = await server.as('presenceEditor')

    const marks = DAYS.slice(0, 4).map(absentOn)
    await push('attendance', marks)
    expect(checks).toBeGreaterThan(0)
    expect((await mails()).map((m) => m.to).toSorted()).toEqual(
      [FULL_REG_EDITOR, PARTICIPANT, REG_EDITOR].toSorted(),
    )

    // The same batch again (a device that lost the answer): answered from history, nothing
    // changed, so no standing is read and nobody is mailed again.
    checks = 0
    await push('attendance', marks)
    expect(checks).toBe(0)
    expect(await mails()).toHaveLength(3)

    // A new edit of the same participant is checked again.
    await push('attendance', [absentOn(DAYS[4] as string)])
    expect(checks).toBeGreaterThan(0)
  })
})

describe('the standing claims of a push', () => {
  it('are stored with their mails in the push transaction itself, so a crossing costs no second commit and no crash parts them', async () => {
    const db = await openTestStore('embedded')
    try {
      const roles: Role[] = ['admin', 'presenceEditor', 'regEditor', 'participant']
      await seedUsers(db.store, roles.map(userFor))
      await enrolDirectly(db.store, {
        person: PARTICIPANT,
        year: 4,
        by: userFor('admin').username,
        at: new Date(START).toISOString(),
      })
      // Each transaction the server's store runs, as the collections it wrote.
      const transactions: string[][] = []
      const real = db.store.transaction?.bind(db.store)
      if (!real) throw new Error('the embedded store has transactions')
      const transaction = <T>(work: (tx: Store) => Promise<T>) =>
        real((tx) => {
          const written = new Set<string>()
          transactions.push([])
          return work(writesNoted(tx, (name) => written.add(name))).finally(() =>
            transactions.splice(-1, 1, [...written].toSorted()),
          )
        })
      const watched = new Proxy(db.store, {
        get(of, key) {
          if (key === 'transaction') return transaction
          const value = Reflect.get(of, key, of) as unknown
          return typeof value === 'function' ? value.bind(of) : value
        },
      })
      const server = await startServer({ store: watched })
      try {
        const tablet = await server.as('presenceEditor')
        const answer = await tablet.db('attendance', 'upsertBatch', {
          v: 1,
          batch: DAYS.slice(0, 4).map(absentOn),
        })
        expect(answer.status).toBe(200)
        expect(transactions).toEqual([
          ['attendance', 'changes', 'history', MAIL_OUTBOX, 'makeupAlerts'].toSorted(),
        ])
        expect((await snapshot(db.store, MAIL_OUTBOX)).map((m) => m.to).toSorted()).toEqual(
          [PARTICIPANT, REG_EDITOR].toSorted(),
        )
      } finally {
        await server.close()
      }
    } finally {
      await db.close()
    }
  })
})

/** The store, telling `wrote` the name of each collection an insert or update goes to. */
function writesNoted(store: Store, wrote: (collection: string) => void): Store {
  const writes = new Set(['insert', 'upsert', 'bulkUpsert', 'findOneAndUpdate', 'save'])
  return new Proxy(store, {
    get(of, key) {
      if (key !== 'collection') {
        const value = Reflect.get(of, key, of) as unknown
        return typeof value === 'function' ? value.bind(of) : value
      }
      return (name: string) =>
        new Proxy(of.collection(name), {
          get(collection, method) {
            const value = Reflect.get(collection, method, collection) as unknown
            if (typeof value !== 'function') return value
            if (typeof method === 'string' && writes.has(method)) wrote(name)
            return value.bind(collection)
          },
        })
    },
  })
}

/**
 * The store, calling `counted` on every find in `collection`, also inside a transaction (the
 * standing check of a push runs in the push's, docs/0021); everything else as it is.
 */
function readsCounted(store: Store, collection: string, counted: () => void): Store {
  const bound = <T extends object>(
    target: T,
    wrap: (key: PropertyKey, value: unknown) => unknown,
  ) =>
    new Proxy(target, {
      get(of, key) {
        const value = Reflect.get(of, key, of) as unknown
        return wrap(key, typeof value === 'function' ? value.bind(of) : value)
      },
    })
  const transaction = store.transaction?.bind(store)
  return bound(store, (key, value) =>
    key === 'transaction' && transaction
      ? <T>(work: (tx: Store) => Promise<T>) =>
          transaction((tx) => work(readsCounted(tx, collection, counted)))
      : key === 'collection'
        ? (name: string) => {
            const found = store.collection(name)
            if (name !== collection) return found
            return bound(found, (inner, method) =>
              inner === 'find'
                ? (...args: unknown[]) => (counted(), found.find(...(args as [Query])))
                : method,
            )
          }
        : value,
  )
}
