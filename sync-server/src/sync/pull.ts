// The pull operation: every record changed since the device's cursor that the caller may read,
// complete even while other devices push (see changelog.ts). A device with no cursor, or one from
// another epoch, gets a full snapshot in pages, starting with `reset: true`.
import type { SyncReadScope } from '@lfit/domain/attendance/permissions'
import type { SyncedRecord } from '@lfit/domain/records/synced'
import type { SYNCED, SyncedCollection, SyncRegistry } from '@lfit/domain/sync/registry'
import { SYNC_PROTOCOL_VERSION, type SyncSchemas } from '@lfit/domain/sync/protocol'
import type { z } from 'zod'
import { PackedArray, PackedMap, packedItem } from '../http/msgpack'
import type { Doc, Query } from '../store/port'
import { contiguousSeq, readChanges, syncEpoch } from './changelog'
import { protocolOf, type SyncContext } from './context'
import {
  logCursor,
  readCursor,
  readerEpoch,
  snapshotCursor,
  type CursorPosition,
  type SnapshotFrom,
} from './cursor'
import { readerOf } from './reader'
import { readSyncRequest } from './request'

export interface PullLimits {
  /** Records per answer; a device pulls again while `more`. */
  records: number
  /** Change-log entries read per answer. */
  entries: number
}

/** About a megabyte of msgpack per answer. */
export const PULL_LIMITS: PullLimits = { records: 5_000, entries: 1_000 }

/**
 * The changes of one answer, by collection, as read: the store's documents (with their
 * revision) and withdrawn placeholders, in the order they are sent. `kept` marks a read of the
 * store's own frozen documents (store/port.ts, readOnly), whose bytes may be kept.
 */
type Changes = Record<string, { docs: readonly Doc[]; kept: boolean }[]>

/** A pull answer for the collections of `Reg`. */
export type PullAnswer<Reg extends SyncRegistry> = z.infer<SyncSchemas<Reg>['pullResponse']>

/** Answers `request` (a pull request of this protocol version) for the caller of `ctx`. */
export async function pull<Reg extends SyncRegistry = typeof SYNCED>(
  ctx: SyncContext<Reg>,
  request: unknown,
  limits: PullLimits = PULL_LIMITS,
): Promise<PullAnswer<Reg>> {
  const { changes, ...rest } = await readPage(ctx, request, limits)
  const records = Object.fromEntries(
    Object.entries(changes).map(([name, reads]) => [
      name,
      reads.flatMap((read) => read.docs.map(toSynced)),
    ]),
  )
  // The pages build the answer collection by name; its wire type follows the registry.
  return { ...rest, changes: records } as PullAnswer<Reg>
}

/**
 * The same answer as `pull`, packed for the wire: each record's msgpack is made once per stored
 * document and kept beside it while the store keeps that document (a write stores a new one, so
 * the bytes never go stale), and a page is its records' bytes joined. A new device's snapshot
 * then costs the server a walk and a copy of bytes, not an encoding of every record
 * (docs/0053-faster-first-sync.md).
 */
export async function pullPacked<Reg extends SyncRegistry = typeof SYNCED>(
  ctx: SyncContext<Reg>,
  request: unknown,
  limits: PullLimits = PULL_LIMITS,
): Promise<PackedMap> {
  const { changes, ...rest } = await readPage(ctx, request, limits)
  const packed: Record<string, PackedArray> = {}
  for (const name of Object.keys(changes)) {
    // One list per collection, filled in one pass (a page's 5,000 records, no list per read).
    const items: Uint8Array[] = []
    for (const { docs, kept } of changes[name] ?? []) {
      for (const doc of docs) items.push(kept ? keptBytes(doc) : packedItem(toSynced(doc)))
    }
    packed[name] = new PackedArray(items)
  }
  // The envelope's keys in the order `pull` answers them.
  const { v, cursor, more, reset } = rest
  return new PackedMap({ v, changes: new PackedMap(packed), cursor, more, reset })
}

