import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mergeEdit } from '@lfit/domain/attendance/merge'
import { emptyAttendance, type AttendanceRecord } from '@lfit/domain/records/attendance'
import type {
  Mutation,
  PullRequest,
  PullResponse,
  PushRequest,
  PushResponse,
  PushResult,
} from '@lfit/domain/sync/protocol'
import { noChanges } from '@lfit/domain/sync/protocol'
import { LocalDatabase } from './database'
import { attendanceRecords } from './device-records'
import { recordEdit } from './outbox'
import { attendanceOfDay } from './local-view'
import { backoffDelay, createSyncEngine } from './sync-engine'
import { TransportError, type SyncTransport } from './transport'

// A scripted stand-in for the network, used only for the engine's own bookkeeping here; the
// convergence of engine + real server is tested against the real sync server in e2e/.
class ScriptedServer implements SyncTransport {
  records = new Map<string, AttendanceRecord>()
  pushes: Mutation[][] = []
  failNext: TransportError | null = null
  answer: (m: Mutation) => PushResult | null = () => null
  epoch = 'e1'
  seq = 0
  /** The protocol version the server answers with. */
  version = 1
  /** Replaces the next pull answer, as a faulty server would. */
  pullAnswer: unknown = null
  pulls = 0

  async push(_collection: string, request: PushRequest): Promise<unknown> {
    if (this.failNext) {
      const error = this.failNext
      this.failNext = null
      throw error
    }
    const batch = request.batch as Mutation[]
    this.pushes.push([...batch])
    const results = batch.map((m): PushResult => {
      const scripted = this.answer(m)
      if (scripted) return scripted
      const current =
        this.records.get(m.recordId) ?? (emptyAttendance(m.recordId) as AttendanceRecord)
      const outcome = mergeEdit(current, { ...m, user: 'editor' })
      this.records.set(m.recordId, outcome.record)
      this.seq += 1
      return outcome.status === 'applied'
        ? { id: m.id, status: 'applied' }
        : { id: m.id, status: 'superseded', by: outcome.by }
    })
    return { v: this.version, results } as PushResponse
  }

  async pull(request: PullRequest): Promise<unknown> {
    this.pulls += 1
    if (this.pullAnswer) return this.pullAnswer
    const reset = request.cursor === null || !request.cursor.startsWith(`${this.epoch}:`)
    return {
      v: this.version,
      changes: { ...noChanges(), attendance: [...this.records.values()] },
      cursor: `${this.epoch}:${this.seq}`,
      more: false,
      reset,
    } as PullResponse
  }

  async participants() {
    return [{ username: 'ana@demo.test', firstName: 'Ana', lastName: 'Novak', year: 4 }]
  }
}

const editor = { username: 'presenceEditor@demo.test', roles: ['presenceEditor'] }
let db: LocalDatabase
let server: ScriptedServer
let clock = 1_000
let ids = 0
const deps = { now: () => clock, newId: () => `id-${String(++ids).padStart(6, '0')}` }

let updatesAsked = 0

function engine(user: typeof editor | null = editor) {
  return createSyncEngine({
    db,
    transport: server,
    now: deps.now,
    currentUser: () => user,
    mayPush: () => true,
    onUpdateRequired: () => (updatesAsked += 1),
  })
}

function mark(participant: string, value: string) {
  clock += 10
  return recordEdit(
    db,
    {
      collection: 'attendance',
      recordId: `lfit_20261116:${participant}`,
      fields: { mark: value },
      user: editor.username,
    },
    deps,
  )
}

beforeEach(() => {
  db = new LocalDatabase(`test-${Math.random()}`)
  server = new ScriptedServer()
  updatesAsked = 0
})
afterEach(async () => {
  db.close()
  await db.delete()
})

