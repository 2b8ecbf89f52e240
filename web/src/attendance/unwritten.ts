// An edit /ETAB shows from the moment it is made, while its strict IndexedDB write is still under
// way (docs/0020-tap-shows-before-its-write.md): the tap's mark is on screen in the same frame,
// the write follows in the order the edits were made, and a write that fails takes its edit off
// the screen again (the editor is told). Only written edits count as waiting to sync.
import type { ChangedFields } from './undo'

/** An edit made on a sheet and not yet on disk. */
export interface Unwritten {
  /** Which edit this is, in the order they were made. */
  key: number
  /** The sheet's key (`day:<id>` or `makeup:<id>`). */
  sheet: string
  participant: string
  fields: ChangedFields
}

/** The unwritten edits of one person on one sheet, oldest first. */
export function unwrittenOf(
  list: readonly Unwritten[],
  sheet: string,
  participant: string,
): Unwritten[] {
  return list.filter((u) => u.sheet === sheet && u.participant === participant)
}

/** `record` as it shows with `edits` on top: the newest edit of a field wins. */
export function withUnwritten<R extends { mark: unknown; note: unknown }>(
  record: R,
  edits: readonly Unwritten[],
): R {
  if (edits.length === 0) return record
  return edits.reduce<R>((shown, { fields }) => ({ ...shown, ...fields }), record)
}

/** The list without the edit `key`: its write has ended, on disk or failed. */
export function settled(list: readonly Unwritten[], key: number): readonly Unwritten[] {
  return list.filter((u) => u.key !== key)
}

/**
 * Runs the writes one after the other, in the order they were asked for: a later edit of the
 * same record gets a later clock stamp, and a failed write does not stop the ones after it.
 */
export function writeQueue(): <T>(write: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve()
  return (write) => {
    const next = last.then(write)
    last = next.catch(() => undefined)
    return next
  }
}
