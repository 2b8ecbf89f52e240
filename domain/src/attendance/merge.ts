// The merge rule for records edited offline on several devices: per field, the edit with the
// later hybrid-logical-clock stamp wins. It depends only on the set of edits, not on the order
// they arrive in, and applying an edit twice changes nothing: that is what makes replicas converge
// and retries harmless.
import { compareHlc } from '../sync/hlc'
import type { FieldStamp, SyncedRecord } from '../records/synced'

export interface FieldEdit {
  hlc: string
  user: string
  deviceId: string
  /** The administrator acting as `user`, when one made the edit (docs/0045). */
  actor?: string
  fields: Record<string, unknown>
}

export type MergeOutcome<R extends SyncedRecord> =
  | { status: 'applied'; record: R; changed: boolean }
  | { status: 'superseded'; record: R; by: FieldStamp }

export function mergeEdit<R extends SyncedRecord>(record: R, edit: FieldEdit): MergeOutcome<R> {
  const stamp: FieldStamp = { hlc: edit.hlc, user: edit.user, deviceId: edit.deviceId }
  if (edit.actor !== undefined) stamp.actor = edit.actor
  const next: Record<string, unknown> = {
    ...(record as SyncedRecord),
    stamps: { ...record.stamps },
  }
  const stamps = next.stamps as Record<string, FieldStamp>
  let won = false
  let changed = false
  let winner: FieldStamp | null = null
  for (const [field, value] of Object.entries(edit.fields)) {
    const current = record.stamps[field]
    const order = current ? compareHlc(edit.hlc, current.hlc) : 1
    if (order > 0) {
      next[field] = value
      stamps[field] = stamp
      won = true
      changed = true
    } else if (order === 0) {
      // The same edit again (a retry or a duplicate delivery): it already holds this field.
      won = true
    } else if (current && (!winner || compareHlc(current.hlc, winner.hlc) > 0)) {
      winner = current
    }
  }
  if (won) return { status: 'applied', record: next as R, changed }
  return { status: 'superseded', record, by: winner as FieldStamp }
}

/** Applies edits in any order; the result is the same for every order (see merge.test.ts). */
export function mergeEdits<R extends SyncedRecord>(record: R, edits: readonly FieldEdit[]): R {
  return edits.reduce((current, edit) => mergeEdit(current, edit).record, record)
}
