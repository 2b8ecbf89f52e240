// Taking a calendar given as records (the device's `calendar` table, the server's answer, the
// records a server render is given): made current in this runtime unless it is the calendar
// already current or older than it (docs/0049-devices-follow-the-calendar.md). No database or
// network here, so the server's render of the public pages takes its calendar the same way.
import {
  calendarDataFromRecords,
  onCalendarChange,
  replaceCalendar,
  type CalendarRecord,
} from '@lfit/domain/schedule'
import { calendarTaken } from './calendar-version'

// The one way a replace reaches the screens.
onCalendarChange(() => calendarTaken())

/** The records the tab's calendar was made from, as text, and the newest edit among them. */
let taken: { text: string; newest: string } | null = null

const newestEdit = (records: readonly CalendarRecord[]) =>
  records
    .flatMap((record) => Object.values(record.stamps).map((stamp) => stamp.hlc))
    .reduce((newest, hlc) => (hlc > newest ? hlc : newest), '')

/**
 * Makes `records` the tab's calendar, unless they are the calendar it has or older than it (a
 * server answer that was on its way while a pull brought a later change). Records that do not
 * make a calendar (an empty table, data this build's rules refuse) leave the calendar as it is.
 * Answers whether the calendar changed.
 */
export function takeCalendar(records: readonly CalendarRecord[]): boolean {
  const live = records
    .filter((record) => record.kind === 'programme' || !record.deleted)
    // By code unit, not localeCompare: the order only makes the text comparable, and a locale's
    // collator costs the tablet's first screen its set-up (milliseconds on a slow phone).
    .toSorted((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
  if (!live.some((record) => record.kind === 'block')) return false
  const text = JSON.stringify(live)
  // Over the deleted blocks too: a deletion is an edit a later answer has seen.
  const newest = newestEdit(records)
  if (taken && (text === taken.text || newest < taken.newest)) return false
  try {
    replaceCalendar(calendarDataFromRecords(live))
  } catch (error) {
    console.warn('the calendar received does not fit this version of the app', error)
    return false
  }
  taken = { text, newest }
  return true
}
