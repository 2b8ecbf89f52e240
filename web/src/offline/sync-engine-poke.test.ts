import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SYNC_PROTOCOL_VERSION, type PullResponse } from '@lfit/domain/sync/protocol'
import { LocalDatabase } from './database'
import { createSyncEngine, type SyncEngine } from './sync-engine'
import type { SyncTransport } from './transport'

// A server whose pulls can be held: the change a live poke announces lands while a pull that
// began before it is still on its way.
class HeldServer implements SyncTransport {
  pulls = 0
  held: Promise<void> | null = null
  async push(): Promise<unknown> {
    return { v: SYNC_PROTOCOL_VERSION, results: [] }
  }
  async pull(): Promise<unknown> {
    this.pulls += 1
    await this.held
    return {
      v: SYNC_PROTOCOL_VERSION,
      changes: {
        attendance: [],
        absences: [],
        makeupAttendance: [],
        materials: [],
        library: [],
        mediaNotes: [],
        mediaProgress: [],
      },
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
})

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
    // The server answers again: the next run gets through.
    server.held = null
    expect(await engine.syncNow()).toMatchObject({ state: 'idle', lastError: null })
    expect(server.pulls).toBe(3)
  })
})
