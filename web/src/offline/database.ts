// The device's own database: what this device may read (cached from the server) and the outbox
// of edits it has not yet had confirmed. Screens read it through live queries, so an edit shows
// everywhere the moment it is written.
import Dexie, { type DBCore, type EntityTable } from 'dexie'
import type { AttendanceRecord } from '@lfit/domain/records/attendance'
import type { AbsenceRecord } from '@lfit/domain/records/absence'
import type { MakeupAttendanceRecord } from '@lfit/domain/makeups/sessions'
import type { FieldStamp } from '@lfit/domain/records/synced'
import type { Mutation, SyncCollection } from '@lfit/domain/sync/protocol'
import type { LibraryItemRecord, MaterialRecord } from '@lfit/domain/materials/material'
import type { MediaNoteRecord, MediaProgressRecord } from '@lfit/domain/media/notes'
import type { CalendarRecord } from '@lfit/domain/schedule/calendar-records'
import { SYNCED, type SyncRegistry } from '@lfit/domain/sync/registry'

/** An edit waiting to be pushed, in the order it was made. */
export interface OutboxEntry {
  seq?: number
  mutation: Mutation
  /** The editor's username: the queue outlives logout and is pushed by a login that may push it. */
  user: string
  /** When the edit was made (device clock), for the diagnostics panel. */
  madeAt: number
}

/**
 * What the editor must see about an edit that did not apply as made, until dismissed: replaced by
 * a later edit, refused, or kept with something to know (a mark kept for a day the calendar no
 * longer has as a study day, docs/0049-devices-follow-the-calendar.md).
 */
export interface SyncNotice {
  id: string
  kind: 'superseded' | 'rejected' | 'kept'
  collection: SyncCollection
  recordId: string
  fields: Record<string, unknown>
  user: string
  madeAt: number
  /**
   * Device clock when the server's answer arrived (notices kept before it have none): a winning
   * stamp later than this says the device's clock is behind (notice-words.ts).
   */
  receivedAt?: number
  by?: FieldStamp
  reason?: { code: string; message: { sl: string; en: string } }
}

/**
 * One field this device's edit set on the server (answered `applied`), kept until a pull shows
 * what became of it: when another device's later edit overwrote it, the editor gets a
 * superseded notice whatever order the two edits reached the server in.
 */
export interface AppliedEdit {
  /** `${collection}\0${recordId}\0${field}`. */
  key: string
  mutationId: string
  collection: SyncCollection
  recordId: string
  field: string
  value: unknown
  hlc: string
  deviceId: string
  user: string
  madeAt: number
  /** Device clock when the server's answer arrived; entries expire after APPLIED_KEPT_MS. */
  appliedAt: number
}

/** The applied edits of one settled push batch, watched together (applied-edits.ts). */
export interface AppliedBatch {
  id?: number
  /** Device clock when the server's answer arrived; the row expires after APPLIED_KEPT_MS. */
  appliedAt: number
  edits: AppliedEdit[]
}

/** A participant the device may show (no secrets: the server never sends them). */
export interface LocalParticipant {
  username: string
  firstName: string
  lastName: string
  year?: number
  status?: string
}

/**
 * A study day's attendance as the device keeps it: one row per day holding every record of that
 * day this device may read (docs/0019-attendance-grouped-per-day-on-the-device.md).
 */
export interface AttendanceDay {
  dayId: string
  records: AttendanceRecord[]
}

export interface MetaEntry {
  key: string
  value: unknown
}

/** The synced tables as versions 4 to 6 declared them (one row per record for every collection). */
const SHIPPED_SYNCED_TABLES = {
  attendance: '_id, dayId, participant',
  absences: '_id, participant, fromDay',
  makeupAttendance: '_id, session, participant',
  materials: '_id, createdAt',
  library: '_id, createdAt',
  mediaNotes: '_id, recording, participant',
  mediaProgress: '_id, recording, participant',
}

