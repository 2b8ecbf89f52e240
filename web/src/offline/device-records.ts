// The device's copies of synced records, the one way the sync engine and the local view read and
// write them. A collection whose registry entry has `deviceGroups` is kept grouped: one row per
// value of the group field holding those records (attendance: one row per study day, so a new
// tablet writes a few hundred rows instead of 30,000, and a screen of one day reads one row;
// docs/0019-attendance-grouped-per-day-on-the-device.md). Every other collection keeps one row
// per record in its own table. Nothing here names a collection but `attendanceRecords`, the
// screens' read of attendance (docs/0035-every-synced-collection-property-in-its-entry.md).
import type { Table } from 'dexie'
import type { AttendanceRecord } from '@lfit/domain/records/attendance'
import type { SyncedRecord } from '@lfit/domain/records/synced'
import type { DeviceGroups } from '@lfit/domain/sync/registry'
import type { LocalDatabase } from './database'

/** One row of a grouped collection: its group key under the entry's `by` field, and its records. */
type GroupRow = Record<string, unknown> & { records: SyncedRecord[] }

/** How the device groups a collection's records, or undefined when it keeps one row each. */
function groupsOf(db: LocalDatabase, collection: string): DeviceGroups | undefined {
  return Object.hasOwn(db.registry, collection) ? db.registry[collection]?.deviceGroups : undefined
}

/** The table that holds a collection's records on the device. */
export function recordTable(db: LocalDatabase, collection: string): Table {
  return db.table(groupsOf(db, collection)?.table ?? collection)
}

/** The stored copies of these records, in the order of `ids` (undefined where none). */
export async function readRecords(
  db: LocalDatabase,
  collection: string,
  ids: readonly string[],
): Promise<(SyncedRecord | undefined)[]> {
  const groups = groupsOf(db, collection)
  if (!groups) return db.table<SyncedRecord, string>(collection).bulkGet([...ids])
  const keys = [...new Set(ids.map((id) => groups.groupOfId(id) ?? ''))]
  const rows = await db.table<GroupRow, string>(groups.table).bulkGet(keys)
  const stored = new Map<string, SyncedRecord>()
  for (const row of rows) for (const record of row?.records ?? []) stored.set(record._id, record)
  return ids.map((id) => stored.get(id))
}

/**
 * Stores whole records (a pulled page, or records an applied edit was merged into), replacing
 * the stored copies. A group row is read, changed and written back, so a page that brings some
 * of a group's records keeps the others.
 */
export async function keepRecords(
  db: LocalDatabase,
  collection: string,
  records: readonly SyncedRecord[],
): Promise<void> {
  if (records.length === 0) return
  const groups = groupsOf(db, collection)
  if (!groups) {
    await db.table<SyncedRecord, string>(collection).bulkPut([...records])
    return
  }
  const byGroup = new Map<string, SyncedRecord[]>()
  for (const record of records) {
    const key = String((record as unknown as Record<string, unknown>)[groups.by])
    const list = byGroup.get(key)
    if (list) list.push(record)
    else byGroup.set(key, [record])
  }
  const keys = [...byGroup.keys()]
  const table = db.table<GroupRow, string>(groups.table)
  const rows = await table.bulkGet(keys)
  const next: GroupRow[] = keys.map((key, index) => {
    const kept = rows[index]?.records
    const pulled = byGroup.get(key) ?? []
    // A group met for the first time (every day of a new tablet's snapshot) is stored as it came.
    if (!kept) return { [groups.by]: key, records: pulled }
    const byId = new Map(kept.map((record) => [record._id, record]))
    for (const record of pulled) byId.set(record._id, record)
    return { [groups.by]: key, records: [...byId.values()] }
  })
  await table.bulkPut(next)
}

/** The records of a grouped collection in these groups, or in every group without `keys`. */
export async function groupedRecords(
  db: LocalDatabase,
  collection: string,
  keys?: readonly string[],
): Promise<SyncedRecord[]> {
  const groups = groupsOf(db, collection)
  if (!groups) throw new Error(`${collection} is not kept grouped on this device`)
  const table = db.table<GroupRow, string>(groups.table)
  const rows = keys === undefined ? await table.toArray() : await table.bulkGet([...keys])
  return rows.flatMap((row) => row?.records ?? [])
}

/** Attendance of these days, or of every day on the device without `dayIds`. */
export async function attendanceRecords(
  db: LocalDatabase,
  dayIds?: readonly string[],
): Promise<AttendanceRecord[]> {
  return (await groupedRecords(db, 'attendance', dayIds)) as AttendanceRecord[]
}