/**
 * The bytes of each stored document as a device keeps it, by the store's own frozen document:
 * dropped with the document. Only the embedded store answers frozen documents; a MongoDB
 * store's are packed on every pull.
 */
const packedRecords = new WeakMap<Doc, Uint8Array>()

function keptBytes(doc: Doc): Uint8Array {
  let bytes = packedRecords.get(doc)
  if (!bytes) packedRecords.set(doc, (bytes = packedItem(toSynced(doc))))
  return bytes
}

/** The page `request` asks for, as read for the caller of `ctx` (the records not yet copied). */
async function readPage(
  ctx: SyncContext<SyncRegistry>,
  request: unknown,
  limits: PullLimits,
): Promise<Page> {
  const { registry, schemas } = protocolOf(ctx)
  const parsed = readSyncRequest(schemas.pullRequest, request, 'invalidPull', {
    sl: 'zahteva za sinhronizacijo ni veljavna',
    en: 'the pull request is not valid',
  })
  const names = Object.keys(registry)
  const wanted = names.filter(
    (collection) => !parsed.collections || parsed.collections.includes(collection),
  )
  const actor = await readerOf(ctx.store, ctx.user, registry)
  const scopes = new Map(
    names.map((name) => [name, (registry[name] as SyncedCollection).readScope(actor)]),
  )
  // The scopes that follow the reader mark the cursor, whichever collections this call wants.
  const following = names.filter((name) => registry[name]?.withdrawn !== undefined)
  const reader: Reader = {
    ctx,
    limits,
    names,
    wanted,
    filters: new Map(wanted.map((name) => [name, scopeFilter(scopes.get(name) as SyncReadScope)])),
    withdrawals: new Map(
      following.flatMap((name) => {
        const withdrawn = registry[name]?.withdrawn
        return scopes.get(name)?.kind === 'some' && withdrawn ? [[name, withdrawn] as const] : []
      }),
    ),
    epoch: readerEpoch(
      await syncEpoch(ctx.store),
      following.map((name) => [name, scopes.get(name) as SyncReadScope] as const),
    ),
  }
  return page(reader, readCursor(parsed.cursor, reader.epoch, names))
}

async function page(reader: Reader, position: CursorPosition): Promise<Page> {
  switch (position.kind) {
    case 'start': {
      // Read BEFORE the snapshot: whatever the snapshot misses is announced after this number.
      const seq = await contiguousSeq(reader.ctx.store)
      const first = reader.wanted[0] as string
      return snapshotPage(reader, { seq, collection: first, from: { offset: 0 } }, true)
    }
    case 'snapshot':
      return snapshotPage(reader, position, false)
    case 'log':
      return logPage(reader, position.seq)
  }
}

interface Page {
  v: typeof SYNC_PROTOCOL_VERSION
  changes: Changes
  cursor: string
  more: boolean
  reset: boolean
}

/** What every page of one pull call reads with. */
interface Reader {
  ctx: SyncContext<SyncRegistry>
  limits: PullLimits
  /** Every synced collection, in registry order. */
  names: readonly string[]
  /** The collections asked for, in registry order. */
  wanted: readonly string[]
  /** Per wanted collection, what the caller may read of it, or null when nothing. */
  filters: ReadonlyMap<string, Query | null>
  /**
   * Collections where the caller reads some records, not all, by facts that records change (a
   * material's years or visibility): a changed record out of their scope comes as its withdrawn
   * placeholder, so a device that held it drops it.
   */
  withdrawals: ReadonlyMap<string, (id: string) => SyncedRecord>
  /** The log's epoch as this reader's cursors carry it (cursor.ts, readerEpoch). */
  epoch: string
}

/** An empty list for every collection, so an answer always names them all. */
function emptyChanges(names: readonly string[]): Changes {
  return Object.fromEntries(names.map((name) => [name, []]))
}

