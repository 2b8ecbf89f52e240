// The attendance matrix (docs/product-rules.md#reports): the participants of a programme year as
// the overview lists them, by the study days of the year or of one of its segments, each cell the
// recorded mark, with the totals the overview counts per participant (attendance/stats.ts: late
// counts as attended, excused apart) and the marks of each day. Free days are no study days and
// have no column. Pure: the screen passes the marks it reads from the one local view.
import { tally, type AttendanceTally } from '../attendance/stats'
import type { AttendanceMark } from '../records/attendance'
import { schedule as programmeSchedule, type Schedule, type StudyDay } from '../schedule'

export interface MatrixPerson {
  username: string
  /** The name as the screen shows it. */
  name: string
}

export interface MatrixRow extends MatrixPerson {
  /** One per column day: the recorded mark, or null when the day is not marked. */
  marks: (AttendanceMark | null)[]
  tally: AttendanceTally
  /** Of the attended days, how many late (the tally counts them as attended). */
  late: number
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
): AttendanceMatrix {
  const rows = participants.map((person): MatrixRow => {
    const marks = days.map((day) => markOf(day.id, person.username) ?? null)
    return {
      ...person,
      marks,
      tally: tally(marks),
      late: marks.filter((m) => m === 'late').length,
    }
  })
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
