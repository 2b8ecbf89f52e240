// Uploads under way, kept on the device until their file is in: the file itself (a reload loses
// the picked File, so its bytes are kept here) and the tus address the server gave it, so that an
// upload cut by a reload goes on from where the server's copy ends instead of being lost
// (docs/0041-uploads-resume-by-themselves.md). Each is kept for the record it is attached to
// (its scope, e.g. `library:<id>`) and its uploader; a user who leaves the device takes theirs
// with them (forget-last-user.ts).
import Dexie, { type EntityTable } from 'dexie'

export interface PendingUpload {
  /** The upload's own id on this device. */
  key: string
  /** Who picked the file: only they may resume it (the server agrees, uploads.ts). */
  user: string
  /** The record the file is for: `{collection}:{id}`. */
  scope: string
  name: string
  type: string
  file: Blob
  /** The upload's tus address once the server made it; null before. */
  url: string | null
  addedAt: number
}

const DATABASE = 'lfit-uploads'

class UploadsDatabase extends Dexie {
  uploads!: EntityTable<PendingUpload, 'key'>

  constructor(name: string) {
    super(name)
    this.version(1).stores({ uploads: 'key, [user+scope], user' })
  }
}

let opened: UploadsDatabase | null = null
const database = (): UploadsDatabase => (opened ??= new UploadsDatabase(DATABASE))

/** The scope of a record's files: the form keeps its uploads under it. */
export const uploadScope = (collection: 'library' | 'materials', id: string) =>
  `${collection}:${id}`

export async function keepPending(upload: PendingUpload): Promise<void> {
  await database().uploads.put(upload)
}

export async function rememberUrl(key: string, url: string): Promise<void> {
  await database().uploads.update(key, { url })
}

export async function forgetPending(keys: readonly string[]): Promise<void> {
  await database().uploads.bulkDelete([...keys])
}

/** The uploads `user` left unfinished for one record, oldest first. */
export async function pendingUploads(user: string, scope: string): Promise<PendingUpload[]> {
  const rows = await database().uploads.where({ user, scope }).toArray()
  return rows.sort((a, b) => a.addedAt - b.addedAt)
}

/** The ids of the records of `collection` that `user` has unfinished uploads for. */
export async function pendingRecords(
  user: string,
  collection: 'library' | 'materials',
): Promise<string[]> {
  const prefix = `${collection}:`
  const rows = await database().uploads.where({ user }).toArray()
  const ids = rows
    .sort((a, b) => a.addedAt - b.addedAt)
    .filter((row) => row.scope.startsWith(prefix))
    .map((row) => row.scope.slice(prefix.length))
  return [...new Set(ids)]
}

/** Forgets every unfinished upload but those of `next` (who uses the device now). */
export async function forgetOthersUploads(next: string | null): Promise<void> {
  if (typeof indexedDB === 'undefined') return
  await database()
    .uploads.filter((row) => row.user !== next)
    .delete()
}
