// Who may download a stored file, and where each file is used (the FileAccess port of the file
// routes, docs/access-policy.md#materials): a file may be fetched by whoever may read a material
// or library item that lists it (a recording's subtitles included), by its uploader (to check it before attaching it) and by the
// roles that manage material or the library. Deleted material uses no file and opens none. The
// rules are the pull's own read scopes, so a device never holds a record whose files it cannot
// fetch, and a file id learned or guessed opens nothing else.
import { fitsScope, type SyncActor } from '@lfit/domain/attendance/permissions'
import { hasAnyRole } from '@lfit/domain/access/roles'
import {
  FILE_MANAGER_ROLES,
  libraryReadScope,
  materialReadScope,
} from '@lfit/domain/materials/access'
import type { Session } from '../auth/session'
import type { FileAccess, FileMeta, FileUse } from '../files/access'
import type { Doc, Store } from '../store/port'
import { readerFacts } from '../sync/reader'

type UsingCollection = FileUse['collection']

const READ_SCOPES: Record<
  UsingCollection,
  (actor: SyncActor) => ReturnType<typeof libraryReadScope>
> = { materials: materialReadScope, library: libraryReadScope }

const titleOf = (collection: UsingCollection, doc: Doc): string => {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return collection === 'materials' ? text(doc.titleSl) || text(doc.titleEn) : text(doc.title)
}

/** Where each collection lists files: a recording's subtitles are its files as much as its media. */
const FILE_LISTS: Record<UsingCollection, readonly string[]> = {
  materials: ['files', 'subtitles'],
  library: ['files'],
}

/** The file ids a record lists, in all of its collection's file lists. */
function listedFileIds(collection: UsingCollection, doc: Doc): unknown[] {
  return FILE_LISTS[collection].flatMap((list) => {
    const refs = doc[list]
    return Array.isArray(refs) ? (refs as { fileId?: unknown }[]).map((ref) => ref.fileId) : []
  })
}

/** The not-deleted records of both collections that list one of `fileIds`. */
async function usingRecords(
  store: Store,
  fileIds: readonly string[],
): Promise<[UsingCollection, Doc][]> {
  const found = new Map<string, [UsingCollection, Doc]>()
  for (const collection of ['materials', 'library'] as const) {
    for (const list of FILE_LISTS[collection]) {
      const docs = await store
        .collection(collection)
        .find({ [`${list}.fileId`]: { $in: [...fileIds] }, deleted: { $ne: true } })
      for (const doc of docs) found.set(`${collection}\0${String(doc._id)}`, [collection, doc])
    }
  }
  return [...found.values()]
}

export function createMaterialFileAccess(deps: { store: () => Promise<Store> }): FileAccess {
  return {
    async mayDownload(session: Session | null, file: FileMeta): Promise<boolean> {
      if (!session) return false
      const actor: SyncActor = { username: session.user.username, roles: session.roles }
      if (file.uploadedBy === actor.username || hasAnyRole(actor, FILE_MANAGER_ROLES)) {
        return true
      }
      const store = await deps.store()
      const uses = await usingRecords(store, [file._id])
      if (uses.length === 0) return false
      const reader = { ...actor, facts: await readerFacts(store, actor.username) }
      return uses.some(([collection, doc]) => fitsScope(READ_SCOPES[collection](reader), doc))
    },

    async usesOf(fileIds: readonly string[]): Promise<Map<string, FileUse[]>> {
      const uses = new Map<string, FileUse[]>()
      if (fileIds.length === 0) return uses
      const wanted = new Set(fileIds)
      for (const [collection, doc] of await usingRecords(await deps.store(), fileIds)) {
        const use: FileUse = { collection, id: String(doc._id), title: titleOf(collection, doc) }
        for (const fileId of new Set(listedFileIds(collection, doc))) {
          if (typeof fileId !== 'string' || !wanted.has(fileId)) continue
          uses.set(fileId, [...(uses.get(fileId) ?? []), use])
        }
      }
      return uses
    },
  }
}