/** The store query of a read scope; the same rule as the domain's `fitsScope`. */
export function scopeFilter(scope: SyncReadScope): Query | null {
  if (scope.kind === 'all') return {}
  if (scope.kind === 'own') return { participant: scope.participant }
  if (scope.kind === 'some') {
    // `$in` on a list field matches when one of its items is listed, as fitsScope does.
    return {
      $or: scope.anyOf.map((clause) =>
        Object.fromEntries(
          Object.entries(clause).map(([field, values]) => [field, { $in: [...values] }]),
        ),
      ),
    }
  }
  return null
}

/**
 * The record as a device keeps it: without the server's compare-and-set revision. The pages read
 * the store's own documents (`readOnly`: the answer is encoded at once), so this shallow copy is
 * the only one made per record.
 */
function toSynced(doc: Doc): SyncedRecord {
  const { rev: _rev, ...record } = doc
  return record as unknown as SyncedRecord
}

async function snapshotPage(
  { ctx, limits, names, wanted, filters, epoch }: Reader,
  { seq, collection: stopped, from }: { seq: number; collection: string; from: SnapshotFrom },
  reset: boolean,
): Promise<Page> {
  const changes = emptyChanges(names)
  let room = limits.records
  // Collections in registry order, from the one the snapshot stopped in.
  const remaining = wanted.filter(
    (collection) => names.indexOf(collection) >= names.indexOf(stopped),
  )
  for (const collection of remaining) {
    const resume = collection === stopped ? from : { offset: 0 }
    const filter = filters.get(collection) ?? null
    // A range on `_id` read in `_id` order: the store walks its `_id` index and stops after
    // `room`, instead of sorting the whole collection to skip the records already sent.
    const docs =
      filter === null
        ? []
        : await ctx.store
            .collection(collection)
            .find(
              'after' in resume ? { ...filter, _id: { $gt: resume.after } } : filter,
              'after' in resume
                ? { sort: { _id: 1 }, limit: room, readOnly: true }
                : { sort: { _id: 1 }, skip: resume.offset, limit: room, readOnly: true },
            )
    changes[collection]?.push({ docs, kept: Object.isFrozen(docs) })
    room -= docs.length
    if (room === 0) {
      return {
        v: SYNC_PROTOCOL_VERSION,
        changes,
        cursor: snapshotCursor(epoch, seq, collection, String(docs.at(-1)?._id)),
        more: true,
        reset,
      }
    }
  }
  return { v: SYNC_PROTOCOL_VERSION, changes, cursor: logCursor(epoch, seq), more: false, reset }
}

async function logPage(
  { ctx, limits, names, wanted, filters, withdrawals, epoch }: Reader,
  after: number,
): Promise<Page> {
  const read = await readChanges(
    ctx.store,
    after,
    { maxEntries: limits.entries, maxRecords: limits.records },
    ctx.now,
  )
  const changes = emptyChanges(names)
  for (const collection of wanted) {
    const filter = filters.get(collection) ?? null
    const ids = [
      ...new Set(read.refs.filter((ref) => ref.collection === collection).map((ref) => ref.id)),
    ]
    if (filter === null || ids.length === 0) continue
    // The CURRENT records: newer than the entry that announced them is fine, older is not.
    const docs = await ctx.store
      .collection(collection)
      .find({ ...filter, _id: { $in: ids } }, { sort: { _id: 1 }, readOnly: true })
    changes[collection]?.push({ docs, kept: Object.isFrozen(docs) })
    const withdrawn = withdrawals.get(collection)
    if (withdrawn) {
      const sent = new Set(docs.map((doc) => doc._id))
      const placeholders = ids
        .filter((id) => !sent.has(id))
        .map((id) => withdrawn(id) as unknown as Doc)
      changes[collection]?.push({ docs: placeholders, kept: false })
    }
  }
  return {
    v: SYNC_PROTOCOL_VERSION,
    changes,
    cursor: logCursor(epoch, read.seq),
    more: read.more,
    reset: false,
  }
}
