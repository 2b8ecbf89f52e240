// The push half of a sync run (docs/sync-protocol.md, The device side): the outbox goes up in
// batches through upsertBatch, in the order the edits were made, and each batch's answers are
// kept in one transaction: applied edits leave the outbox and are merged into the device's
// records (with a notice when the server says something about one), superseded and permanently
// rejected ones leave it for the notices list, and an edit to retry later stays queued and stops
// the run.
import type { SyncedRecord } from '@lfit/domain/records/synced'
import { mergeEdit } from '@lfit/domain/attendance/merge'
import {
  MAX_BATCH,
  pushResponseSchema,
  SYNC_PROTOCOL_VERSION,
  type PushResult,
  type SyncCollection,
} from '@lfit/domain/sync/protocol'
import { appliedFields, keepApplied } from './applied-edits'
import type { AppliedEdit, LocalDatabase, OutboxEntry, SyncNotice } from './database'
import { keepRecords, readRecords, recordTable } from './device-records'
import { observeStamps } from './outbox'
import type { SyncEngineDeps, SyncUser } from './sync-engine'
import { readAnswer, TransportError } from './transport'

/** Pushes every queued edit `user` may push; throws to stop the run when one must wait. */
export async function pushOutbox(deps: SyncEngineDeps, user: SyncUser): Promise<void> {
  const { db } = deps
  // Read once (an empty outbox, the usual case, costs one read), and again only after a full
  // batch, when more of the same collection may wait.
  let queued = await db.outbox.orderBy('seq').toArray()
  // In the order of the device database's registry (a test's may add a collection to the app's).
  for (const collection of Object.keys(db.registry) as SyncCollection[]) {
    // Pushed in the order made; edits this user may not push wait for a login that may.
    for (;;) {
      const batch = queued
        .filter((entry) => entry.mutation.collection === collection && deps.mayPush(user, entry))
        .slice(0, MAX_BATCH)
      if (batch.length === 0) break
      const { results } = readAnswer(
        pushResponseSchema,
        await deps.transport.push(collection, {
          v: SYNC_PROTOCOL_VERSION,
          batch: batch.map((entry) => entry.mutation),
        }),
      )
      const stop = await settle(db, queued, batch, results, deps.now())
      if (stop) throw new TransportError({ kind: 'server', status: 503, message: stop })
      if (batch.length < MAX_BATCH) break
      queued = await db.outbox.orderBy('seq').toArray()
    }
  }
}

/** Records the server's answers; returns a reason to stop when an edit must be retried later. */
async function settle(
  db: LocalDatabase,
  queued: readonly OutboxEntry[],
  batch: readonly OutboxEntry[],
  results: readonly PushResult[],
  now: number,
): Promise<string | null> {
  const byId = new Map(results.map((result) => [result.id, result]))
  let retryLater: string | null = null
  const done = new Set<number>()
  const notices: SyncNotice[] = []
  const applied: AppliedEdit[] = []
  const kept: OutboxEntry[] = []
  for (const entry of batch) {
    const result = byId.get(entry.mutation.id)
    if (!result) {
      retryLater ??= 'the server did not answer for every edit'
      continue
    }
    if (result.status === 'rejected' && !result.permanent) {
      retryLater ??= result.reason.message.en
      continue
    }
    if (result.status !== 'applied') notices.push(noticeFor(entry, result, now))
    else {
      applied.push(...appliedFields(entry, now))
      kept.push(entry)
      // Applied, with something the editor should know (a mark kept for a day the calendar no
      // longer has as a study day, docs/0049-devices-follow-the-calendar.md).
      if (result.notice)
        notices.push({ ...noticeBase(entry, now), kind: 'kept', reason: result.notice })
    }
    done.add(entry.seq as number)
  }
  const tables = [...new Set(kept.map((entry) => entry.mutation.collection))].map((name) =>
    recordTable(db, name),
  )
  // One write of each kind for the whole batch (a thousand edits after a day offline), in one
  // transaction: an edit leaves the outbox exactly when its answer is kept, and when it is kept
  // in the device's record, so no screen shows the value from before it until the pull.
  // The writes are issued together, not one after another: IndexedDB runs them in order.
  // A superseded edit's winning stamp is a stamp seen like a pulled one: the clock moves past it
  // (the receive rule), so editing that record again is stamped later than what won.
  const winners = notices.flatMap((notice) => (notice.by ? [notice.by.hlc] : []))
  await db.transaction('rw', [db.outbox, db.notices, db.appliedBatches, db.meta, ...tables], () =>
    Promise.all([
      db.notices.bulkPut(notices),
      observeStamps(db, winners, now),
      keepApplied(db, applied),
      keepInRecords(db, kept),
      ...seqRuns(queued, done).map(([from, to]) =>
        db.outbox.where(':id').between(from, to, true, true).delete(),
      ),
    ]),
  )
  return retryLater
}

/**
 * The settled edits as runs of outbox keys, each one range to delete: a run is a stretch of the
 * outbox, as read before the push, with every entry settled. Keys only grow, so an edit queued
 * since that read lies after every run and no range holds an entry that was not settled. After
 * a day offline the thousand edits of a batch are one range, one request instead of a thousand.
 */
function seqRuns(queued: readonly OutboxEntry[], done: ReadonlySet<number>): [number, number][] {
  const runs: [number, number][] = []
  let run: [number, number] | null = null
  for (const { seq } of queued) {
    if (seq !== undefined && done.has(seq)) {
      if (run) run[1] = seq
      else runs.push((run = [seq, seq]))
    } else run = null
  }
  return runs
}

/**
 * Merges applied edits into the device's copies of their records. The server holds them now, so
 * the merge (per field, the later stamp wins) gives what the next pull brings for those fields.
 */
async function keepInRecords(db: LocalDatabase, entries: readonly OutboxEntry[]): Promise<void> {
  const byCollection = new Map<SyncCollection, OutboxEntry[]>()
  for (const entry of entries) {
    const list = byCollection.get(entry.mutation.collection)
    if (list) list.push(entry)
    else byCollection.set(entry.mutation.collection, [entry])
  }
  for (const [name, list] of byCollection) {
    const ids = [...new Set(list.map((entry) => entry.mutation.recordId))]
    const stored = await readRecords(db, name, ids)
    const records = new Map<string, SyncedRecord>()
    ids.forEach((id, index) => {
      const record = stored[index] ?? db.registry[name]?.empty(id)
      if (record) records.set(id, record)
    })
    for (const { mutation, user } of list) {
      const record = records.get(mutation.recordId)
      if (!record) continue
      const edit = { hlc: mutation.hlc, deviceId: mutation.deviceId, fields: mutation.fields, user }
      records.set(mutation.recordId, mergeEdit(record, edit).record)
    }
    await keepRecords(db, name, [...records.values()])
  }
}

/** What every notice of an edit says about the edit itself, and when its answer came. */
function noticeBase(entry: OutboxEntry, receivedAt: number) {
  return {
    id: entry.mutation.id,
    collection: entry.mutation.collection,
    recordId: entry.mutation.recordId,
    fields: entry.mutation.fields,
    user: entry.user,
    madeAt: entry.madeAt,
    receivedAt,
  }
}

function noticeFor(
  entry: OutboxEntry,
  result: Exclude<PushResult, { status: 'applied' }>,
  receivedAt: number,
): SyncNotice {
  const base = noticeBase(entry, receivedAt)
  return result.status === 'superseded'
    ? { ...base, kind: 'superseded', by: result.by }
    : { ...base, kind: 'rejected', reason: result.reason }
}