/**
 * The device's tables of the synced collections of `registry`, as the latest version declares
 * them: a collection's own table, or its entry's table of group rows. A registry change that
 * changes this (a new collection, other indexes) needs a new Dexie version declaring it, and the
 * schema test says so (docs/0035-every-synced-collection-property-in-its-entry.md).
 */
export function syncedTables(registry: SyncRegistry = SYNCED): Record<string, string> {
  return Object.fromEntries(
    Object.entries(registry).map(([name, entry]) => [
      entry.deviceGroups?.table ?? name,
      entry.localIndexes,
    ]),
  )
}

/**
 * Pulled pages commit with relaxed durability: a readwrite transaction that writes synced
 * records without touching the outbox is a pull's, and it holds its cursor, so losing it in a
 * power cut loses the cursor with it and the next pull brings the page again. Every transaction
 * with the outbox (an edit, the settling of a push) stays strict
 * (docs/0019-attendance-grouped-per-day-on-the-device.md).
 */
function pullsRelaxed(down: DBCore, synced: ReadonlySet<string>): DBCore {
  return {
    ...down,
    transaction(stores, mode, options) {
      const pulled =
        mode === 'readwrite' &&
        !stores.includes('outbox') &&
        stores.some((store) => synced.has(store))
      return down.transaction(
        stores,
        mode,
        pulled ? { ...options, durability: 'relaxed' } : options,
      )
    },
  }
}

export class LocalDatabase extends Dexie {
  attendanceDays!: EntityTable<AttendanceDay, 'dayId'>
  absences!: EntityTable<AbsenceRecord, '_id'>
  makeupAttendance!: EntityTable<MakeupAttendanceRecord, '_id'>
  participants!: EntityTable<LocalParticipant, 'username'>
  outbox!: EntityTable<OutboxEntry, 'seq'>
  notices!: EntityTable<SyncNotice, 'id'>
  meta!: EntityTable<MetaEntry, 'key'>
  schedule!: EntityTable<MetaEntry, 'key'>
  materials!: EntityTable<MaterialRecord, '_id'>
  library!: EntityTable<LibraryItemRecord, '_id'>
  appliedBatches!: EntityTable<AppliedBatch, 'id'>
  mediaNotes!: EntityTable<MediaNoteRecord, '_id'>
  mediaProgress!: EntityTable<MediaProgressRecord, '_id'>
  calendar!: EntityTable<CalendarRecord, '_id'>
  /** The synced collections this device keeps: the app's registry unless a test adds one. */
  readonly registry: SyncRegistry

