// The change log that makes pulls complete (docs/0001, docs/0006). Every push that changes
// records claims the next sequence number BEFORE writing them, naming the records it is about to
// write, and commits the entry AFTER. A puller reads entries in order and stops at the first one
// still pending, so a slow writer is never skipped; a pending entry left by a writer that died is
// abandoned once stale and still announces the records it named, since some may have been
// written; so is one whose writer's instance stopped beating (instances.ts, docs/0033). The
// numbers are gap-free across processes because a claim is an insert of `last + 1` that fails on
// a duplicate key when another process got there first.
// Only plain inserts and conditional updates are used, so any MongoDB-compatible server (and the
// embedded store) gives the same guarantees without transactions or change streams.
import { randomUUID } from 'node:crypto'
import { SYNCED, type SyncRegistry } from '@lfit/domain/sync/registry'
import { DuplicateKeyError, type Store } from '../store/port'
import { ownerGone, ownerOf } from './instances'

export const CHANGES = 'changes'
const META = 'meta'
const META_ID = 'sync'

/** A pending entry older than this belongs to a writer that crashed (or hangs): skip it. */
export const STALE_PENDING_MS = 30_000

let stalePendingMs = STALE_PENDING_MS

/**
 * Sets the stale limit for this process (SYNC_STALE_PENDING_MS). Shorter means pulls wait less
 * behind a crashed writer; a live writer slower than this only costs an extra entry (docs/0006).
 */
export function setStalePendingMs(ms: number): void {
  if (!Number.isSafeInteger(ms) || ms < 1) throw new Error(`bad stale pending limit: ${ms}`)
  stalePendingMs = ms
}

const CLAIM_ATTEMPTS = 100
const COMMIT_ATTEMPTS = 10

export interface RecordRef {
  /** A collection of the sync registry. */
  collection: string
  id: string
}

// `recordIds` of a pending or abandoned entry is the writer's intent: the records it was about to
// write. Entries claimed before intents existed have none.
// `owner` is the claiming instance's lease (instances.ts, docs/0033); claims without one wait for
// the stale limit alone.
export type ChangeEntry =
  | { _id: number; state: 'pending'; at: number; recordIds?: RecordRef[]; owner?: string }
  | { _id: number; state: 'committed'; at: number; recordIds: RecordRef[] }
  | { _id: number; state: 'abandoned'; at: number; recordIds?: RecordRef[] }

/** Serialises claims inside one process so its own pushes never race each other for a number. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task)
    this.tail = result.catch(() => undefined)
    return result
  }
}

// Keyed by the store object, not global: two stores in one process (tests, two "servers") do
// not share a lock, exactly like two processes would not.
const claimLocks = new WeakMap<Store, Mutex>()

function claimLock(store: Store): Mutex {
  let lock = claimLocks.get(store)
  if (!lock) {
    lock = new Mutex()
    claimLocks.set(store, lock)
  }
  return lock
}

/** Indexes the sync queries rely on, the registry's among them; safe to call on every start. */
export async function ensureSyncIndexes(
  store: Store,
  registry: SyncRegistry = SYNCED,
): Promise<void> {
  await store.collection(CHANGES).ensureIndex({ key: { state: 1, _id: 1 } })
  // Every pull reads the caller's enrolments for their material scope (reader.ts).
  await store.collection('enrolments').ensureIndex({ key: { person: 1 } })
  for (const [name, entry] of Object.entries(registry)) {
    for (const key of entry.serverIndexes) await store.collection(name).ensureIndex({ key })
  }
}

/**
 * The epoch of this database's change log, created once. A reset database gets a new one, which
 * tells devices holding an old cursor to start over.
 */
export async function syncEpoch(store: Store): Promise<string> {
  const meta = store.collection(META)
  const found = await meta.findById(META_ID)
  if (typeof found?.epoch === 'string') return found.epoch
  try {
    await meta.upsert({ _id: META_ID }, { $setOnInsert: { epoch: randomUUID() } })
  } catch (error) {
    // Another process created it at the same moment; its epoch is the one.
    if (!(error instanceof DuplicateKeyError)) throw error
  }
  const created = await meta.findById(META_ID)
  if (typeof created?.epoch !== 'string') throw new Error('sync epoch could not be created')
  return created.epoch
}

/**
 * Claims the next sequence number as a pending entry naming the records about to be written.
 * Naming them up front is what makes a crash harmless: if the writer dies before committing, the
 * entry is abandoned but still announces them (an extra id costs a puller nothing, a missing one
 * loses a change).
 */
