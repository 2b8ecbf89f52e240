// Edits the server answered `applied`, watched until a pull shows what became of them: when
// another device's later edit overwrote one, the editor gets a superseded notice whatever order
// the two edits reached the server in. They are kept one row per settled push batch (a thousand
// edits after a day offline are one row, not a thousand:
// docs/0019-attendance-grouped-per-day-on-the-device.md).
import type { SyncedRecord } from '@lfit/domain/records/synced'
import { compareHlc } from '@lfit/domain/sync/hlc'
import type { SyncCollection } from '@lfit/domain/sync/protocol'
import type { AppliedBatch, AppliedEdit, LocalDatabase, OutboxEntry, SyncNotice } from './database'

/** How long an applied edit is watched for a conflicting later edit from another device. */
export const APPLIED_KEPT_MS = 30 * 24 * 60 * 60_000

export const appliedKey = (collection: string, recordId: string, field: string) =>
  `${collection}\0${recordId}\0${field}`

/** One applied entry per field the edit set. */
export function appliedFields(entry: OutboxEntry, now: number): AppliedEdit[] {
  const { mutation } = entry
  return Object.entries(mutation.fields).map(([field, value]) => ({
    key: appliedKey(mutation.collection, mutation.recordId, field),
    mutationId: mutation.id,
    collection: mutation.collection,
    recordId: mutation.recordId,
    field,
    value,
    hlc: mutation.hlc,
    deviceId: mutation.deviceId,
    user: entry.user,
    madeAt: entry.madeAt,
    appliedAt: now,
  }))
}

/** Keeps a settled batch's applied edits as one row (in the settle's transaction). */
export async function keepApplied(db: LocalDatabase, edits: AppliedEdit[]): Promise<void> {
  const first = edits[0]
  if (first) await db.appliedBatches.add({ appliedAt: first.appliedAt, edits })
}

/** The applied edits watched while one pulled page is written. */
export interface Watched {
  rows: AppliedBatch[]
  /** The latest applied edit of each field (a later batch's replaces an earlier one's). */
  byKey: Map<string, AppliedEdit>
  /** Fields whose fate a pull has shown: they are no longer watched. */
  settled: Set<string>
}

export async function watchedEdits(db: LocalDatabase): Promise<Watched> {
  const rows = await db.appliedBatches.toArray()
  const byKey = new Map<string, AppliedEdit>()
  for (const row of rows) for (const edit of row.edits) byKey.set(edit.key, edit)
  return { rows, byKey, settled: new Set() }
}

/**
 * Pulled records against this device's applied edits: a field now stamped by another device's
 * later edit means ours was overwritten after it had been applied (the two were made apart, and
 * ours reached the server first); the editor is told, as when the server answers `superseded`.
 */
export async function noticeOverwrites(
  db: LocalDatabase,
  collection: SyncCollection,
  records: readonly SyncedRecord[],
  watched: Watched,
): Promise<void> {
  // Only the fields this device has applied edits of are looked at: a full pull brings tens of
  // thousands of stamps, and a new device has no applied edits at all.
  if (watched.byKey.size === 0) return
  const notices: SyncNotice[] = []
  for (const record of records) {
    for (const [field, stamp] of Object.entries(record.stamps)) {
      const key = appliedKey(collection, record._id, field)
      const mine = watched.byKey.get(key)
      if (!mine || stamp.hlc === mine.hlc) continue
      watched.byKey.delete(key)
      watched.settled.add(key)
      if (stamp.deviceId === mine.deviceId || compareHlc(stamp.hlc, mine.hlc) < 0) continue
      notices.push({
        id: `${mine.mutationId}:${field}`,
        kind: 'superseded',
        collection,
        recordId: record._id,
        fields: { [field]: mine.value },
        user: mine.user,
        madeAt: mine.madeAt,
        by: stamp,
      })
    }
  }
  if (notices.length > 0) await db.notices.bulkPut(notices)
}

/** Drops the settled fields from their rows (a row left empty goes). */
export async function forgetSettled(db: LocalDatabase, watched: Watched): Promise<void> {
  if (watched.settled.size === 0) return
  const changed = watched.rows.flatMap((row) => {
    const edits = row.edits.filter((edit) => !watched.settled.has(edit.key))
    return edits.length === row.edits.length ? [] : [{ ...row, edits }]
  })
  await Promise.all([
    db.appliedBatches.bulkPut(changed.filter((row) => row.edits.length > 0)),
    db.appliedBatches.bulkDelete(
      changed.filter((row) => row.edits.length === 0).map((row) => row.id as number),
    ),
  ])
}

/** Applied edits older than APPLIED_KEPT_MS are no longer watched. */
export function expireApplied(db: LocalDatabase, now: number): Promise<number> {
  return db.appliedBatches
    .where('appliedAt')
    .below(now - APPLIED_KEPT_MS)
    .delete()
}
