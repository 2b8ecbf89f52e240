// The sync client and the real server against a model: random edits on several offline devices,
// lost requests, lost answers, duplicated and reordered deliveries, server restarts. After
// everyone syncs, every device and the server equal the model, and no edit is missing from the
// server's history. The devices run the real engine on Dexie (fake-indexeddb in Node); the server
// is the real push/pull code on the real embedded store in a temp dir.
import 'fake-indexeddb/auto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import type { AttendanceRecord } from '@lfit/domain/records/attendance'
import { SYNC_PROTOCOL_VERSION } from '@lfit/domain/sync/protocol'
import { LocalDatabase } from '../../web/src/offline/database'
import { recordEdit } from '../../web/src/offline/outbox'
import { attendanceOfDay } from '../../web/src/offline/local-view'
import { createSyncEngine, type SyncEngine } from '../../web/src/offline/sync-engine'
import { TransportError, type SyncTransport } from '../../web/src/offline/transport'
import { openStore } from '../../sync-server/src/store/open'
import type { Store } from '../../sync-server/src/store/port'
import { pushBatch } from '../../sync-server/src/sync/push'
import { pull } from '../../sync-server/src/sync/pull'

const DAY = 'lfit_20261116'
const PARTICIPANTS = ['ana@demo.test', 'bor@demo.test', 'cene@demo.test']
const MARKS = ['present', 'absent', 'late', 'excused', null] as const
const EDITOR = {
  _id: 'presenceEditor@demo.test',
  username: 'presenceEditor@demo.test',
  roles: ['presenceEditor'],
  status: 'active',
  firstName: 'Presence',
  lastName: 'Editor',
} as const

type Fault = 'none' | 'lostRequest' | 'lostAnswer' | 'duplicate'

/** The server side: a real store that can be restarted (closed and reopened from disk). */
class ServerUnderTest {
  store!: Store
  constructor(readonly dir: string) {}
  async start() {
    this.store = await openStore({ dataDir: this.dir, dbName: 'model' })
  }
  async restart() {
    await this.store.close()
    await this.start()
  }
}

function transport(
  server: ServerUnderTest,
  clock: () => number,
  faults: () => Fault,
  user: { username: string; roles: readonly string[] } = EDITOR,
): SyncTransport {
  const ctx = () => ({ store: server.store, user: user as never, now: clock() })
  return {
    async push(collection, { batch }) {
      const fault = faults()
      if (fault === 'lostRequest') throw new TransportError({ kind: 'offline' })
      const results = await pushBatch(ctx(), collection, batch)
      if (fault === 'duplicate') {
        return { v: SYNC_PROTOCOL_VERSION, results: await pushBatch(ctx(), collection, batch) }
      }
      if (fault === 'lostAnswer') throw new TransportError({ kind: 'offline' })
      return { v: SYNC_PROTOCOL_VERSION, results }
    },
    async pull(request) {
      if (faults() === 'lostRequest') throw new TransportError({ kind: 'offline' })
      return pull(ctx(), request)
    },
    async participants() {
      return undefined
    },
  }
}

const step = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    device: fc.nat({ max: 2 }),
    participant: fc.constantFrom(...PARTICIPANTS),
    mark: fc.constantFrom(...MARKS),
    note: fc.option(fc.constantFrom('bus', 'knee', ''), { nil: undefined }),
    advance: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('sync' as const),
    device: fc.nat({ max: 2 }),
    fault: fc.constantFrom<Fault>('none', 'none', 'lostRequest', 'lostAnswer', 'duplicate'),
  }),
  fc.record({ kind: fc.constant('restart' as const) }),
)

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('sync client + server converge to the model', () => {
  it('after everyone syncs, all replicas equal the model and history has every edit', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        run += 1
        const dir = mkdtempSync(join(tmpdir(), 'convergence-'))
        dirs.push(dir)
        const server = new ServerUnderTest(dir)
        await server.start()
        let now = 1_763_280_000_000
        const clock = () => now
        let fault: Fault = 'none'
        let ids = 0
        const devices: { db: LocalDatabase; engine: SyncEngine }[] = []
        for (let d = 0; d < 3; d++) {
          const db = new LocalDatabase(`model-${run}-${d}`)
          const engine = createSyncEngine({
            db,
            transport: transport(server, clock, () => fault),
            now: clock,
            currentUser: () => EDITOR,
            mayPush: () => true,
          })
          devices.push({ db, engine })
        }
        const made: {
          id: string
          hlc: string
          recordId: string
          fields: Record<string, unknown>
        }[] = []
        try {
          for (const s of steps) {
            if (s.kind === 'edit') {
              now += s.advance
              const fields: Record<string, unknown> = { mark: s.mark }
              if (s.note !== undefined) fields.note = s.note
              const device = devices[s.device]!
              const m = await recordEdit(
                device.db,
                {
                  collection: 'attendance',
                  recordId: `${DAY}:${s.participant}`,
                  fields,
                  user: EDITOR.username,
                },
                { now: clock, newId: () => `mutation-${run}-${++ids}` },
              )
              made.push({ id: m.id, hlc: m.hlc, recordId: m.recordId, fields })
            } else if (s.kind === 'sync') {
              fault = s.fault
              await devices[s.device]!.engine.syncNow()
              fault = 'none'
            } else {
              await server.restart()
            }
          }
          // Everyone comes back online: push everything, then pull so each sees the others.
          for (const device of devices) await device.engine.syncNow()
          for (const device of devices) await device.engine.syncNow()

          const model = new Map<string, Record<string, unknown>>()
          for (const edit of [...made].sort((a, b) => (a.hlc < b.hlc ? -1 : 1))) {
            model.set(edit.recordId, {
              ...(model.get(edit.recordId) ?? { mark: null, note: '' }),
              ...edit.fields,
            })
          }
          const onServer = (await server.store
            .collection('attendance')
            .find({})) as unknown as AttendanceRecord[]
          const serverView = new Map(onServer.map((r) => [r._id, { mark: r.mark, note: r.note }]))
          expect(serverView).toEqual(
            new Map([...model].map(([id, r]) => [id, { mark: r.mark, note: r.note }])),
          )
          for (const device of devices) {
            expect(await device.db.outbox.count()).toBe(0)
            const shown = await attendanceOfDay(device.db, DAY)
            for (const [id, expected] of model) {
              const participant = id.slice(DAY.length + 1)
              expect(shown.get(participant)?.record).toMatchObject({
                mark: expected.mark,
                note: expected.note,
              })
            }
          }
          const history = await server.store.collection('history').find({})
          const kept = new Set(history.map((h) => h._id))
          for (const edit of made) expect(kept.has(edit.id)).toBe(true)
        } finally {
          for (const device of devices) {
            device.db.close()
            await device.db.delete()
          }
          await server.store.close()
        }
      }),
      { seed: 20261123, numRuns: 25 },
    )
  })
})

