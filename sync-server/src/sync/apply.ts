// Applies a batch's new edits to their records (docs/0001): merged with the domain's one merge
// rule, checked per edit against the record as it stands by its collection's rules (the
// registry's fields required on create and write permission), and written so that
// two server processes on one database never lose an update. The common case is written in two
// store calls (all new records in one ordered insert, all changed records in one ordered bulk
// compare-and-set on `rev`); if another writer got in between, the affected records are re-read
// and re-merged one by one until their compare-and-set holds. Every write is announced in the
// change log (claimed with the records' ids before, committed after) so that pulls stay complete
// even when the process dies half-way (docs/0006).
import { mergeEdit, type FieldEdit } from '@lfit/domain/attendance/merge'
import type { SyncedRecord } from '@lfit/domain/records/synced'
import { localDayStr } from '@lfit/domain/schedule'
import {
  missingOnCreate,
  type SyncedCollection,
  type SyncRegistry,
} from '@lfit/domain/sync/registry'
import type { PushResult } from '@lfit/domain/sync/protocol'
import { DuplicateKeyError, type Collection, type Doc } from '../store/port'
import { claimChange, commitChange } from './changelog'
import { protocolOf, type Edit, type SyncContext } from './context'
import { rejection } from './validate'

/** Compare-and-set attempts on one record before its edits are answered "retry later". */
const CAS_ATTEMPTS = 20
/** Records re-merged at once after a conflict; bounds the connections one batch takes. */
const RETRY_CONCURRENCY = 16

type StoredRecord = SyncedRecord & { rev?: number }

interface Merged {
  record: StoredRecord
  changed: boolean
  answers: Map<string, PushResult>
}

interface Plan {
  recordId: string
  edits: readonly Edit[]
  current: StoredRecord | null
  merged: Merged
}

/** What applying a batch's new edits did. */
export interface Applied {
  /** The answer per edit id. */
  answers: Map<string, PushResult>
  /**
   * The records the batch's change-log entry names, as the batch left them: the ones it wrote,
   * and the ones that already held one of its edits (written by a delivery that died before its
   * history, docs/0006). Empty when nothing changed. Only read, never changed: they are the
   * merged records in hand and the store's own read-only documents.
   */
  announced: SyncedRecord[]
}

/** Merges the edits (all new to this server) into their records and writes them. */
export async function applyEdits(
  ctx: SyncContext<SyncRegistry>,
  collection: string,
  mutations: readonly Edit[],
): Promise<Applied> {
  const entry = protocolOf(ctx).registry[collection] as SyncedCollection
  const answers = new Map<string, PushResult>()
  const announced: SyncedRecord[] = []
  const adopt = (merged: Merged) => {
    for (const [id, answer] of merged.answers) answers.set(id, answer)
  }
  const byRecord = new Map<string, Edit[]>()
  for (const mutation of mutations) {
    const edits = byRecord.get(mutation.recordId) ?? []
    edits.push(mutation)
    byRecord.set(mutation.recordId, edits)
  }
  if (byRecord.size === 0) return { answers, announced }
  const records = ctx.store.collection(collection)
  const stored = new Map<string, StoredRecord>()
  // Read-only: merging never changes a record in place (it makes the next one), so the store's
  // own documents are read instead of copies.
  const found = await records.find({ _id: { $in: [...byRecord.keys()] } }, { readOnly: true })
  for (const doc of found) {
    stored.set(doc._id as string, doc as unknown as StoredRecord)
  }

  const today = localDayStr(ctx.now)
  const inserts: Plan[] = []
  const updates: Plan[] = []
  // Records that already hold an edit new to history: a delivery that died before keeping its
  // history wrote it, and may have died before announcing it too, so it is announced again
  // (docs/0006).
  const held: string[] = []
  for (const [recordId, edits] of byRecord) {
    const current = stored.get(recordId) ?? null
    const merged = mergeRecord(ctx, entry, today, recordId, current, edits)
    if (merged.changed) (current ? updates : inserts).push({ recordId, edits, current, merged })
    else {
      adopt(merged)
      if ([...merged.answers.values()].some((answer) => answer.status === 'applied')) {
        held.push(recordId)
        announced.push(merged.record)
      }
    }
  }
  const writes = [...inserts, ...updates]
  if (writes.length === 0 && held.length === 0) return { answers, announced }

  // One change-log entry per batch, naming every record before it is written, so that even a
  // crash before the commit announces them: an extra id in the log costs a puller nothing, a
  // missing one would lose a change.
  const recordIds = [...writes.map((plan) => plan.recordId), ...held].map((id) => ({
    collection,
    id,
  }))
  const seq = await claimChange(ctx.store, ctx.now, recordIds)
  try {
    const conflicts: Plan[] = []
    const written = (plan: Plan) => {
      adopt(plan.merged)
      announced.push(plan.merged.record)
    }
    if (await insertAll(records, inserts)) inserts.forEach(written)
    else conflicts.push(...inserts)
    if (await updateAll(records, updates)) updates.forEach(written)
    else conflicts.push(...updates)
    await forEachLimited(conflicts, RETRY_CONCURRENCY, async (plan) => {
      const merged = await retryRecord(ctx, entry, records, plan)
      for (const [id, answer] of merged.answers) answers.set(id, answer)
      announced.push(merged.record)
    })
  } finally {
    await commitChange(ctx.store, seq, recordIds, ctx.now)
  }
  return { answers, announced }
}

