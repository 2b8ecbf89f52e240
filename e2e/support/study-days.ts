// The study days e2e tests mark on /ETAB without getting in each other's way, and the tablet's
// address of a day. The calendar is the server's (a demo server stores one placed around the day
// it first started, docs/0051-living-demo.md), so a test process reads it from the server before
// it asks `schedule()` anything (followServerCalendar; the e2e setup file does it for the shared
// server). The demo data marks the last ten study days before its first day of each
// participants' year (1 to 4); the days before those are unmarked, and each test file takes its
// own share of them (its file says which), so files that share the one server never write the
// same day.
import { Packr } from 'msgpackr'
import {
  calendarDataFromRecords,
  replaceCalendar,
  schedule,
  type CalendarRecord,
  type Schedule,
  type StudyDay,
} from '@lfit/domain/schedule'

const packr = new Packr({ useRecords: false, mapsAsObjects: true })

/** Makes the server's calendar (GET /api/calendar) this process's `schedule()`. */
export async function followServerCalendar(url: string): Promise<Schedule> {
  const response = await fetch(`${url}/api/calendar`, {
    headers: { accept: 'application/msgpack' },
  })
  if (!response.ok) throw new Error(`GET /api/calendar answered ${response.status}`)
  const { records } = packr.unpack(new Uint8Array(await response.arrayBuffer())) as {
    records: CalendarRecord[]
  }
  return replaceCalendar(calendarDataFromRecords(records))
}

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
