// Stored bytes are addressed by their content (docs/0013), so one stored content may be named by
// several records of different kinds: two `/dir` files uploaded from the same bytes, a photo's
// original and a material's file, a photo's thumbnail and an image a material lists. Every place
// that removes bytes asks here whether anything still names them, and this is the one list of
// what can (docs/0032-image-work-is-queued-and-shared-bytes-are-kept.md).
import type { Store } from '../store/port'
import { PHOTOS } from '../photos/book'
import type { FileStore } from './port'
import { FILES } from './metadata'

/**
 * Each collection and the fields in which its records name a content hash. A material, a
 * library item, a recording's media and its subtitles name a `files` record by id, never a hash:
 * the `files` record is their hold on the bytes (and it cannot be deleted while they list it).
 */
const CONTENT_USERS: readonly { collection: string; fields: readonly string[] }[] = [
  { collection: FILES, fields: ['hash'] },
  { collection: PHOTOS, fields: ['original.hash', 'sizes.thumb.hash', 'sizes.screen.hash'] },
]

/** Whether any record still names `hash`. */
export async function isContentUsed(store: Store, hash: string): Promise<boolean> {
  for (const { collection, fields } of CONTENT_USERS) {
    const query = { $or: fields.map((field) => ({ [field]: hash })) }
    if ((await store.collection(collection).count(query)) > 0) return true
  }
  return false
}

/** Removes the bytes of each of `hashes` that no record names any more; the rest stay. */
export async function releaseContent(
  store: Store,
  files: FileStore,
  hashes: readonly string[],
): Promise<void> {
  for (const hash of new Set(hashes)) {
    if (!(await isContentUsed(store, hash))) await files.delete(hash)
  }
}
