// The calendar the device holds: the `calendar` table the sync fills from its registry entry
// (docs/0049-devices-follow-the-calendar.md). Taken at start, and again after every change of the
// table, which is a pull's: a tablet offline all week shows the new days at its next sync.
import { liveQuery } from 'dexie'
import { localDayStr, scheduleDataSchema, type CalendarRecord } from '@lfit/domain/schedule'
import { nextTask } from '../app/next-task'
import type { LocalDatabase } from '../offline/database'
import { deviceDatabase } from '../offline/device-database'
import { takeCalendar } from './take-calendar'

const calendarOf = (db: LocalDatabase) => db.table<CalendarRecord, string>('calendar')

const following = new WeakSet<LocalDatabase>()

/** Takes the device's calendar after every change of its table; once per database. */
export function followDeviceCalendar(db: LocalDatabase): void {
  if (following.has(db)) return
  following.add(db)
  liveQuery(() => calendarOf(db).toArray()).subscribe({
    next: (records) => void takeCalendar(records),
    error: (error: unknown) => console.warn('the device calendar could not be read', error),
  })
}

/**
 * Takes the calendar the device holds and follows it; false when it holds none. While the
 * database reads, the browser's time-zone data and the calendar's schema are made ready, a task
 * each: taken with the records, they were one long task before the tablet's first screen
 * (Total Blocking Time, docs/0024).
 */
export async function takeDeviceCalendar(): Promise<boolean> {
  const db = deviceDatabase()
  const reading = calendarOf(db)
    .toArray()
    .catch((): CalendarRecord[] => [])
  await nextTask()
  // The first date read on the programme's wall clock loads the browser's time-zone data.
  localDayStr(Date.now())
  await nextTask()
  scheduleDataSchema()
  const records = await reading
  await nextTask()
  followDeviceCalendar(db)
  return takeCalendar(records)
}
