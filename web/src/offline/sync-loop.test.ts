import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { noChanges, SYNC_PROTOCOL_VERSION, type PullResponse } from '@lfit/domain/sync/protocol'
import { LocalDatabase } from './database'
import { createSyncEngine, type SyncEngine } from './sync-engine'
import { startSyncLoop, SYNC_INTERVAL_MS, type SyncLoop } from './sync-loop'
import { TransportError, type SyncTransport } from './transport'

// A server that can be made to refuse the next pulls, as a busy server answers 503.
class BusyServer implements SyncTransport {
  pulls = 0
  refuse = 0
  async push(): Promise<unknown> {
    return { v: SYNC_PROTOCOL_VERSION, results: [] }
  }
  async pull(): Promise<unknown> {
    this.pulls += 1
    if (this.refuse > 0) {
      this.refuse -= 1
      throw new TransportError({ kind: 'server', status: 503, message: 'busy' })
    }
    return {
      v: SYNC_PROTOCOL_VERSION,
      changes: noChanges(),
      cursor: `e1:${this.pulls}`,
      more: false,
      reset: false,
    } satisfies PullResponse
  }
  async participants() {
    return undefined
  }
}

/** The window the loop listens to: online, no storage manager. */
const onlineWindow = () =>
  ({
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    navigator: { onLine: true },
  }) as unknown as Window

let db: LocalDatabase
let server: BusyServer
let engine: SyncEngine
let loop: SyncLoop

beforeEach(() => {
  // Only the loop's timers are faked: the database's own scheduling (setImmediate) runs as usual.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
  db = new LocalDatabase(`loop-${crypto.randomUUID()}`)
  server = new BusyServer()
  engine = createSyncEngine({
    db,
    transport: server,
    now: () => 1_000,
    currentUser: () => ({ username: 'presenceEditor@demo.test', roles: ['presenceEditor'] }),
    mayPush: () => true,
  })
})
afterEach(async () => {
  loop.stop()
  vi.useRealTimers()
  db.close()
  await db.delete()
})

describe('the sync loop', () => {
  it('retries a failed run that a live poke started, and syncs on its timer again after', async () => {
    loop = startSyncLoop(engine, onlineWindow())
    // The loop's first run (a call during it shares it).
    expect(await engine.syncNow()).toMatchObject({ state: 'idle' })
    expect(server.pulls).toBe(1)

    // A poke's run meets a busy server. The loop did not start it, but must retry it: the
    // tablet stopped syncing for good when nothing did.
    server.refuse = 1
    expect(await engine.syncAfterChange()).toMatchObject({ state: 'error' })
    await vi.advanceTimersByTimeAsync(engine.retryDelay())
    await vi.waitFor(() =>
      expect(engine.status()).toMatchObject({ state: 'idle', lastError: null }),
    )
    expect(server.pulls).toBe(3)

    // Back to the timer: the next interval syncs again.
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS)
    await vi.waitFor(() => expect(server.pulls).toBe(4))
  })

  it("makes its first run once the app's first screen is shown, not before", async () => {
    let show = () => {}
    const shown = new Promise<void>((resolve) => (show = resolve))
    loop = startSyncLoop(engine, onlineWindow(), shown)
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS / 2)
    expect(server.pulls).toBe(0)
    show()
    await vi.waitFor(() => expect(server.pulls).toBe(1))
    await vi.waitFor(() => expect(engine.status()).toMatchObject({ state: 'idle' }))
  })
})
