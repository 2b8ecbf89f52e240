// "Keep offline": a material's files stored on this device in the Cache API, under the same
// address the app downloads them from (`GET /api/files/:id`), so the service worker answers that
// address from this cache with the network off, seeking included (vite.config.ts, rangeRequests).
// Only what the reader chose to keep is stored: the worker never adds to this cache itself, so
// what is listed here as kept is exactly what was kept, and "Remove offline copy" frees it.
import type { FileRef } from '@lfit/domain/materials/material'
import { FILES_CACHE } from '../session/user-caches'

/**
 * The cache the service worker reads `/api/files/` from (named in vite.config.ts too); a logout
 * deletes it with the user's other caches (docs/0034).
 */
export { FILES_CACHE }

const FILES_PATH = '/api/files/'

/** The one address of a stored file: its id, never a path built from a name. */
export function fileUrl(fileId: string): string {
  return `${FILES_PATH}${encodeURIComponent(fileId)}`
}

export interface OfflineCopyDeps {
  caches: CacheStorage
  fetch: (input: string, init?: RequestInit) => Promise<Response>
}

export interface KeepResult {
  /** Files now on the device (kept before or just now). */
  kept: string[]
  /** Files that could not be fetched (offline, removed, no longer readable). */
  failed: string[]
}

/**
 * Stores each file not kept yet, whole (a 200 answer, never a part), so any range of it can be
 * answered later. A file that cannot be fetched is reported, and the others are kept all the same.
 */
export async function keepOffline(
  files: readonly FileRef[],
  deps: OfflineCopyDeps,
): Promise<KeepResult> {
  const cache = await deps.caches.open(FILES_CACHE)
  const result: KeepResult = { kept: [], failed: [] }
  for (const file of uniqueFiles(files)) {
    const url = fileUrl(file.fileId)
    if (await cache.match(url)) {
      result.kept.push(file.fileId)
      continue
    }
    try {
      const response = await deps.fetch(url, { credentials: 'same-origin' })
      if (response.status !== 200) throw new Error(`status ${response.status}`)
      await cache.put(url, response)
      result.kept.push(file.fileId)
    } catch {
      result.failed.push(file.fileId)
    }
  }
  return result
}

/** Removes the device's copies of these files; the material stays listed and readable online. */
export async function removeOffline(
  files: readonly FileRef[],
  caches: CacheStorage,
): Promise<void> {
  const cache = await caches.open(FILES_CACHE)
  for (const file of uniqueFiles(files)) await cache.delete(fileUrl(file.fileId))
}

/** The ids of the files kept on this device. */
export async function keptFileIds(caches: CacheStorage): Promise<Set<string>> {
  const cache = await caches.open(FILES_CACHE)
  const ids = new Set<string>()
  for (const request of await cache.keys()) {
    const path = new URL(request.url, 'http://device').pathname
    if (path.startsWith(FILES_PATH)) ids.add(decodeURIComponent(path.slice(FILES_PATH.length)))
  }
  return ids
}

export type OfflineState = 'none' | 'partial' | 'kept'

/** Whether a material's (or a segment's) files are all, partly or not at all on the device. */
export function offlineState(files: readonly FileRef[], kept: ReadonlySet<string>): OfflineState {
  const unique = uniqueFiles(files)
  const count = unique.filter((f) => kept.has(f.fileId)).length
  if (count === 0) return 'none'
  return count === unique.length ? 'kept' : 'partial'
}

/** The bytes the kept ones among these files take (each file once). */
export function keptBytes(files: readonly FileRef[], kept: ReadonlySet<string>): number {
  return uniqueFiles(files)
    .filter((f) => kept.has(f.fileId))
    .reduce((sum, f) => sum + f.size, 0)
}

export interface StorageUse {
  usage: number
  quota: number
}

/** The device's storage used and allowed, where the browser tells (it may not, or refuse). */
export async function storageUse(
  storage: Pick<StorageManager, 'estimate'> | undefined,
): Promise<StorageUse | null> {
  try {
    const estimate = await storage?.estimate()
    if (estimate?.usage === undefined || estimate.quota === undefined) return null
    return { usage: estimate.usage, quota: estimate.quota }
  } catch {
    return null
  }
}

function uniqueFiles(files: readonly FileRef[]): FileRef[] {
  return [...new Map(files.map((f) => [f.fileId, f])).values()]
}
