// Sync over HTTP with msgpack against the real app, on both stores: upsertBatch and pull as the
// devices call them, including two app instances with their own connections on one MongoDB.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import type { Mutation, PullResponse, PushResponse } from '@lfit/domain/sync/protocol'
import { SYNCED } from '@lfit/domain/sync/registry'
import { openStore } from '../src/store/open'
import type { Store } from '../src/store/port'
import {
  ROLE_USERS,
  START,
  STORE_KINDS,
  openTestStore,
  seedUsers,
  startServer,
  userFor,
  type Browser,
  type OpenedStore,
  type TestServer,
} from './harness'

const DAY = 'lfit_20261116'
const EDITOR = userFor('presenceEditor').username
const ADMIN = userFor('admin').username
const PARTICIPANT = userFor('participant').username

function mark(participant: string, fields: Record<string, unknown>, device: string, wall = START) {
  return {
    id: `m-${randomUUID()}`,
    collection: 'attendance',
    recordId: `${DAY}:${participant}`,
    hlc: encodeHlc({ wall, counter: 0, node: device }),
    deviceId: device,
    fields,
  } satisfies Mutation
}

async function push(browser: Browser, batch: unknown[]) {
  const answer = await browser.db('attendance', 'upsertBatch', { v: 1, batch })
  expect(answer.status).toBe(200)
  return (answer.body as PushResponse).results
}

async function pullPage(browser: Browser, cursor: string | null) {
  const answer = await browser.db('attendance', 'pull', { v: 1, cursor })
  expect(answer.status).toBe(200)
  return answer.body as PullResponse
}

type Row = PullResponse['changes']['attendance'][number]

/** Pulls into `view` until the server says there is nothing more; answers the last cursor. */
async function pullInto(browser: Browser, cursor: string | null, view: Map<string, Row>) {
  for (;;) {
    const page = await pullPage(browser, cursor)
    if (page.reset) view.clear()
    for (const record of page.changes.attendance) view.set(record._id, record)
    cursor = page.cursor
    if (!page.more) return cursor
  }
}

async function current(store: Store): Promise<Map<string, Row>> {
  const docs = await store.collection('attendance').find({})
  return new Map(docs.map(({ rev: _rev, ...doc }) => [doc._id as string, doc as unknown as Row]))
}