  constructor(
    name = 'lfit',
    options: {
      indexedDB?: IDBFactory
      IDBKeyRange?: typeof IDBKeyRange
      registry?: SyncRegistry
    } = {},
  ) {
    const { registry = SYNCED, ...dexieOptions } = options
    // Strict durability: an edit is on disk before the screen confirms it, so closing the tab or
    // losing power right after a tap cannot lose it. Pulled pages only are relaxed (above).
    // No query cache: an edit is written with plain IndexedDB (outbox.ts), which Dexie's cache
    // of live-query answers would not see; the live queries re-read what the write touched.
    super(name, { ...dexieOptions, chromeTransactionDurability: 'strict', cache: 'disabled' })
    this.registry = registry
    const syncedNames = new Set(Object.keys(syncedTables(registry)))
    this.use({
      stack: 'dbcore',
      name: 'pulls-relaxed',
      create: (down) => pullsRelaxed(down, syncedNames),
    })
    this.version(1).stores({
      // As version 1 shipped them; later versions declare the registry's.
      attendance: '_id, dayId, participant, [dayId+participant]',
      absences: '_id, participant, fromDay',
      participants: 'username, year, lastName',
      outbox: '++seq, &mutation.id, mutation.recordId, user',
      notices: 'id, kind, recordId',
      meta: 'key',
      schedule: 'key',
      materials: '_id',
    })
    // v2: applied edits, to tell an editor about a later edit from another device that
    // overwrote theirs after it had been applied (the loser synced first).
    this.version(2).stores({ applied: 'key, appliedAt' })
    // v3: attendance without the [dayId+participant] index, which repeated the `_id` and made
    // every pulled record cost a third index entry (a new tablet writes 30,000 of them).
    this.version(3).stores({
      attendance: '_id, dayId, participant',
      absences: '_id, participant, fromDay',
    })
    // v4: marks at make-up sessions, edited on /ETAB like a study day's attendance. The pull
    // cursor is dropped: a build before this one skipped the make-up marks it was sent, so the
    // next pull is a full snapshot (the outbox is kept).
    this.version(4)
      .stores(SHIPPED_SYNCED_TABLES)
      .upgrade((tx) => tx.table('meta').delete('cursor'))
    // v5: learning material and the library, read (and by their editors edited) offline. The
    // materials table of v1 was never filled; it gains its index. The cursor is dropped so the
    // next pull is a snapshot that brings the material already on the server.
    this.version(5)
      .stores(SHIPPED_SYNCED_TABLES)
      .upgrade((tx) => tx.table('meta').delete('cursor'))
    // v6: personal notes on recordings and where each recording was left off. The cursor is
    // dropped so the next pull is a snapshot: it brings the person's notes made on other devices
    // and the recordings' new fields (subtitles, chapters) of material already on the device.
    this.version(6)
      .stores(SHIPPED_SYNCED_TABLES)
      .upgrade((tx) => tx.table('meta').delete('cursor'))
    // v7: attendance grouped per study day, one row per day instead of one per record, and the
    // applied edits one row per settled batch instead of one per field
    // (docs/0019-attendance-grouped-per-day-on-the-device.md). The stored records move into
    // their day rows, the applied edits into one row per time they were applied; the cursor
    // and the outbox are kept.
    this.version(7)
      .stores({ ...tablesOfVersion7(registry), appliedBatches: '++id, appliedAt' })
      .upgrade(async (tx) => {
        const applied = new Map<number, AppliedEdit[]>()
        await tx.table<AppliedEdit, string>('applied').each((edit) => {
          const batch = applied.get(edit.appliedAt)
          if (batch) batch.push(edit)
          else applied.set(edit.appliedAt, [edit])
        })
        await tx
          .table<AppliedBatch, number>('appliedBatches')
          .bulkAdd([...applied].map(([appliedAt, edits]) => ({ appliedAt, edits })))
        const byDay = new Map<string, AttendanceRecord[]>()
        await tx.table<AttendanceRecord, string>('attendance').each((record) => {
          const day = byDay.get(record.dayId)
          if (day) day.push(record)
          else byDay.set(record.dayId, [record])
        })
        await tx
          .table<AttendanceDay, string>('attendanceDays')
          .bulkPut([...byDay].map(([dayId, records]) => ({ dayId, records })))
      })
    // v8: the per-record attendance and per-field applied tables, emptied by v7, are dropped.
    this.version(8).stores({ attendance: null, applied: null })
    // v9: the outbox indexed by collection, so a screen reads the queued edits of its collection
    // in one request and is not re-read when another collection is edited
    // (docs/0020-tap-shows-when-written.md).
    this.version(9).stores({
      outbox: '++seq, &mutation.id, mutation.recordId, mutation.collection, user',
    })
    // v10: the programme's calendar, pulled like any synced collection and never edited here
    // (docs/0047-the-calendar-is-data.md). The server stores the calendar through its change log,
    // so a device's cursor brings it without starting over.
    this.version(10).stores({ calendar: syncedTables(registry).calendar ?? '_id' })
  }
}

/** The synced tables version 7 declared: the registry's, less those later versions added. */
function tablesOfVersion7(registry: SyncRegistry): Record<string, string> {
  const { calendar: _addedInVersion10, ...tables } = syncedTables(registry)
  return tables
}
