// The work recorded on study days, as a calendar change meets it: attendance marks, absences
// whose dates include the day, make-up sessions held on it or making it up, and day sign-ups and
// reservations for it. Counted here because only the server sees every device's records
// (docs/0047-the-calendar-is-data.md). Each read is bounded by the days asked about, which a
// change of one calendar limits to the days of its blocks.
import { SIGNUP_COLLECTIONS } from '@lfit/domain/records/signups'
import type { DayWork, MarkOnDay, StudyDay } from '@lfit/domain/schedule'
import { MAKEUP_SESSIONS } from '../makeups/sessions'
import type { Store } from '../store/port'

const SIGNUPS = Object.values(SIGNUP_COLLECTIONS)

/** What is recorded on each of `days`, in their order. */
export async function recordedWork(store: Store, days: readonly StudyDay[]): Promise<DayWork[]> {
  if (days.length === 0) return []
  const ids = days.map((day) => day.id)
  const dates = days.map((day) => day.dayStr)
  const first = dates.reduce((a, b) => (a < b ? a : b))
  const last = dates.reduce((a, b) => (a > b ? a : b))
  const [marks, absences, sessions, ...signups] = await Promise.all([
    store
      .collection('attendance')
      .find({ dayId: { $in: ids }, mark: { $ne: null } }, { projection: { dayId: 1 } }),
    // Every absence touching the span, then per day: an absence is a stretch of dates.
    store
      .collection('absences')
      .find(
        { fromDay: { $lte: last }, toDay: { $gte: first }, deleted: { $ne: true } },
        { projection: { fromDay: 1, toDay: 1 } },
      ),
    store.collection(MAKEUP_SESSIONS).find(
      {
        cancelled: { $ne: true },
        $or: [
          { dayStr: { $in: dates } },
          { 'covers.days': { $in: ids } },
          { scheduleDays: { $in: ids } },
        ],
      },
      { projection: { dayStr: 1, covers: 1, scheduleDays: 1 } },
    ),
    ...SIGNUPS.map((name) =>
      store
        .collection(name)
        .find({ dayId: { $in: ids }, status: { $ne: 'cancelled' } }, { projection: { dayId: 1 } }),
    ),
  ])
  const count = <T>(items: readonly T[], on: (item: T) => boolean) =>
    items.reduce((n, item) => n + (on(item) ? 1 : 0), 0)
  return days.map((day) => ({
    day: day.dayStr,
    attendance: count(marks, (mark) => mark.dayId === day.id),
    absences: count(
      absences,
      (a) => String(a.fromDay) <= day.dayStr && day.dayStr <= String(a.toDay),
    ),
    makeupSessions: count(sessions, (s) => {
      const covers = s.covers as { days?: unknown } | undefined
      const covered = Array.isArray(covers?.days) && covers.days.includes(day.id)
      const standsFor = Array.isArray(s.scheduleDays) && s.scheduleDays.includes(day.id)
      return s.dayStr === day.dayStr || covered || standsFor
    }),
    signups: signups.reduce((n, found) => n + count(found, (s) => s.dayId === day.id), 0),
  }))
}

/** The marks (records with a mark) on these days, by day and person. */
export async function marksOn(store: Store, dayIds: readonly string[]): Promise<MarkOnDay[]> {
  if (dayIds.length === 0) return []
  const found = await store
    .collection('attendance')
    .find(
      { dayId: { $in: [...dayIds] }, mark: { $ne: null } },
      { projection: { dayId: 1, participant: 1 } },
    )
  return found.map((doc) => ({ dayId: String(doc.dayId), participant: String(doc.participant) }))
}
