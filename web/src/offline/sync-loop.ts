// Wires the sync engine to the browser: runs it on start, when the network comes back, on a
// timer, and shortly after each local edit; backs off after failures; asks the browser to keep
// the database (persistent storage) so queued edits are not evicted.
import type { SyncEngine } from './sync-engine'

export const SYNC_INTERVAL_MS = 30_000
export const EDIT_DEBOUNCE_MS = 1_000

export interface SyncLoop {
  /** Call after every local edit: syncs once the editor pauses. */
  editMade(): void
  stop(): void
}

/**
 * `firstRunAfter`: the first run waits for it (the app's first screen, docs/0056); every other
 * trigger (an edit, the network back, a poke, the timer) runs at once all the same.
 */
export function startSyncLoop(
  engine: SyncEngine,
  win: Window = window,
  firstRunAfter: Promise<void> = Promise.resolve(),
): SyncLoop {
  let debounce: ReturnType<typeof setTimeout> | undefined
  let retry: ReturnType<typeof setTimeout> | undefined

  const run = () => {
    clearTimeout(retry)
    void engine.syncNow()
  }

  // The retry after a failure is armed by the run's outcome, whoever started the run: the loop, a
  // live poke, a login or the "Sync now" button. The timer below skips while a failure's back-off
  // lasts, so a failed run that armed nothing (a poke's, say) would stop every sync until the
  // next edit or poke.
  const unsubscribe = engine.subscribe(() => {
    if (engine.status().state === 'syncing') return
    clearTimeout(retry)
    const delay = engine.retryDelay()
    retry = delay > 0 ? setTimeout(run, delay) : undefined
  })
  const online = () => run()
  win.addEventListener('online', online)
  const interval = setInterval(() => {
    if (win.navigator.onLine && engine.retryDelay() === 0) run()
  }, SYNC_INTERVAL_MS)
  void win.navigator.storage?.persist?.().catch(() => false)
  let stopped = false
  void firstRunAfter.then(() => {
    if (!stopped) run()
  })

  return {
    editMade() {
      clearTimeout(debounce)
      debounce = setTimeout(run, EDIT_DEBOUNCE_MS)
    },
    stop() {
      stopped = true
      clearTimeout(debounce)
      clearTimeout(retry)
      clearInterval(interval)
      unsubscribe()
      win.removeEventListener('online', online)
    },
  }
}

/** The Web Lock a sync run holds; forgetting a user who left waits for it (personal-data.ts). */
export const SYNC_LOCK = 'lfit-sync'

/** Only one tab syncs at a time: the others skip instead of pushing the same queue twice. */
export function acrossTabs(name = SYNC_LOCK): (task: () => Promise<void>) => Promise<boolean> {
  return async (task) => {
    if (!('locks' in navigator)) {
      await task()
      return true
    }
    return navigator.locks.request(name, { ifAvailable: true }, async (lock) => {
      if (!lock) return false
      await task()
      return true
    })
  }
}
