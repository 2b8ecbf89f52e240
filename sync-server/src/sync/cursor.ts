// The server's reading of the opaque `{epoch}:{seq}` cursor. A full snapshot is answered in
// pages; while one is in progress the epoch part also says where the snapshot stopped, so a
// device that goes offline half-way resumes it instead of starting over. The seq of a snapshot
// cursor is the log position captured before the snapshot began, which the device continues
// from once the snapshot is done. A page resumes after the last `_id` the previous page sent
// (`_id > last`, in `_id` order), so the store reads from an index instead of sorting the whole
// collection to skip what was sent. Synced records are never deleted (absences keep tombstones),
// so a record inserted meanwhile is either read by a later page or comes through the log; none
// is skipped. Cursors of the previous build name an offset instead; they are still read (one
// page by offset, then by `_id`).
import { createHash } from 'node:crypto'
import type { SyncReadScope } from '@lfit/domain/attendance/permissions'
import { decodeCursor, encodeCursor, type Cursor } from '@lfit/domain/sync/protocol'

/**
 * The epoch a reader's cursors carry: the log's, marked with the scopes that follow the reader
 * (their years, educators and roles: material) when they read any of it. A cursor made under
 * another scope is then "of another epoch", so a reader newly enrolled in a year, or no longer,
 * starts over with a snapshot instead of missing the records made before (which the change log
 * announced to them as not theirs) or keeping ones they may no longer read
 * (docs/0013-material-is-synced-and-files-are-content-addressed.md). Readers of none of it keep
 * the bare epoch, so their cursors are as before.
 */
export function readerEpoch(
  epoch: string,
  scopes: readonly (readonly [string, SyncReadScope])[],
): string {
  if (scopes.every(([, scope]) => scope.kind === 'none')) return epoch
  const mark = createHash('sha256').update(JSON.stringify(scopes)).digest('base64url').slice(0, 12)
  return `${epoch}~${mark}`
}

export type CursorPosition =
  /** No cursor, an unreadable one or one of another epoch: send everything, reset the device. */
  | { kind: 'start' }
  | { kind: 'log'; seq: number }
  | { kind: 'snapshot'; seq: number; collection: string; from: SnapshotFrom }

/** Where a snapshot resumes in its collection: after an `_id`, or (older cursors) an offset. */
export type SnapshotFrom = { after: string } | { offset: number }

/** The previous build's marker: `{epoch}/snapshot/{collection}/{offset}`. */
const SNAPSHOT = 'snapshot'
/** `{epoch}/after/{collection}/{last _id, URI-encoded}`. */
const AFTER = 'after'

/** Where `cursor` points in this server's log; `collections` are the synced ones. */
export function readCursor(
  cursor: Cursor | null,
  epoch: string,
  collections: readonly string[],
): CursorPosition {
  const decoded = cursor === null ? null : decodeCursor(cursor)
  if (!decoded) return { kind: 'start' }
  if (decoded.epoch === epoch) return { kind: 'log', seq: decoded.seq }
  const [cursorEpoch, marker, collection, where, ...rest] = decoded.epoch.split('/')
  if (
    cursorEpoch !== epoch ||
    collection === undefined ||
    where === undefined ||
    !collections.includes(collection) ||
    rest.length > 0
  ) {
    return { kind: 'start' }
  }
  const from = snapshotFrom(marker, where)
  return from ? { kind: 'snapshot', seq: decoded.seq, collection, from } : { kind: 'start' }
}

function snapshotFrom(marker: string | undefined, where: string): SnapshotFrom | null {
  if (marker === AFTER) {
    try {
      return { after: decodeURIComponent(where) }
    } catch {
      return null
    }
  }
  if (marker !== SNAPSHOT) return null
  const offset = Number(where)
  return where !== '' && Number.isSafeInteger(offset) && offset >= 0 ? { offset } : null
}

export function logCursor(epoch: string, seq: number): Cursor {
  return encodeCursor(epoch, seq)
}

/** A snapshot that goes on in `collection` after the record `lastId`. */
export function snapshotCursor(
  epoch: string,
  seq: number,
  collection: string,
  lastId: string,
): Cursor {
  return encodeCursor(`${epoch}/${AFTER}/${collection}/${encodeURIComponent(lastId)}`, seq)
}

/** The previous build's snapshot cursor (by offset), still read; for tests of old devices. */
export function offsetSnapshotCursor(
  epoch: string,
  seq: number,
  collection: string,
  offset: number,
): Cursor {
  return encodeCursor(`${epoch}/${SNAPSHOT}/${collection}/${offset}`, seq)
}
