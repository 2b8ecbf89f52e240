// The tab's one device database, opened by whoever needs it first: the start of the app reads
// the calendar the device holds before its first screen (calendar/follow-calendar.ts), the
// offline runtime (app-offline.tsx) syncs into the same connection.
import { LocalDatabase } from './database'

let opened: LocalDatabase | null = null

export function deviceDatabase(): LocalDatabase {
  opened ??= new LocalDatabase()
  return opened
}
