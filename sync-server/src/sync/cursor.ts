// The server's reading of the opaque `{epoch}:{seq}` cursor. A full snapshot is answered in
// pages; while one is in progress the epoch part also says where the snapshot stopped, so a
// device that goes offline half-way resumes it instead of starting over. The seq of a snapshot
// cursor is the log position captured before the snapshot began, which the device continues
// from once the snapshot is done. Pages are counted by offset in `_id` order: synced records are
// never deleted (absences keep tombstones), so a record inserted meanwhile can only shift others
// into being sent twice, never skipped, and the record itself comes through the log.
import { decodeCursor, encodeCursor, type Cursor } from '@lfit/domain/sync/protocol'

export type CursorPosition =
  /** No cursor, an unreadable one or one of another epoch: send everything, reset the device. */
  | { kind: 'start' }
  | { kind: 'log'; seq: number }
  | { kind: 'snapshot'; seq: number; collection: string; offset: number }

const SNAPSHOT = 'snapshot'

/** Where `cursor` points in this server's log; `collections` are the synced ones. */
export function readCursor(
  cursor: Cursor | null,
  epoch: string,
  collections: readonly string[],
): CursorPosition {
  const decoded = cursor === null ? null : decodeCursor(cursor)
  if (!decoded) return { kind: 'start' }
  if (decoded.epoch === epoch) return { kind: 'log', seq: decoded.seq }
  const [cursorEpoch, marker, collection, offset, ...rest] = decoded.epoch.split('/')
  const skip = Number(offset)
  if (
    cursorEpoch !== epoch ||
    marker !== SNAPSHOT ||
    collection === undefined ||
    !collections.includes(collection) ||
    !Number.isSafeInteger(skip) ||
    skip < 0 ||
    rest.length > 0
  ) {
    return { kind: 'start' }
  }
  return { kind: 'snapshot', seq: decoded.seq, collection, offset: skip }
}

export function logCursor(epoch: string, seq: number): Cursor {
  return encodeCursor(epoch, seq)
}

export function snapshotCursor(
  epoch: string,
  seq: number,
  collection: string,
  offset: number,
): Cursor {
  return encodeCursor(`${epoch}/${SNAPSHOT}/${collection}/${offset}`, seq)
}