/** All new records in one ordered insert; false when one already exists (someone was quicker). */
async function insertAll(records: Collection, plans: readonly Plan[]): Promise<boolean> {
  if (plans.length === 0) return true
  try {
    await records.insert(plans.map((plan) => ({ ...plan.merged.record, rev: 1 }) as Doc))
    return true
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false
    throw error
  }
}

/**
 * All changed records in one ordered bulk compare-and-set. A record whose `rev` moved on fails
 * its filter, so the upsert tries to insert its `_id` again and stops the batch with a duplicate
 * key: false, and the caller re-reads every record of the batch (the ones written before the
 * failure then merge to "no change").
 */
async function updateAll(records: Collection, plans: readonly Plan[]): Promise<boolean> {
  if (plans.length === 0) return true
  try {
    await records.bulkUpsert(
      plans.map(({ current, merged }) => {
        const { _id, rev: _rev, ...fields } = merged.record
        const rev = current?.rev
        return {
          filter: { _id, rev: rev ?? null },
          update: { $set: { ...fields, rev: (rev ?? 0) + 1 } },
        }
      }),
    )
    return true
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false
    throw error
  }
}

/**
 * Re-reads one record and merges its edits again until a compare-and-set holds: answers the
 * merge that held (its record as written or found), or "retry later" with the first merge.
 */
async function retryRecord(
  ctx: SyncContext<SyncRegistry>,
  entry: SyncedCollection,
  records: Collection,
  plan: Plan,
): Promise<Pick<Merged, 'answers' | 'record'>> {
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
    const current = (await records.findById(plan.recordId)) as StoredRecord | null
    const merged = mergeRecord(ctx, entry, localDayStr(ctx.now), plan.recordId, current, plan.edits)
    if (!merged.changed || (await writeRecord(records, current, merged.record))) {
      return merged
    }
  }
  const busy = new Map<string, PushResult>()
  for (const edit of plan.edits) {
    busy.set(
      edit.id,
      rejection(
        edit.id,
        'busy',
        {
          sl: 'zapis se prav zdaj pogosto spreminja, poskusite znova',
          en: 'the record is changing too often right now, try again',
        },
        false,
      ),
    )
  }
  return { answers: busy, record: plan.merged.record }
}

/** Applies one record's edits in the order sent; pure apart from reading the user and time. */
function mergeRecord(
  ctx: SyncContext<SyncRegistry>,
  entry: SyncedCollection,
  today: string,
  recordId: string,
  current: StoredRecord | null,
  edits: readonly Edit[],
): Merged {
  const answers = new Map<string, PushResult>()
  // validateItem has refused ids the collection cannot hold, so there is an empty record.
  let record: StoredRecord = current ?? (entry.empty(recordId) as StoredRecord)
  let exists = current !== null
  let changed = false
  for (const edit of edits) {
    const missing = exists ? [] : missingOnCreate(entry, edit.fields)
    if (missing.length > 0) {
      answers.set(
        edit.id,
        rejection(edit.id, 'incomplete', {
          sl: `nov zapis potrebuje polja ${missing.join(', ')}`,
          en: `a new record needs the fields ${missing.join(', ')}`,
        }),
      )
      continue
    }
    const decision = entry.mayWrite(
      ctx.user,
      { current: exists ? record : null, fields: edit.fields, id: recordId },
      today,
    )
    if (!decision.allowed) {
      answers.set(edit.id, rejection(edit.id, decision.code, decision.message))
      continue
    }
    const fieldEdit: FieldEdit = {
      hlc: edit.hlc,
      user: ctx.user.username,
      ...(ctx.actor === undefined ? {} : { actor: ctx.actor }),
      deviceId: edit.deviceId,
      fields: edit.fields,
    }
    const outcome = mergeEdit(record, fieldEdit)
    if (outcome.status === 'superseded') {
      answers.set(edit.id, { id: edit.id, status: 'superseded', by: outcome.by })
      continue
    }
    const notice = entry.noticeOf?.(recordId)
    answers.set(edit.id, { id: edit.id, status: 'applied', ...(notice ? { notice } : {}) })
    record = outcome.record
    exists = true
    changed ||= outcome.changed
  }
  return { record, changed, answers }
}

/** Inserts a new record or updates one only if nobody wrote it since it was read. */
async function writeRecord(
  records: Collection,
  current: StoredRecord | null,
  next: StoredRecord,
): Promise<boolean> {
  if (!current) {
    try {
      await records.insert({ ...next, rev: 1 } as Doc)
      return true
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false
      throw error
    }
  }
  const { _id, rev: _rev, ...fields } = next
  const result = await records.upsert(
    { _id, rev: current.rev ?? null },
    { $set: { ...fields, rev: (current.rev ?? 0) + 1 } },
    { upsert: false },
  )
  return result.matched === 1
}

/** Runs tasks `limit` at a time; on a failure starts no new task and rethrows once all settled. */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await task(items[next++] as T)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  const settled = await Promise.allSettled(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  )
  const failure = settled.find((result) => result.status === 'rejected')
  if (failure) throw failure.reason
}
