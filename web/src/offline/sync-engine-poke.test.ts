import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  SYNC_PROTOCOL_VERSION,
  type Mutation,
  type PullResponse,
  type PushRequest,
  noChanges,
} from '@lfit/domain/sync/protocol'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import type { AbsenceRecord } from '@lfit/domain/records/absence'
import { liveQuery } from 'dexie'
import { LocalDatabase } from './database'
import { absencesShown } from './local-view'
import { recordEdit } from './outbox'
import { createSyncEngine, type SyncEngine } from './sync-engine'
import type { SyncTransport } from './transport'

// A server whose pulls can be held: the change a live poke announces lands while a pull that
// began before it is still on its way.
class HeldServer implements SyncTransport {
  pulls = 0
  held: Promise<void> | null = null
  /** Absences the next pull brings. */
  absences: AbsenceRecord[] = []
  /** Each pull's signal, in order: aborted when the engine stopped waiting for it. */
  signals: (AbortSignal | undefined)[] = []
  async push(_collection: string, request: PushRequest): Promise<unknown> {
    const batch = request.batch as Mutation[]
    const results = batch.map((edit) => ({ id: edit.id, status: 'applied' as const }))
    return { v: SYNC_PROTOCOL_VERSION, results }
  }
  async pull(_request: unknown, signal?: AbortSignal): Promise<unknown> {
    this.pulls += 1
    this.signals.push(signal)
    await this.held
    return {
      v: SYNC_PROTOCOL_VERSION,
      changes: { ...noChanges(), absences: this.absences.splice(0) },
      cursor: `e1:${this.pulls}`,
      more: false,
      reset: false,
    } satisfies PullResponse
  }
  async participants() {
    return undefined
  }
}

let db: LocalDatabase
let server: HeldServer
let engine: SyncEngine
/** How long the engine waits for an answer: short, so that a test can outwait it. */
const TIMEOUT_MS = 50

beforeEach(() => {
  db = new LocalDatabase(`poke-${crypto.randomUUID()}`)
  server = new HeldServer()
  engine = createSyncEngine({
    db,
    transport: server,
    now: () => 1_000,
    currentUser: () => ({ username: 'presenceEditor@demo.test', roles: ['presenceEditor'] }),
    mayPush: () => true,
    requestTimeoutMs: TIMEOUT_MS,
  })
})
afterEach(async () => {
  db.close()
  await db.delete()
})

describe('a sync after a change on the server (live poke)', () => {
  it('pulls at once when no sync is running', async () => {
    await engine.syncAfterChange()
    expect(server.pulls).toBe(1)
  })

  it('pulls once more after a run under way, and pokes during that run share it', async () => {
    let release = () => undefined as void
    server.held = new Promise((resolve) => (release = resolve))
    const running = engine.syncNow()
    // The pokes come once the run's pull is on its way: it may have been read before the change.
    await vi.waitFor(() => expect(server.pulls).toBe(1))
    const first = engine.syncAfterChange()
    const second = engine.syncAfterChange()
    server.held = null
    release()
    await Promise.all([running, first, second])
    expect(server.pulls).toBe(2)
    expect(engine.status().state).toBe('idle')
  })
  it('does not pull again when the run under way asked for its pull after the poke', async () => {
    // The poke comes before the run sends its pull (the socket opens while a login's first sync
    // starts): that pull reads the change, and no second run follows.
    const running = engine.syncNow()
    const poked = engine.syncAfterChange()
    await Promise.all([running, poked])
    expect(server.pulls).toBe(1)
    expect(engine.status().state).toBe('idle')
  })

  it('shows a pulled absence on a screen that reads the absences live', async () => {
    // /odsotnost's list is a live query of the absences, here showing one the editor made.
    await recordEdit(
      db,
      { collection: 'absences', recordId: 'mine', fields: fieldsOf('ana'), user: 'editor' },
      { now: () => 1_000, newId: () => 'edit-1' },
    )
    let shown: string[] = []
    const reading = liveQuery(() => absencesShown(db)).subscribe((absences) => {
      shown = absences.map(({ record }) => record._id).sort()
    })
    await vi.waitFor(() => expect(shown).toEqual(['mine']))
    const stamp = {
      hlc: encodeHlc({ wall: 2_000, counter: 0, node: 'desk' }),
      user: 'admin',
      deviceId: 'desk',
    }
    const fields = fieldsOf('bor')
    const desk: AbsenceRecord = {
      _id: 'desk',
      ...fields,
      deleted: false,
      stamps: Object.fromEntries(Object.keys(fields).map((field) => [field, stamp])),
    }
    server.absences = [desk]
    expect(await engine.syncAfterChange()).toMatchObject({ state: 'idle' })
    await vi.waitFor(() => expect(shown).toEqual(['desk', 'mine']))
    reading.unsubscribe()
  })
})

function fieldsOf(participant: string) {
  return { participant, fromDay: '2030-05-06', toDay: '2030-05-06', reason: 'away', excused: false }
}

describe('a request that is never answered', () => {
  it('ends its run as offline, so that a poke during it and every later run still pull', async () => {
    // A connection that died without a reset: no pull is ever answered.
    server.held = new Promise<void>(() => undefined)
    const stuck = engine.syncNow()
    await vi.waitFor(() => expect(server.pulls).toBe(1))
    const poked = engine.syncAfterChange()
    expect(await stuck).toMatchObject({ state: 'offline' })
    // The poke came after the stuck pull was sent: its own run follows, and ends too.
    expect(await poked).toMatchObject({ state: 'offline' })
    expect(server.pulls).toBe(2)
    // Both stuck requests were cancelled, so neither keeps holding a connection.
    expect(server.signals.map((signal) => signal?.aborted)).toEqual([true, true])
    // The server answers again: the next run gets through.
    server.held = null
    expect(await engine.syncNow()).toMatchObject({ state: 'idle', lastError: null })
    expect(server.pulls).toBe(3)
    expect(server.signals[2]?.aborted).toBe(false)
  })
})
