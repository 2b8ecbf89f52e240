// upsertBatch for the offline-edited collections (docs/0001). Each pushed edit is answered
// applied, superseded (by whom and when) or rejected (with a reason). Applied and superseded
// edits are kept in `history` under their client-generated id, so a retried or duplicated
// delivery answers the stored result and changes nothing. A rejected edit is not kept: it
// changed nothing, so answering a retry by judging it again is just as exact, and a caller with
// no right to write cannot fill the history with refused edits. The edits that are new to the
// server are applied by apply.ts.
import type { SyncedRecord } from '@lfit/domain/records/synced'
import type { SyncRegistry } from '@lfit/domain/sync/registry'
import { MAX_BATCH, type PushResult } from '@lfit/domain/sync/protocol'
import {
  DuplicateKeyError,
  inTransaction,
  type Collection,
  type Doc,
  type Store,
} from '../store/port'
import { applyEdits } from './apply'
import { protocolOf, SyncRequestError, type Edit, type SyncContext } from './context'
import { rejection, validateItem } from './validate'

export const HISTORY = 'history'

/** What history keeps per edit: the edit as the server saw it and the answer it got. */
export interface HistoryEntry {
  _id: string
  collection: string
  recordId: string
  /** The authenticated editor, not whatever the device claimed. */
  user: string
  /** The administrator acting as `user`, when one sent the edit (docs/0045). */
  actor?: string
  deviceId: string
  hlc: string
  fields: Record<string, unknown>
  result: DistributiveOmit<Exclude<PushResult, { status: 'rejected' }>, 'id'>
  receivedAt: number
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** What a push did: the answer per edit, and what it changed. */
export interface PushOutcome<T = never> {
  results: PushResult[]
  /**
   * The records this delivery announced in the change log (see `Applied` in apply.ts), as it
   * left them; empty when it changed nothing, as for a retry whose edits history already knows.
   */
  announced: readonly SyncedRecord[]
  /** What `alongside` answered; undefined when it did not run (the push changed nothing). */
  alongside?: T | undefined
}

/**
 * Work done inside a push's transaction after its writes, when it changed records, and given
 * them: its own writes are stored with the push's (the make-up standing claims, docs/0021).
 */
export type Alongside<T> = (store: Store, announced: readonly SyncedRecord[]) => Promise<T>

/** The answers alone, for callers that are not told of the change (the seed, tests). */
export async function pushBatch(
  ctx: SyncContext<SyncRegistry>,
  collection: string,
  batch: unknown[],
): Promise<PushResult[]> {
  return (await pushEdits(ctx, collection, batch)).results
}

export async function pushEdits<T = never>(
  ctx: SyncContext<SyncRegistry>,
  collection: string,
  batch: unknown[],
  alongside?: Alongside<T>,
): Promise<PushOutcome<T>> {
  const protocol = protocolOf(ctx)
  if (!Object.hasOwn(protocol.registry, collection)) {
    throw new SyncRequestError('notSynced', {
      sl: `zbirka ${collection} se ne sinhronizira`,
      en: `the collection ${collection} is not synced`,
    })
  }
  if (batch.length > MAX_BATCH) {
    throw new SyncRequestError('batchTooLarge', {
      sl: `paket ima lahko največ ${MAX_BATCH} sprememb`,
      en: `a batch holds at most ${MAX_BATCH} edits`,
    })
  }
  const results: (PushResult | undefined)[] = new Array(batch.length)
  const valid: { index: number; mutation: Edit }[] = []
  batch.forEach((item, index) => {
    const checked = validateItem(item, collection, protocol)
    if (checked.ok) valid.push({ index, mutation: checked.mutation })
    else results[index] = checked.result
  })

  const history = ctx.store.collection(HISTORY)
  const known = new Map<string, HistoryEntry>()
  if (valid.length > 0) {
    const ids = [...new Set(valid.map((edit) => edit.mutation.id))]
    // Read-only: the entries are only read (the store's own documents, not copies).
    for (const doc of await history.find({ _id: { $in: ids } }, { readOnly: true })) {
      known.set(doc._id as string, doc as unknown as HistoryEntry)
    }
  }
  // The first occurrence of each new id is applied; a repeat inside the batch shares its answer.
  const fresh = new Map<string, Edit>()
  for (const { index, mutation } of valid) {
    const stored = known.get(mutation.id)
    if (stored) results[index] = storedAnswer(ctx, stored)
    else if (!fresh.has(mutation.id)) fresh.set(mutation.id, mutation)
  }

  // The records, the change log and the history of the batch are written in one store transaction:
  // on the embedded store one lmdb commit and one flush before the answer, instead of one per
  // write (docs/0006 says why that keeps pulls complete); on MongoDB the same sequential calls.
  const outcome: Omit<PushOutcome<T>, 'results'> & { answers: Map<string, PushResult> } =
    fresh.size === 0
      ? { answers: new Map<string, PushResult>(), announced: [] }
      : await inTransaction(ctx.store, async (store) => {
          const applied = await applyEdits({ ...ctx, store }, collection, [...fresh.values()])
          const entries = historyOf(ctx, collection, fresh, applied.answers)
          if (entries.length > 0) await keepHistory(store.collection(HISTORY), entries)
          const done = alongside && applied.announced.length > 0
          return {
            ...applied,
            alongside: done ? await alongside(store, applied.announced) : undefined,
          }
        })
  const { answers, announced, alongside: alongsideAnswer } = outcome
  for (const { index, mutation } of valid) results[index] ??= answers.get(mutation.id)
  return { results: results as PushResult[], announced, alongside: alongsideAnswer }
}

/** The history entries of the applied and superseded edits. */
function historyOf(
  ctx: SyncContext<SyncRegistry>,
  collection: string,
  fresh: ReadonlyMap<string, Edit>,
  answers: ReadonlyMap<string, PushResult>,
): HistoryEntry[] {
  const entries: HistoryEntry[] = []
  for (const mutation of fresh.values()) {
    const answer = answers.get(mutation.id) as PushResult
    // Refused edits changed nothing; a transient refusal is not even an answer yet.
    if (answer.status === 'rejected') continue
    const { id: _id, ...result } = answer
    entries.push({
      _id,
      collection,
      recordId: mutation.recordId,
      user: ctx.user.username,
      ...(ctx.actor === undefined ? {} : { actor: ctx.actor }),
      deviceId: mutation.deviceId,
      hlc: mutation.hlc,
      fields: mutation.fields,
      result,
      receivedAt: ctx.now,
    })
  }
  return entries
}

function storedAnswer(ctx: Pick<SyncContext, 'user'>, stored: HistoryEntry): PushResult {
  if (stored.user !== ctx.user.username) {
    return rejection(stored._id, 'idTaken', {
      sl: 'ta oznaka spremembe je že uporabljena',
      en: 'this edit id is already used by another edit',
    })
  }
  return { id: stored._id, ...stored.result } as PushResult
}

/**
 * One ordered insert of every entry: the common case, where no other delivery of these ids
 * raced this one, is a single write. A duplicate key means a racing delivery of the same batch
 * stored some of them first (the entries before it are inserted); every entry is then kept by
 * $setOnInsert on its id, so the first answer stored stays and the rest are added. Two racing
 * upserts of one id can fail with a duplicate key on some servers; the second try then finds the
 * entry and leaves it.
 */
async function keepHistory(history: Collection, entries: readonly HistoryEntry[]): Promise<void> {
  try {
    await history.insert(entries as unknown as readonly Doc[])
    return
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error
  }
  const ops = entries.map(({ _id, ...entry }) => ({
    filter: { _id },
    update: { $setOnInsert: entry },
  }))
  try {
    await history.bulkUpsert(ops)
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error
    await history.bulkUpsert(ops)
  }
}
