// The device's copies of synced records, the one way the sync engine and the local view read and
// write them. Attendance is kept grouped per study day: one row per `dayId` holding that day's
// records, so a new tablet writes a few hundred rows instead of 30,000, and a screen of one day
// reads one row (docs/0019-attendance-grouped-per-day-on-the-device.md). Every other collection
// keeps one row per record in its own table.
import type { Table } from 'dexie'
import { parseAttendanceId, type AttendanceRecord } from '@lfit/domain/records/attendance'
import type { SyncedRecord } from '@lfit/domain/records/synced'
import type { SyncCollection } from '@lfit/domain/sync/protocol'
import type { AttendanceDay, LocalDatabase } from './database'

/** The table that holds a collection's records on the device. */
export function recordTable(db: LocalDatabase, collection: SyncCollection): Table {
  return collection === 'attendance' ? db.attendanceDays : db.table(collection)
}

/** The stored copies of these records, in the order of `ids` (undefined where none). */
export async function readRecords(
  db: LocalDatabase,
  collection: SyncCollection,
  ids: readonly string[],
): Promise<(SyncedRecord | undefined)[]> {
  if (collection !== 'attendance') {
    return db.table<SyncedRecord, string>(collection).bulkGet([...ids])
  }
  const dayIds = [...new Set(ids.map((id) => parseAttendanceId(id)?.dayId ?? ''))]
  const rows = await db.attendanceDays.bulkGet(dayIds)
  const stored = new Map<string, AttendanceRecord>()
  for (const row of rows) for (const record of row?.records ?? []) stored.set(record._id, record)
  return ids.map((id) => stored.get(id))
}

/**
 * Stores whole records (a pulled page, or records an applied edit was merged into), replacing
 * the stored copies. A day row is read, changed and written back, so a page that brings some
 * of a day's records keeps the others.
 */
export async function keepRecords(
  db: LocalDatabase,
  collection: SyncCollection,
  records: readonly SyncedRecord[],
): Promise<void> {
  if (records.length === 0) return
  if (collection !== 'attendance') {
    await db.table<SyncedRecord, string>(collection).bulkPut([...records])
    return
  }
  const byDay = new Map<string, AttendanceRecord[]>()
  for (const record of records as readonly AttendanceRecord[]) {
    const list = byDay.get(record.dayId)
    if (list) list.push(record)
    else byDay.set(record.dayId, [record])
  }
  const dayIds = [...byDay.keys()]
  const rows = await db.attendanceDays.bulkGet(dayIds)
  const next: AttendanceDay[] = dayIds.map((dayId, index) => {
    const kept = rows[index]?.records
    const pulled = byDay.get(dayId) ?? []
    // A day met for the first time (every day of a new tablet's snapshot) is stored as it came.
    if (!kept) return { dayId, records: pulled }
    const byId = new Map(kept.map((record) => [record._id, record]))
    for (const record of pulled) byId.set(record._id, record)
    return { dayId, records: [...byId.values()] }
  })
  await db.attendanceDays.bulkPut(next)
}

/** Attendance of these days, or of every day on the device without `dayIds`. */
export async function attendanceRecords(
  db: LocalDatabase,
  dayIds?: readonly string[],
): Promise<AttendanceRecord[]> {
  const rows =
    dayIds === undefined
      ? await db.attendanceDays.toArray()
      : await db.attendanceDays.bulkGet([...dayIds])
  return rows.flatMap((row) => row?.records ?? [])
}