// Personal media notes: one person's phone, tablet and laptop edit their notes offline; the same
// outbox, upsertBatch and pull bring every device and the server to the model (each save sets the
// whole note, as the notes list does).
const NOTE_IDS = ['note-a', 'note-b', 'note-c']
const AUTHOR = {
  _id: 'ana@demo.test',
  username: 'ana@demo.test',
  roles: ['participant'],
  status: 'active',
  firstName: 'Ana',
  lastName: 'Novak',
} as const

const noteStep = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    device: fc.nat({ max: 2 }),
    note: fc.constantFrom(...NOTE_IDS),
    text: fc.constantFrom('koleno', 'dih', 'hrbet', ''),
    at: fc.nat({ max: 600 }),
    deleted: fc.boolean(),
    advance: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('sync' as const),
    device: fc.nat({ max: 2 }),
    fault: fc.constantFrom<Fault>('none', 'none', 'lostRequest', 'lostAnswer', 'duplicate'),
  }),
  fc.record({ kind: fc.constant('restart' as const) }),
)

describe('personal media notes converge like attendance', () => {
  it('after every device syncs, each device and the server hold the latest save of each note', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(noteStep, { minLength: 1, maxLength: 30 }), async (steps) => {
        run += 1
        const dir = mkdtempSync(join(tmpdir(), 'convergence-notes-'))
        dirs.push(dir)
        const server = new ServerUnderTest(dir)
        await server.start()
        let now = 1_763_280_000_000
        const clock = () => now
        let fault: Fault = 'none'
        let ids = 0
        const devices: { db: LocalDatabase; engine: SyncEngine }[] = []
        for (let d = 0; d < 3; d++) {
          const db = new LocalDatabase(`notes-model-${run}-${d}`)
          const engine = createSyncEngine({
            db,
            transport: transport(server, clock, () => fault, AUTHOR),
            now: clock,
            currentUser: () => AUTHOR,
            mayPush: () => true,
          })
          devices.push({ db, engine })
        }
        const made: {
          id: string
          hlc: string
          recordId: string
          fields: Record<string, unknown>
        }[] = []
        try {
          for (const s of steps) {
            if (s.kind === 'edit') {
              now += s.advance
              const fields = {
                participant: AUTHOR.username,
                recording: 'rec-1',
                at: s.at,
                text: s.text,
                createdAt: 1,
                deleted: s.deleted,
              }
              const m = await recordEdit(
                devices[s.device]!.db,
                { collection: 'mediaNotes', recordId: s.note, fields, user: AUTHOR.username },
                { now: clock, newId: () => `note-mutation-${run}-${++ids}` },
              )
              made.push({ id: m.id, hlc: m.hlc, recordId: m.recordId, fields })
            } else if (s.kind === 'sync') {
              fault = s.fault
              await devices[s.device]!.engine.syncNow()
              fault = 'none'
            } else {
              await server.restart()
            }
          }
          for (const device of devices) await device.engine.syncNow()
          for (const device of devices) await device.engine.syncNow()

          const model = new Map<string, Record<string, unknown>>()
          for (const edit of [...made].sort((a, b) => (a.hlc < b.hlc ? -1 : 1))) {
            model.set(edit.recordId, { ...model.get(edit.recordId), ...edit.fields })
          }
          const pick = (r: Record<string, unknown>) => ({
            text: r.text,
            at: r.at,
            deleted: r.deleted,
          })
          const onServer = await server.store.collection('mediaNotes').find({})
          expect(new Map(onServer.map((r) => [r._id, pick(r)]))).toEqual(
            new Map([...model].map(([id, r]) => [id, pick(r)])),
          )
          for (const device of devices) {
            expect(await device.db.outbox.count()).toBe(0)
            const local = await device.db.mediaNotes.toArray()
            expect(new Map(local.map((r) => [r._id, pick({ ...r })]))).toEqual(
              new Map([...model].map(([id, r]) => [id, pick(r)])),
            )
          }
          const history = await server.store.collection('history').find({})
          const kept = new Set(history.map((h) => h._id))
          for (const edit of made) expect(kept.has(edit.id)).toBe(true)
        } finally {
          for (const device of devices) {
            device.db.close()
            await device.db.delete()
          }
          await server.store.close()
        }
      }),
      { seed: 20261125, numRuns: 20 },
    )
  })
})
