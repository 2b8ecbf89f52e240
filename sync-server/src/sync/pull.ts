// The pull operation: every record changed since the device's cursor that the caller may read,
// complete even while other devices push (see changelog.ts). A device with no cursor, or one from
// another epoch, gets a full snapshot in pages, starting with `reset: true`.
import type { SyncReadScope } from '@lfit/domain/attendance/permissions'
import type { SyncedRecord } from '@lfit/domain/records/synced'
import type { SYNCED, SyncedCollection, SyncRegistry } from '@lfit/domain/sync/registry'
import { SYNC_PROTOCOL_VERSION, type SyncSchemas } from '@lfit/domain/sync/protocol'
import type { z } from 'zod'
import type { Doc, Query } from '../store/port'
import { contiguousSeq, readChanges, syncEpoch } from './changelog'
import { protocolOf, type SyncContext } from './context'
import {
  logCursor,
  readCursor,
  snapshotCursor,
  type CursorPosition,
  type SnapshotFrom,
} from './cursor'
import { readSyncRequest } from './request'

export interface PullLimits {
  /** Records per answer; a device pulls again while `more`. */
  records: number
  /** Change-log entries read per answer. */
  entries: number
}

/** About a megabyte of msgpack per answer. */
export const PULL_LIMITS: PullLimits = { records: 5_000, entries: 1_000 }

/** The changes of one answer, by collection. */
type Changes = Record<string, SyncedRecord[]>

/** A pull answer for the collections of `Reg`. */
export type PullAnswer<Reg extends SyncRegistry> = z.infer<SyncSchemas<Reg>['pullResponse']>

/** Answers `request` (a pull request of this protocol version) for the caller of `ctx`. */
export async function pull<Reg extends SyncRegistry = typeof SYNCED>(
  ctx: SyncContext<Reg>,
  request: unknown,
  limits: PullLimits = PULL_LIMITS,
): Promise<PullAnswer<Reg>> {
  const { registry, schemas } = protocolOf(ctx)
  const parsed = readSyncRequest(schemas.pullRequest, request, 'invalidPull', {
    sl: 'zahteva za sinhronizacijo ni veljavna',
    en: 'the pull request is not valid',
  })
  const names = Object.keys(registry)
  const wanted = names.filter(
    (collection) => !parsed.collections || parsed.collections.includes(collection),
  )
  const reader: Reader = {
    ctx,
    limits,
    names,
    wanted,
    filters: new Map(
      wanted.map((name) => [
        name,
        scopeFilter((registry[name] as SyncedCollection).readScope(ctx.user)),
      ]),
    ),
    epoch: await syncEpoch(ctx.store),
  }
  // The pages build the answer collection by name; its wire type follows the registry.
  return (await page(reader, readCursor(parsed.cursor, reader.epoch, names))) as PullAnswer<Reg>
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
  epoch: string
}

/** An empty list for every collection, so an answer always names them all. */
function emptyChanges(names: readonly string[]): Changes {
  return Object.fromEntries(names.map((name) => [name, []]))
}

function scopeFilter(scope: SyncReadScope): Query | null {
  if (scope.kind === 'all') return {}
  if (scope.kind === 'own') return { participant: scope.participant }
  return null
}

/** The record as a device keeps it: without the server's compare-and-set revision. */
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
                ? { sort: { _id: 1 }, limit: room }
                : { sort: { _id: 1 }, skip: resume.offset, limit: room },
            )
    changes[collection]?.push(...docs.map(toSynced))
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
  { ctx, limits, names, wanted, filters, epoch }: Reader,
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
      .find({ ...filter, _id: { $in: ids } }, { sort: { _id: 1 } })
    changes[collection]?.push(...docs.map(toSynced))
  }
  return {
    v: SYNC_PROTOCOL_VERSION,
    changes,
    cursor: logCursor(epoch, read.seq),
    more: read.more,
    reset: false,
  }
}
