// The study days e2e tests mark on /ETAB without getting in each other's way, and the tablet's
// address of a day. The demo data marks the last twelve past study days of each participants'
// year (1 to 4); the days before those are unmarked, and each test file takes its own share of
// them (its file says which), so files that share the one server never write the same day.
import { schedule, type StudyDay } from '@lfit/domain/schedule'

/** Past study days of years 1 to 4 that the demo data leaves unmarked, oldest first. */
export function unmarkedStudyDays(): StudyDay[] {
  const now = Date.now()
  const study = schedule().days.filter(
    (d): d is StudyDay => !d.freeDay && d.year <= 4 && d.to <= now,
  )
  const seeded = new Set(
    [1, 2, 3, 4].flatMap((year) => study.filter((d) => d.year === year).slice(-12)),
  )
  return study.filter((d) => !seeded.has(d))
}

/** /ETAB opened on `day`. */
export const etabUrl = (day: StudyDay): string =>
  `/ETAB?year=${day.year}&segment=${day.segment}&day=${day.dayStr}`
