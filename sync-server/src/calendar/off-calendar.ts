// Marks kept on days that are no study days of the current calendar: pushed by a device that
// was offline while the day was removed (or made free), they are kept, never dropped, and listed
// here for the editors to move or clear (docs/0047-the-calendar-is-data.md).
import { schedule } from '@lfit/domain/schedule'
import type { Store } from '../store/port'

/** Most marks one answer lists; `more` says that others wait. */
export const MAX_OFF_CALENDAR_MARKS = 500

export interface MarkOffCalendar {
  _id: string
  dayId: string
  participant: string
  mark: string
}

export async function marksOffCalendar(
  store: Store,
): Promise<{ marks: MarkOffCalendar[]; more: boolean }> {
  const studyDays = schedule()
    .days.filter((day) => !day.freeDay)
    .map((day) => day.id)
  const found = await store.collection('attendance').find(
    { dayId: { $nin: studyDays }, mark: { $ne: null } },
    {
      sort: { _id: 1 },
      limit: MAX_OFF_CALENDAR_MARKS + 1,
      projection: { dayId: 1, participant: 1, mark: 1 },
    },
  )
  return {
    marks: found.slice(0, MAX_OFF_CALENDAR_MARKS).map((doc) => ({
      _id: String(doc._id),
      dayId: String(doc.dayId),
      participant: String(doc.participant),
      mark: String(doc.mark),
    })),
    more: found.length > MAX_OFF_CALENDAR_MARKS,
  }
}
