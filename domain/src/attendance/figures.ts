// The one set of attendance figures (docs/product-rules.md#attendance-figures,
// docs/0037-one-set-of-attendance-figures.md): every screen, export and certificate that shows a
// participant's present %, missed, excused, late, made-up or outstanding days reads them here,
// from the days the standing walks (makeups/standing.ts), so no two of them can disagree.
//
// What counts: a study day of a counted enrolment's year (accepted or completed) that has begun
// by today, with a recorded mark, or, while none is recorded, an absence reported for it. What
// does not: a day with neither (it says nothing yet), a free day, a make-up day, a day after
// today, a year the person is not counted in. Present and late are attended; absent and excused
// are missed (the limits count both); a made-up day stays missed and is no longer outstanding.
import type { DayRef, Figures, ParticipantStanding } from '../makeups/standing'

export interface AttendanceFigures {
  /** Days that count: attended + missed. */
  counted: number
  present: number
  /** Attended, late. */
  late: number
  /** present + late. */
  attended: number
  /** Missed and not excused: marked absent, or an unexcused absence reported for the day. */
  absent: number
  /** Missed and excused: marked excused, or an excused absence reported for the day. */
  excused: number
  /** absent + excused; made-up days included. */
  missed: number
  /** Missed days made up (at a session or otherwise). */
  madeUp: number
  /** Missed days not made up: missed − madeUp. */
  outstanding: number
  /**
   * attended / counted in whole per cent, rounded down, so that one missed day never shows as
   * 100 %; null while no day counts.
   */
  percent: number | null
}

export type FiguresOfDays = Pick<Figures, 'present' | 'late' | 'missed' | 'madeUp' | 'outstanding'>

/** The figures of a standing's days, of all of them or of those `within` keeps (a segment). */
export function attendanceFigures(
  days: FiguresOfDays,
  within: (day: DayRef) => boolean = () => true,
): AttendanceFigures {
  const count = (list: readonly DayRef[]) => list.filter(within).length
  const present = count(days.present)
  const late = count(days.late)
  const missed = days.missed.filter(within)
  const excused = missed.filter((day) => day.mark === 'excused').length
  const attended = present + late
  const counted = attended + missed.length
  return {
    counted,
    present,
    late,
    attended,
    absent: missed.length - excused,
    excused,
    missed: missed.length,
    madeUp: count(days.madeUp),
    outstanding: count(days.outstanding),
    percent: counted === 0 ? null : Math.floor((attended * 100) / counted),
  }
}

/**
 * A participant's figures for one programme year (or one segment of it); null when the year does
 * not count for them (no accepted or completed enrolment) or no standing is known.
 */
export function yearFigures(
  standing: ParticipantStanding | undefined,
  year: number,
  segment: number | null = null,
): AttendanceFigures | null {
  const ofYear = standing?.years.find((y) => y.year === year)
  if (!ofYear) return null
  return attendanceFigures(ofYear, (day) => segment === null || day.segment === segment)
}

/** A participant's figures over some study days of one year (a block on /prisotnost). */
export function figuresOfDays(
  standing: ParticipantStanding | undefined,
  year: number,
  dayIds: ReadonlySet<string>,
): AttendanceFigures | null {
  const ofYear = standing?.years.find((y) => y.year === year)
  return ofYear ? attendanceFigures(ofYear, (day) => dayIds.has(day.dayId)) : null
}

/** The figures of every counted year together; null without a standing. */
export function programmeFigures(
  standing: ParticipantStanding | undefined,
): AttendanceFigures | null {
  return standing ? attendanceFigures(standing.overall) : null
}