export function claimChange(
  store: Store,
  now: number,
  recordIds: readonly RecordRef[],
): Promise<number> {
  const changes = store.collection(CHANGES)
  const owner = ownerOf(store)
  return claimLock(store).run(async () => {
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const last = await changes.findOne({}, { sort: { _id: -1 }, projection: { _id: 1 } })
      const seq = ((last?._id as number | undefined) ?? 0) + 1
      try {
        await changes.insert({
          _id: seq,
          state: 'pending',
          at: now,
          recordIds: [...recordIds],
          ...(owner ? { owner } : {}),
        })
        return seq
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error
      }
    }
    throw new Error(`no change number after ${CLAIM_ATTEMPTS} attempts`)
  })
}

/**
 * Commits a claimed entry, which already names the ids the writer changed: its own claim, made
 * with the same ids, so they are not written again (a batch of 1,000 compared and copied them
 * all once more). If a puller meanwhile took the entry for a crashed writer's and abandoned it,
 * the records are announced under a new number instead. Answers the number finally committed.
 */
export async function commitChange(
  store: Store,
  seq: number,
  recordIds: readonly RecordRef[],
  now: number,
): Promise<number> {
  const changes = store.collection(CHANGES)
  let current = seq
  for (let attempt = 0; attempt < COMMIT_ATTEMPTS; attempt++) {
    const result = await changes.upsert(
      { _id: current, state: 'pending' },
      { $set: { state: 'committed', committedAt: now } },
      { upsert: false },
    )
    if (result.matched === 1) return current
    current = await claimChange(store, now, recordIds)
  }
  throw new Error(`change ${seq} could not be committed after ${COMMIT_ATTEMPTS} attempts`)
}

/**
 * Marks a pending entry abandoned (compare-and-set) and answers its state afterwards: a stale one,
 * or one whose owner's lease lapsed (`ownerGone`), whatever its age.
 */
async function abandon(
  store: Store,
  entry: ChangeEntry,
  now: number,
  ownerLapsed: boolean,
): Promise<ChangeEntry> {
  const changes = store.collection(CHANGES)
  const unfinished = ownerLapsed ? {} : { at: { $lte: now - stalePendingMs } }
  const abandoned = await changes.findOneAndUpdate(
    { _id: entry._id, state: 'pending', ...unfinished },
    { $set: { state: 'abandoned', abandonedAt: now } },
    { upsert: false, returnDocument: 'after' },
  )
  if (abandoned) return abandoned as unknown as ChangeEntry
  // The writer committed first (or the entry is not stale by the store's copy): re-read it.
  return ((await changes.findById(entry._id)) as unknown as ChangeEntry | null) ?? entry
}

export interface ChangesRead {
  /** The last sequence number read without a gap; the next read starts after it. */
  seq: number
  /** Records named by the committed and abandoned entries read, in log order, possibly repeated. */
  refs: RecordRef[]
  /** Stopped at a page limit: more committed entries may follow right away. */
  more: boolean
}

/**
 * Reads entries after `after`, in order, up to the first pending one that is not stale (or a
 * gap), at most `maxEntries` entries and, after whole entries, about `maxRecords` record ids.
 * An abandoned entry counts with the ids it named: its writer may have written them.
 */
export async function readChanges(
  store: Store,
  after: number,
  limits: { maxEntries: number; maxRecords: number },
  now: number,
): Promise<ChangesRead> {
  const entries = (await store
    .collection(CHANGES)
    .find(
      { _id: { $gt: after } },
      { sort: { _id: 1 }, limit: limits.maxEntries },
    )) as unknown as ChangeEntry[]
  let seq = after
  const refs: RecordRef[] = []
  for (let entry of entries) {
    // A claim is an insert of last + 1, so a gap is a claim not yet visible: wait for it.
    if (entry._id !== seq + 1) return { seq, refs, more: false }
    if (entry.state === 'pending') {
      const stale = now - entry.at >= stalePendingMs
      const lapsed = !stale && entry.owner !== undefined && (await ownerGone(store, entry.owner))
      if (!stale && !lapsed) return { seq, refs, more: false }
      entry = await abandon(store, entry, now, lapsed)
      if (entry.state === 'pending') return { seq, refs, more: false }
    }
    refs.push(...(entry.recordIds ?? []))
    seq = entry._id
    if (refs.length >= limits.maxRecords) return { seq, refs, more: true }
  }
  return { seq, refs, more: entries.length === limits.maxEntries }
}

/**
 * The highest number up to which no entry is pending. Read before a snapshot, it is a cursor
 * that misses nothing: every write announced at or below it finished before the snapshot read,
 * and every other write is announced above it.
 */
export async function contiguousSeq(store: Store): Promise<number> {
  const changes = store.collection(CHANGES)
  const last = await changes.findOne({}, { sort: { _id: -1 }, projection: { _id: 1 } })
  if (!last) return 0
  const lastSeq = last._id as number
  const pending = await changes.findOne(
    { state: 'pending', _id: { $lte: lastSeq } },
    { sort: { _id: 1 }, projection: { _id: 1 } },
  )
  return pending ? (pending._id as number) - 1 : lastSeq
}
