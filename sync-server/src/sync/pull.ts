// The pull operation: every record changed since the device's cursor that the caller may read,
// complete even while other devices push (see changelog.ts). A device with no cursor, or one from
// another epoch, gets a full snapshot in pages, starting with `reset: true`.
import { syncReadScope, type SyncReadScope } from '@lfit/domain/attendance/permissions'
import type { AbsenceRecord } from '@lfit/domain/records/absence'
import type { AttendanceRecord } from '@lfit/domain/records/attendance'
import {
  pullRequestSchema,
  SYNC_COLLECTIONS,
  SYNC_PROTOCOL_VERSION,
  type PullResponse,
  type SyncCollection,
} from '@lfit/domain/sync/protocol'
import type { Doc, Query } from '../store/port'
import { contiguousSeq, readChanges, syncEpoch } from './changelog'
import { SyncRequestError, type SyncContext } from './context'
import { logCursor, readCursor, snapshotCursor } from './cursor'

export interface PullLimits {
  /** Records per answer; a device pulls again while `more`. */
  records: number
  /** Change-log entries read per answer. */
  entries: number
}

/** About a megabyte of msgpack per answer. */
export const PULL_LIMITS: PullLimits = { records: 5_000, entries: 1_000 }

type Changes = PullResponse['changes']

export async function pull(
  ctx: SyncContext,
  request: unknown,
  limits: PullLimits = PULL_LIMITS,
): Promise<PullResponse> {
  const parsed = pullRequestSchema.safeParse(request)
  if (!parsed.success) {
    throw new SyncRequestError('invalidPull', {
      sl: 'zahteva za sinhronizacijo ni veljavna',
      en: `the pull request is not valid: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
    })
  }
  const wanted = SYNC_COLLECTIONS.filter(
    (collection) => !parsed.data.collections || parsed.data.collections.includes(collection),
  )
  const reader: Reader = {
    ctx,
    limits,
    wanted,
    filter: scopeFilter(syncReadScope(ctx.user)),
    epoch: await syncEpoch(ctx.store),
  }
  const position = readCursor(parsed.data.cursor, reader.epoch)
  switch (position.kind) {
    case 'start': {
      // Read BEFORE the snapshot: whatever the snapshot misses is announced after this number.
      const seq = await contiguousSeq(ctx.store)
      return snapshotPage(reader, { seq, collection: wanted[0] as SyncCollection, offset: 0 }, true)
    }
    case 'snapshot':
      return snapshotPage(reader, position, false)
    case 'log':
      return logPage(reader, position.seq)
  }
}

/** What every page of one pull call reads with. */
interface Reader {
  ctx: SyncContext
  limits: PullLimits
  wanted: readonly SyncCollection[]
  /** What the caller may read, or null when nothing. */
  filter: Query | null
  epoch: string
}

function emptyChanges(): Changes {
  return { attendance: [], absences: [] }
}

function scopeFilter(scope: SyncReadScope): Query | null {
  if (scope.kind === 'all') return {}
  if (scope.kind === 'own') return { participant: scope.participant }
  return null
}

/** The record as a device keeps it: without the server's compare-and-set revision. */
function toSynced(doc: Doc): AttendanceRecord & AbsenceRecord {
  const { rev: _rev, ...record } = doc
  return record as unknown as AttendanceRecord & AbsenceRecord
}

async function snapshotPage(
  { ctx, limits, wanted, filter, epoch }: Reader,
  { seq, collection: from, offset }: { seq: number; collection: SyncCollection; offset: number },
  reset: boolean,
): Promise<PullResponse> {
  const changes = emptyChanges()
  let room = limits.records
  // Collections in protocol order, from the one the snapshot stopped in.
  const remaining = wanted.filter(
    (collection) => SYNC_COLLECTIONS.indexOf(collection) >= SYNC_COLLECTIONS.indexOf(from),
  )
  for (const collection of remaining) {
    const skip = collection === from ? offset : 0
    const docs =
      filter === null
        ? []
        : await ctx.store
            .collection(collection)
            .find(filter, { sort: { _id: 1 }, skip, limit: room })
    changes[collection].push(...docs.map(toSynced))
    room -= docs.length
    if (room === 0) {
      return {
        v: SYNC_PROTOCOL_VERSION,
        changes,
        cursor: snapshotCursor(epoch, seq, collection, skip + docs.length),
        more: true,
        reset,
      }
    }
  }
  return { v: SYNC_PROTOCOL_VERSION, changes, cursor: logCursor(epoch, seq), more: false, reset }
}

async function logPage(
  { ctx, limits, wanted, filter, epoch }: Reader,
  after: number,
): Promise<PullResponse> {
  const read = await readChanges(
    ctx.store,
    after,
    { maxEntries: limits.entries, maxRecords: limits.records },
    ctx.now,
  )
  const changes = emptyChanges()
  if (filter !== null) {
    for (const collection of wanted) {
      const ids = [
        ...new Set(read.refs.filter((ref) => ref.collection === collection).map((ref) => ref.id)),
      ]
      if (ids.length === 0) continue
      // The CURRENT records: newer than the entry that announced them is fine, older is not.
      const docs = await ctx.store
        .collection(collection)
        .find({ ...filter, _id: { $in: ids } }, { sort: { _id: 1 } })
      changes[collection].push(...docs.map(toSynced))
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
