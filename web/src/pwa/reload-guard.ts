// When the app may reload itself: after a new build was found (on the next navigation) or after
// a chunk failed to load. At most once per 10 s per path (docs/product-rules.md#updates), so that a broken
// deployment cannot send a browser into a reload loop.

export const RELOAD_GUARD_MS = 10_000
const PREFIX = 'lfit:reload:'

export interface KeyValueStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** True (and remembered) when `path` was not reloaded in the last 10 s. */
export function claimReload(store: KeyValueStore, path: string, now: number): boolean {
  const key = PREFIX + path.toLowerCase()
  const last = Number(store.getItem(key) ?? '')
  if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS && now >= last) {
    return false
  }
  store.setItem(key, String(now))
  return true
}

/** Whether an error is the browser failing to load a code chunk (a build that is gone). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  )
}