describe('sync engine', () => {
  it('keeps showing an applied edit once it leaves the outbox, before any pull brings it back', async () => {
    // A tap in that gap read the old mark: a second tap on a person just marked present left
    // them present instead of absent.
    await mark('ana@demo.test', 'present')
    server.pullAnswer = { v: server.version, unreadable: true }
    await engine().syncNow()
    expect(server.pushes).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
    expect((await attendanceOfDay(db, 'lfit_20261116')).get('ana@demo.test')).toMatchObject({
      record: { mark: 'present' },
      pending: 0,
    })
  })

  it('shows an edit at once, keeps it queued offline, and clears the queue once synced', async () => {
    await mark('ana@demo.test', 'present')
    const shown = await attendanceOfDay(db, 'lfit_20261116')
    expect(shown.get('ana@demo.test')).toMatchObject({ record: { mark: 'present' }, pending: 1 })

    server.failNext = new TransportError({ kind: 'offline' })
    expect((await engine().syncNow()).state).toBe('offline')
    expect(await db.outbox.count()).toBe(1)

    expect((await engine().syncNow()).state).toBe('idle')
    expect(await db.outbox.count()).toBe(0)
    expect((await attendanceOfDay(db, 'lfit_20261116')).get('ana@demo.test')).toMatchObject({
      record: { mark: 'present' },
      pending: 0,
    })
    expect(await db.participants.count()).toBe(1)
  })

  it('sets a permanently rejected edit aside with its reason and pushes the rest', async () => {
    const bad = await mark('ana@demo.test', 'present')
    await mark('bor@demo.test', 'absent')
    server.answer = (m) =>
      m.id === bad.id
        ? {
            id: m.id,
            status: 'rejected',
            permanent: true,
            reason: { code: 'forbidden', message: { sl: 'ni dovoljeno', en: 'not allowed' } },
          }
        : null
    await engine().syncNow()
    expect(await db.outbox.count()).toBe(0)
    const notices = await db.notices.toArray()
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ kind: 'rejected', recordId: 'lfit_20261116:ana@demo.test' })
    expect(server.records.get('lfit_20261116:bor@demo.test')?.mark).toBe('absent')
  })

  it('keeps an edit the server applied with a notice, and the notice for the editor', async () => {
    // A mark made offline on a day the calendar has since removed (docs/0049).
    const made = await mark('ana@demo.test', 'present')
    const notice = {
      code: 'notStudyDay',
      message: { sl: 'dan ni več učni dan', en: 'the day is no longer a study day' },
    }
    server.answer = (m) => {
      const current =
        server.records.get(m.recordId) ?? (emptyAttendance(m.recordId) as AttendanceRecord)
      server.records.set(m.recordId, mergeEdit(current, { ...m, user: 'editor' }).record)
      return { id: m.id, status: 'applied', notice }
    }
    await engine().syncNow()
    expect(await db.outbox.count()).toBe(0)
    expect(await db.notices.toArray()).toMatchObject([
      {
        id: made.id,
        kind: 'kept',
        recordId: made.recordId,
        fields: { mark: 'present' },
        reason: notice,
      },
    ])
    expect((await attendanceOfDay(db, 'lfit_20261116')).get('ana@demo.test')).toMatchObject({
      record: { mark: 'present' },
      pending: 0,
    })
  })

  it('keeps a transiently rejected edit queued and backs off', async () => {
    await mark('ana@demo.test', 'present')
    server.answer = (m) => ({
      id: m.id,
      status: 'rejected',
      permanent: false,
      reason: { code: 'busy', message: { sl: 'zasedeno', en: 'busy' } },
    })
    const e = engine()
    const status = await e.syncNow()
    expect(status.state).toBe('error')
    expect(await db.outbox.count()).toBe(1)
    expect(e.retryDelay()).toBe(1_000)
  })

  it('shows the editor whose edit lost which edit superseded it', async () => {
    await mark('ana@demo.test', 'present')
    server.records.set('lfit_20261116:ana@demo.test', {
      ...(emptyAttendance('lfit_20261116:ana@demo.test') as AttendanceRecord),
      mark: 'absent',
      stamps: {
        mark: { hlc: '999999999999999:000000:other', user: 'admin@demo.test', deviceId: 'other' },
      },
    })
    await engine().syncNow()
    const [notice] = await db.notices.toArray()
    expect(notice).toMatchObject({ kind: 'superseded', by: { user: 'admin@demo.test' } })
    expect((await attendanceOfDay(db, 'lfit_20261116')).get('ana@demo.test')?.record.mark).toBe(
      'absent',
    )
  })

  it('tells the editor when a later edit from another device overwrote theirs after it applied', async () => {
    // The losing edit reaches the server first and is applied; the winner arrives afterwards.
    await mark('ana@demo.test', 'present')
    await mark('bor@demo.test', 'late')
    await engine().syncNow()
    expect(await db.notices.count()).toBe(0)
    const overwrite = (participant: string, stamp: { hlc: string; deviceId: string }) => {
      const id = `lfit_20261116:${participant}`
      server.records.set(id, {
        ...(server.records.get(id) as AttendanceRecord),
        mark: 'absent',
        stamps: { mark: { ...stamp, user: 'admin@demo.test' } },
      })
      server.seq += 1
    }
    overwrite('ana@demo.test', { hlc: '999999999999999:000000:other', deviceId: 'other' })
    await engine().syncNow()
    const notices = await db.notices.toArray()
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({
      kind: 'superseded',
      recordId: 'lfit_20261116:ana@demo.test',
      fields: { mark: 'present' },
      by: { user: 'admin@demo.test', deviceId: 'other' },
    })
    // Told once: the next pull of the same record adds nothing.
    await engine().syncNow()
    expect(await db.notices.count()).toBe(1)
  })

  it('keeps the queue through a sign-out and pushes it at the next login', async () => {
    await mark('ana@demo.test', 'late')
    expect((await engine(null).syncNow()).state).toBe('signedOut')
    server.failNext = new TransportError({ kind: 'unauthorized', status: 401 })
    expect((await engine().syncNow()).state).toBe('signedOut')
    expect(await db.outbox.count()).toBe(1)
    await engine().syncNow()
    expect(await db.outbox.count()).toBe(0)
  })

  it('a server that forgot the device (new epoch) gets a full snapshot and the queue survives', async () => {
    await mark('ana@demo.test', 'present')
    await engine().syncNow()
    server.epoch = 'e2'
    server.records.clear()
    await mark('bor@demo.test', 'absent')
    server.failNext = new TransportError({ kind: 'offline' })
    await engine().syncNow()
    expect(await db.outbox.count()).toBe(1)
    await engine().syncNow()
    expect((await attendanceRecords(db)).map((record) => record.participant)).toEqual([
      'bor@demo.test',
    ])
  })

  it('never runs twice at once: concurrent calls share one run', async () => {
    await mark('ana@demo.test', 'present')
    const e = engine()
    await Promise.all([e.syncNow(), e.syncNow(), e.syncNow()])
    expect(server.pushes).toHaveLength(1)
  })

  it.each([
    [
      'the server refuses this version (426)',
      () => {
        server.failNext = new TransportError({ kind: 'updateRequired' })
      },
    ],
    [
      'the server answers with another version',
      () => {
        server.version = 2
      },
    ],
  ])(
    'stops syncing, keeps the queue and asks for the new build when %s',
    async (_label, arrange) => {
      await mark('ana@demo.test', 'present')
      arrange()
      const e = engine()
      const seen: string[] = []
      e.subscribe(() => seen.push(e.status().state))
      const status = await e.syncNow()
      expect(status).toMatchObject({ state: 'updateRequired', retryAt: null })
      expect(seen).toContain('updateRequired')
      expect(updatesAsked).toBe(1)
      expect(await db.outbox.count()).toBe(1)
      expect(e.retryDelay()).toBe(0)
      // No further call reaches the server from this build, whatever triggers a sync.
      const calls = server.pushes.length + server.pulls
      server.version = 1
      expect((await e.syncNow()).state).toBe('updateRequired')
      expect(server.pushes.length + server.pulls).toBe(calls)
      expect(await db.outbox.count()).toBe(1)
    },
  )

  it.each([
    ['a record with a mark the app does not know', { mark: 'asleep' }],
    ['a record without stamps', { stamps: undefined }],
  ])(
    'an unreadable pull answer is a server error and nothing of it is stored: %s',
    async (_l, bad) => {
      await mark('ana@demo.test', 'present')
      const record = { ...emptyAttendance('lfit_20261116:bor@demo.test'), ...bad }
      server.pullAnswer = {
        v: 1,
        changes: { ...noChanges(), attendance: [record] },
        cursor: 'e1:9',
        more: false,
        reset: true,
      }
      const status = await engine().syncNow()
      expect(status.state).toBe('error')
      expect(status.lastError).toMatch(/unreadable/)
      // Only the device's own pushed edit is kept, nothing of the pulled record.
      expect((await attendanceRecords(db)).map((record) => record._id)).toEqual([
        'lfit_20261116:ana@demo.test',
      ])
      expect(await db.meta.get('cursor')).toBeUndefined()
    },
  )

  it('an unreadable push answer keeps the edits queued', async () => {
    await mark('ana@demo.test', 'present')
    server.answer = (m) => ({ id: m.id, status: 'maybe' }) as never
    const status = await engine().syncNow()
    expect(status.state).toBe('error')
    expect(await db.outbox.count()).toBe(1)
    expect(await db.notices.count()).toBe(0)
  })

  it.each([
    [0, 0],
    [1, 1_000],
    [4, 8_000],
    [30, 300_000],
  ])('backoff after %i failures is %i ms', (failures, delay) => {
    expect(backoffDelay(failures)).toBe(delay)
  })
})
