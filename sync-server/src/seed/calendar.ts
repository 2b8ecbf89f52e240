// The programme's calendar on the first start of a database: the stored calendar is the one the
// server uses; a database with none stores `first` (the fixed schedule of earlier builds,
// SCHEDULE_DATA, or the demo's calendar placed around its first day) through the sync write
// path, so devices that already hold a cursor pull it like any change. Runs before anything
// reads `schedule()` (docs/0047-the-calendar-is-data.md).
import {
  calendarRecordsFromData,
  type ScheduleDataInput,
  type Schedule,
} from '@lfit/domain/schedule'
import { CALENDAR, loadCalendar, writeAsServer } from '../calendar/records'
import type { Store } from '../store/port'

/** Who stamps the first version: no person made it. */
export const FIRST_VERSION_USER = { username: 'calendar-first-version', roles: [] }

/** Stores `first` when the database has no calendar, then makes the stored one current. */
export async function seedCalendar(
  store: Store,
  first: ScheduleDataInput,
  now = Date.now(),
): Promise<Schedule> {
  if ((await store.collection(CALENDAR).count({})) === 0) {
    const edits = calendarRecordsFromData(first).map(({ _id, stamps: _stamps, ...fields }) => ({
      recordId: _id,
      fields,
    }))
    // Named by their records: two processes starting on one empty database store them once.
    await writeAsServer(store, FIRST_VERSION_USER, now, 'calendar', edits, (edit) =>
      `first-${edit.recordId}`.slice(0, 64),
    )
  }
  const loaded = await loadCalendar(store)
  if (!loaded) throw new Error('the calendar was stored but cannot be read back')
  return loaded
}
