// The checks a pushed item must pass before it may touch a record: the protocol's shape, the
// collection's fields, and a record key that means something. A failing item is answered with a
// bilingual reason and set aside by the device; it never blocks the rest of its batch.
import type { SyncedCollection } from '@lfit/domain/sync/registry'
import type { Bilingual, PushResult } from '@lfit/domain/sync/protocol'
import type { Edit, SyncProtocol } from './context'
import { sanitizeRichText } from '../rich-text/sanitize'
import { describeIssues } from './request'

export type Rejection = Extract<PushResult, { status: 'rejected' }>

export function rejection(
  id: string,
  code: string,
  message: Bilingual,
  permanent = true,
): Rejection {
  return { id, status: 'rejected', reason: { code, message }, permanent }
}

export type ValidatedItem = { ok: true; mutation: Edit } | { ok: false; result: Rejection }

/** Checks one item of an `upsertBatch` for `collection`; the answer keeps its id when it has one. */
export function validateItem(
  item: unknown,
  collection: string,
  { registry, schemas }: SyncProtocol,
): ValidatedItem {
  const rawId = (item as { id?: unknown } | null)?.id
  const id = typeof rawId === 'string' ? rawId : ''
  const parsed = schemas.mutation.safeParse(item)
  if (!parsed.success) {
    return {
      ok: false,
      result: rejection(id, 'invalid', {
        sl: `sprememba ni veljavna: ${describeIssues(parsed.error)}`,
        en: `the edit is not valid: ${describeIssues(parsed.error)}`,
      }),
    }
  }
  const mutation = parsed.data
  if (mutation.collection !== collection) {
    return {
      ok: false,
      result: rejection(id, 'wrongCollection', {
        sl: `sprememba za ${mutation.collection} je bila poslana v ${collection}`,
        en: `an edit of ${mutation.collection} was sent to ${collection}`,
      }),
    }
  }
  const entry = registry[collection] as SyncedCollection
  const fields = entry.fields.safeParse(mutation.fields)
  if (!fields.success) {
    return {
      ok: false,
      result: rejection(id, 'invalidFields', {
        sl: `polja niso veljavna: ${describeIssues(fields.error)}`,
        en: `the fields are not valid: ${describeIssues(fields.error)}`,
      }),
    }
  }
  const refused = entry.refuseId(mutation.recordId)
  if (refused) return { ok: false, result: rejection(id, refused.code, refused.message) }
  return { ok: true, mutation: { ...mutation, fields: sanitized(entry, fields.data) } }
}

/**
 * The fields with their rich text cleaned by the one allow-list (docs/security.md#rich-text)
 * before anything is merged, stored or kept in history: what an editor's device sent is never
 * what a reader's device gets unless it was harmless.
 */
function sanitized(
  entry: SyncedCollection,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const rich = (entry.richText ?? []).filter((field) => typeof fields[field] === 'string')
  if (rich.length === 0) return fields
  const clean = { ...fields }
  for (const field of rich) clean[field] = sanitizeRichText(fields[field] as string)
  return clean
}
