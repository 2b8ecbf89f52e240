// Saving what an editor changed: only the fields that differ go into the device's outbox (one
// edit, merged per field on the server, so two editors changing different fields both keep their
// change), checked first against the record's field schema so that nothing the server would
// refuse waits in the queue. A new record is every field plus when it was made; a delete is a
// tombstone (`deleted: true`), which a pull takes to every device like any other edit
// (docs/product-rules.md#editing-material-and-the-library).
import type { ZodType } from 'zod'
import type { SyncCollection } from '@lfit/domain/sync/protocol'
import type { SyncedRecord } from '@lfit/domain/records/synced'

/** The one way screens make an edit (`useOffline().edit`). */
export type EditFn = (
  collection: SyncCollection,
  recordId: string,
  fields: Record<string, unknown>,
) => Promise<void>

/** Fields the sync keeps for itself: never part of an edit. */
const KEPT_BY_SYNC = new Set(['_id', 'stamps', 'rev'])

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The fields of `draft` that differ from `before` (all of them for a new record). */
export function changedFields<R extends SyncedRecord>(
  before: R | null,
  draft: R,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(draft).filter(
      ([field, value]) =>
        !KEPT_BY_SYNC.has(field) &&
        (before === null || !same(value, (before as Record<string, unknown>)[field])),
    ),
  )
}

export type SaveResult = { saved: true } | { saved: false; reason: 'unchanged' | 'invalid' }

/**
 * Records the changes of `draft` over `before` (null: a new record, stamped `createdAt = now`)
 * when they fit `schema`. Screens check their own rules (a title in some language) before.
 */
export async function saveRecord<R extends SyncedRecord & { createdAt: number }>(
  edit: EditFn,
  collection: SyncCollection,
  before: R | null,
  draft: R,
  schema: ZodType,
  now: number,
): Promise<SaveResult> {
  const fields = changedFields(before, before ? draft : { ...draft, createdAt: now })
  if (Object.keys(fields).length === 0) return { saved: false, reason: 'unchanged' }
  if (!schema.safeParse(fields).success) return { saved: false, reason: 'invalid' }
  await edit(collection, draft._id, fields)
  return { saved: true }
}

/** Deletes a record for everyone: its tombstone syncs like any edit. */
export function deleteRecord(edit: EditFn, collection: SyncCollection, id: string): Promise<void> {
  return edit(collection, id, { deleted: true })
}