describe.each(STORE_KINDS)('sync over HTTP on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, ROLE_USERS)
    server = await startServer({ store: db.store })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it('applies a batch sent twice once, and answers both times alike', async () => {
    const editor = await server.as('presenceEditor')
    const batch = [
      mark('a@test.lfit', { mark: 'present' }, 'tab-1'),
      mark('b@test.lfit', { mark: 'late' }, 'tab-1'),
    ]
    const first = await push(editor, batch)
    expect(first.map((r) => r.status)).toEqual(['applied', 'applied'])
    const records = await current(db.store)
    expect(await push(editor, batch)).toEqual(first)
    expect(await current(db.store)).toEqual(records)
    expect(await db.store.collection('history').count({})).toBe(2)
  })

  it.each([false, true])(
    'two devices’ conflicting batches converge in either order (late first: %s)',
    async (lateFirst) => {
      const [editor, admin] = [await server.as('presenceEditor'), await server.as('admin')]
      const early = mark('a@test.lfit', { mark: 'present' }, 'tab-1', START)
      const late = mark('a@test.lfit', { mark: 'absent' }, 'tab-2', START + 1)
      const sends: [Browser, Mutation][] = [
        [editor, early],
        [admin, late],
      ]
      if (lateFirst) sends.reverse()
      const answers = new Map<string, unknown>()
      for (const [browser, edit] of sends) answers.set(edit.id, (await push(browser, [edit]))[0])
      const record = (await current(db.store)).get(`${DAY}:a@test.lfit`)
      expect(record).toMatchObject({
        mark: 'absent',
        stamps: { mark: { hlc: late.hlc, user: ADMIN, deviceId: 'tab-2' } },
      })
      expect(answers.get(late.id)).toEqual({ id: late.id, status: 'applied' })
      expect(answers.get(early.id)).toEqual(
        lateFirst
          ? {
              id: early.id,
              status: 'superseded',
              by: { hlc: late.hlc, user: ADMIN, deviceId: 'tab-2' },
            }
          : { id: early.id, status: 'applied' },
      )
      expect(await db.store.collection('history').findById(early.id)).toMatchObject({
        user: EDITOR,
      })
    },
  )

  it('rejects bad and forbidden items with reasons while the rest apply', async () => {
    const editor = await server.as('presenceEditor')
    const good = mark('a@test.lfit', { mark: 'present' }, 'tab-1')
    const results = await push(editor, [
      { nonsense: true },
      mark('a@test.lfit', { mark: 'maybe' }, 'tab-1'),
      // No such date (a day off the calendar is kept with a notice, test/calendar.test.ts).
      { ...mark('a@test.lfit', { mark: 'late' }, 'tab-1'), recordId: 'lfit_20200230:a@test.lfit' },
      good,
    ])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'applied'])
    for (const result of results.slice(0, 3)) {
      expect(result).toMatchObject({
        permanent: true,
        reason: { message: { sl: expect.any(String), en: expect.any(String) } },
      })
    }
    const participant = await server.as('participant')
    const [own] = await push(participant, [mark(PARTICIPANT, { mark: 'present' }, 'phone')])
    expect(own).toMatchObject({ status: 'rejected', reason: { code: 'forbidden' } })
  })

  it.each([
    ['a push without a version', 'upsertBatch', { batch: [] }],
    ['a push of another version', 'upsertBatch', { v: 2, batch: [] }],
    ['a pull without a version', 'pull', { cursor: null }],
    ['a pull of an older version', 'pull', { v: 0, cursor: null }],
  ] as const)(
    '%s is told to update the app (426), not that it is invalid',
    async (_l, op, body) => {
      const editor = await server.as('presenceEditor')
      const before = await db.store.collection('history').count({})
      const answer = await editor.db('attendance', op, body)
      expect(answer.status).toBe(426)
      expect(answer.body).toEqual({
        v: 1,
        error: {
          code: 'updateRequired',
          message: { sl: expect.stringMatching(/različica/), en: expect.stringMatching(/version/) },
        },
      })
      expect(await db.store.collection('history').count({})).toBe(before)
    },
  )

  it('a request of this version that is not the protocol’s is refused as invalid', async () => {
    const editor = await server.as('presenceEditor')
    const push = await editor.db('attendance', 'upsertBatch', { v: 1, batch: 'nope' })
    expect(push.status).toBe(400)
    expect(push.body).toMatchObject({
      error: { code: 'invalidPush', message: { sl: expect.any(String), en: expect.any(String) } },
    })
    const pull = await editor.db('attendance', 'pull', { v: 1, cursor: 42 })
    expect(pull).toMatchObject({ status: 400, body: { error: { code: 'invalidPull' } } })
  })

  it('gives a participant only their own records', async () => {
    const editor = await server.as('presenceEditor')
    await push(editor, [
      mark(PARTICIPANT, { mark: 'present' }, 'tab-1'),
      mark('other@test.lfit', { mark: 'absent' }, 'tab-1'),
    ])
    const participant = await server.as('participant')
    const view = new Map<string, Row>()
    const cursor = await pullInto(participant, null, view)
    expect([...view.keys()]).toEqual([`${DAY}:${PARTICIPANT}`])
    await push(editor, [
      mark('other@test.lfit', { note: 'x' }, 'tab-1', START + 1),
      mark(PARTICIPANT, { note: 'y' }, 'tab-1', START + 1),
    ])
    const next = await pullPage(participant, cursor)
    expect(next.changes.attendance.map((r) => r._id)).toEqual([`${DAY}:${PARTICIPANT}`])
  })

  it('answers every record as stored now, also one changed since it was last pulled', async () => {
    const editor = await server.as('presenceEditor')
    await push(editor, [
      mark('a@test.lfit', { mark: 'present' }, 'tab-1'),
      mark('b@test.lfit', { mark: 'late' }, 'tab-1'),
    ])
    const first = await pullPage(editor, null)
    expect(first).toMatchObject({ v: 1, more: false, reset: true, cursor: expect.any(String) })
    expect(Object.keys(first.changes).sort()).toEqual(Object.keys(SYNCED).sort())
    const asStored = async () => [...(await current(db.store)).values()]
    expect(first.changes.attendance).toEqual(await asStored())
    await push(editor, [mark('a@test.lfit', { mark: 'absent', note: 'bus' }, 'tab-2', START + 1)])
    // A new device's snapshot after the edit: the changed record as it is now, the other as before.
    const again = await pullPage(editor, null)
    expect(again.changes.attendance).toEqual(await asStored())
    expect(again.changes.attendance[0]).toMatchObject({ mark: 'absent', note: 'bus' })
    expect(again.changes.attendance[1]).toEqual(first.changes.attendance[1])
    const since = await pullPage(editor, first.cursor)
    expect(since.changes.attendance).toEqual([again.changes.attendance[0]])
  })

  it('a pull during concurrent pushes misses nothing', async () => {
    const pushers = await Promise.all([
      server.as('presenceEditor'),
      server.as('admin'),
      server.as('presenceEditor'),
    ])
    const reader = await server.as('presenceEditor')
    const people = Array.from({ length: 8 }, (_, i) => `p${i}@test.lfit`)
    let pushing = true
    const done = Promise.all(
      pushers.map(async (browser, device) => {
        for (let round = 0; round < 6; round++) {
          const batch = people.map((person, i) =>
            mark(
              person,
              { mark: (round + i + device) % 2 ? 'present' : 'late' },
              `tab-${device}`,
              START + round * 10 + i,
            ),
          )
          await push(browser, batch)
        }
      }),
    ).finally(() => (pushing = false))
    const view = new Map<string, Row>()
    let cursor: string | null = null
    while (pushing) cursor = await pullInto(reader, cursor, view)
    await done
    await pullInto(reader, cursor, view)
    expect(view).toEqual(await current(db.store))
    expect(view.size).toBe(people.length)
  })
})

