// The attendance matrix (docs/product-rules.md#reports): the participants of a programme year as
// the overview lists them, by the study days of the year or of one of its segments, each cell the
// day's mark as the book shows it (recorded, or from an absence reported for it), with each
// participant's figures over those days (the one set, attendance/figures.ts) and the marks of
// each day. Free days are no study days and have no column. Pure: the screen passes the marks
// and figures it reads from the one local view.
import type { AttendanceFigures } from '../attendance/figures'
import type { AttendanceMark } from '../records/attendance'
import { schedule as programmeSchedule, type Schedule, type StudyDay } from '../schedule'

export interface MatrixPerson {
  username: string
  /** The name as the screen shows it. */
  name: string
}

export interface MatrixRow extends MatrixPerson {
  /** One per column day: the day's mark, or null when the day is not marked. */
  marks: (AttendanceMark | null)[]
  /** Over the column days; null when the year does not count for them or is not known yet. */
  figures: AttendanceFigures | null
}

export interface DayTotals {
  present: number
  late: number
  absent: number
  excused: number
  /** Participants with no mark on the day. */
  unmarked: number
}

export interface AttendanceMatrix {
  days: readonly StudyDay[]
  rows: MatrixRow[]
  /** One per column day, in the same order. */
  dayTotals: DayTotals[]
}

/**
 * The study days of `year` (of one segment of it when given), in date order: the days the
 * overview counts for the year, free days left out.
 */
export function matrixDays(
  year: number,
  segment: number | null = null,
  from: Schedule = programmeSchedule(),
): StudyDay[] {
  return from.days.filter(
    (d): d is StudyDay =>
      !d.freeDay && d.year === year && (segment === null || d.segment === segment),
  )
}

/** The segments that have study days in `year`, in order, for the segment choice. */
export function matrixSegments(year: number, from: Schedule = programmeSchedule()): number[] {
  return [...new Set(matrixDays(year, null, from).map((d) => d.segment))].toSorted((a, b) => a - b)
}

export function attendanceMatrix(
  days: readonly StudyDay[],
  participants: readonly MatrixPerson[],
  markOf: (dayId: string, participant: string) => AttendanceMark | null | undefined,
  figuresOf: (participant: string) => AttendanceFigures | null,
): AttendanceMatrix {
  const rows = participants.map((person): MatrixRow => ({
    ...person,
    marks: days.map((day) => markOf(day.id, person.username) ?? null),
    figures: figuresOf(person.username),
  }))
  const dayTotals = days.map((_, column): DayTotals => {
    const totals: DayTotals = { present: 0, late: 0, absent: 0, excused: 0, unmarked: 0 }
    for (const row of rows) {
      const mark = row.marks[column]
      if (mark) totals[mark] += 1
      else totals.unmarked += 1
    }
    return totals
  })
  return { days, rows, dayTotals }
}