describe('two app instances, each with its own connection, on one MongoDB', () => {
  let db: OpenedStore
  let second: Store
  let servers: TestServer[]
  let dataDir: string
  beforeEach(async () => {
    db = await openTestStore('mongodb')
    dataDir = mkdtempSync(join(tmpdir(), 'lfit-two-'))
    second = await openStore({ mongodbUri: inject('mongoUri'), dataDir, dbName: db.dbName })
    await seedUsers(db.store, ROLE_USERS)
    servers = [await startServer({ store: db.store }), await startServer({ store: second })]
  })
  afterEach(async () => {
    for (const server of servers) await server.close()
    await second.close()
    await db.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('keep idempotency and complete pulls across instances', async () => {
    const [one, two] = [await servers[0]!.as('presenceEditor'), await servers[1]!.as('admin')]
    const people = Array.from({ length: 10 }, (_, i) => `p${i}@test.lfit`)
    const batches = Array.from({ length: 6 }, (_, round) =>
      people.map((person, i) =>
        mark(
          person,
          { mark: (round + i) % 3 ? 'present' : 'absent', note: `r${round}` },
          'tab-x',
          START + round * 100 + i,
        ),
      ),
    )
    const reader = await servers[1]!.as('presenceEditor')
    let pushing = true
    // Every batch goes to both instances at once: a retry that landed on the other server.
    const done = Promise.all(
      batches.map(async (batch) => {
        const [a, b] = await Promise.all([push(one, batch), push(two, batch)])
        return [a, b]
      }),
    ).finally(() => (pushing = false))
    const view = new Map<string, Row>()
    let cursor: string | null = null
    while (pushing) cursor = await pullInto(reader, cursor, view)
    await done
    await pullInto(reader, cursor, view)

    const all = batches.flat()
    expect(await db.store.collection('history').count({})).toBe(all.length)
    const final = await current(db.store)
    expect(view).toEqual(final)
    // Each record holds its latest edit, whichever instance wrote it.
    for (const person of people) {
      const latest = all.filter((m) => m.recordId === `${DAY}:${person}`).at(-1)!
      expect(final.get(latest.recordId)).toMatchObject(latest.fields)
    }
  })
})
