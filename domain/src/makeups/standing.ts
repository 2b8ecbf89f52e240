// A participant's standing against the programme's attendance rules: the one function the server,
// the web screens and the tests use for missed, late, made-up and outstanding days and the
// standing per programme year and overall (docs/product-rules.md#make-ups-and-attendance-rules).
import { absenceOnDay, dayMark, type CoveringAbsence } from '../attendance/day-mark'
import type { Enrolment, EnrolmentStatus } from '../people/enrolment'
import type { AttendanceMark, AttendanceRecord } from '../records/attendance'
import { schedule, type Schedule, type StudyDay } from '../schedule'
import type { MadeUpOtherwise } from './made-up-otherwise'
import {
  ATTENDED_MARKS,
  bySessionTime,
  sessionCovers,
  type MakeupAttendance,
  type MakeupSession,
} from './sessions'
import { standingAgainst, worstStanding, type StandingLevel, type Thresholds } from './thresholds'

/** Enrolments whose years count: the person took part (or takes part) in them. */
export const COUNTED_ENROLMENTS: ReadonlySet<EnrolmentStatus> = new Set(['accepted', 'completed'])

export interface StandingInput {
  participant: string
  /** Today's date in Ljubljana (`localDayStr(now)`): later days are never missed. */
  today: string
  /** Records of others may be passed too; only the participant's are read. */
  attendance: readonly Pick<AttendanceRecord, 'dayId' | 'participant' | 'mark'>[]
  absences: readonly CoveringAbsence[]
  enrolments: readonly Pick<Enrolment, 'person' | 'year' | 'status'>[]
  sessions: readonly MakeupSession[]
  sessionAttendance: readonly MakeupAttendance[]
  madeUpOtherwise: readonly MadeUpOtherwise[]
  thresholds: Thresholds
  /** The programme's schedule unless a test passes its own. */
  schedule?: Schedule
}

export interface DayRef {
  dayId: string
  dayStr: string
  segment: number
  year: number
}

export type MadeUpBy =
  { by: 'session'; session: MakeupSession } | { by: 'otherwise'; record: MadeUpOtherwise }

export interface MissedDay extends DayRef {
  /** The day's mark: recorded by an editor, or taken from an absence reported for it. */
  mark: 'absent' | 'excused'
  /** True when no mark is recorded and an absence reported for the day makes it missed. */
  reported: boolean
  /** How the day was made up; null while it is outstanding. */
  madeUp: MadeUpBy | null
}

export interface OutstandingDay extends MissedDay {
  madeUp: null
  /** The sessions still to come that cover it, in date order. */
  coveredBy: MakeupSession[]
}

export interface MadeUpDay extends MissedDay {
  madeUp: MadeUpBy
}

export interface Figures {
  /** Days marked present, in date order (attendance/figures.ts counts them; the limits do not). */
  present: DayRef[]
  /** Every missed day, in date order; made-up ones included (the limits count misses). */
  missed: MissedDay[]
  late: DayRef[]
  madeUp: MadeUpDay[]
  outstanding: OutstandingDay[]
  /** The most missed days allowed here. */
  limit: number
  standing: StandingLevel
}

export interface YearFigures extends Figures {
  year: number
}

export interface ParticipantStanding {
  /** The counted programme years, in order, each against the per-year limit. */
  years: YearFigures[]
  /** All counted years together, against the limit for the whole programme. */
  overall: Figures
  /** The worst of `overall` and every year: what the participant is told first. */
  standing: StandingLevel
}

/**
 * The study days a participant can miss: those of regular blocks, never make-up days. The
 * schedule derives them once per year, so a standing walks them without sorting anything out.
 */
export function studyDaysOfYear(from: Schedule, year: number): readonly StudyDay[] {
  return from.studyDaysByYear.get(year) ?? []
}

/** The participant's marks by day and own absences: what counting a day reads. */
interface OwnMarks {
  participant: string
  marks: ReadonlyMap<string, AttendanceMark | null>
  absences: readonly CoveringAbsence[]
}

/**
 * The participant's own part of the input, read once per standing instead of once per year or
 * per day: the marks by day, the absences and the sessions still to come (in date order), which
 * the days of every counted year are then looked up in.
 */
interface Own extends OwnMarks {
  input: StandingInput
  attended: readonly MakeupSession[]
  upcoming: readonly MakeupSession[]
}

/**
 * Whether the participant attended the session: its own mark when one is recorded, else, for a
 * session standing for the schedule's make-up days, a mark on any of those days.
 */
function attendedSession(session: MakeupSession, input: StandingInput): boolean {
  const own = input.sessionAttendance.find(
    (a) => a.session === session._id && a.participant === input.participant && a.mark !== null,
  )
  if (own?.mark) return ATTENDED_MARKS.has(own.mark)
  return input.attendance.some(
    (a) =>
      a.participant === input.participant &&
      session.scheduleDays.includes(a.dayId) &&
      a.mark !== null &&
      ATTENDED_MARKS.has(a.mark),
  )
}

function madeUpBy(day: DayRef, own: Own): MadeUpBy | null {
  // A session makes up only what was missed before it (or that day): content is made up after.
  const session = own.attended.find(
    (s) => s.dayStr >= day.dayStr && sessionCovers(s, { id: day.dayId, segment: day.segment }),
  )
  if (session) return { by: 'session', session }
  const record = own.input.madeUpOtherwise.find(
    (r) => r.participant === own.input.participant && r.dayId === day.dayId,
  )
  return record ? { by: 'otherwise', record } : null
}

/**
 * What a study day counts as: the day's mark as shown (dayMark), null for a day with neither a
 * mark nor an absence (it says nothing yet). A recorded mark stands whatever absence covers the
 * day, so absences are looked up only for the days without one
 * (docs/product-rules.md#attendance-figures).
 */
function countedMark(
  day: StudyDay,
  own: OwnMarks,
): { mark: AttendanceMark; fromAbsence: boolean } | null {
  const recorded = own.marks.get(day.id) ?? null
  const absence =
    recorded !== null || own.absences.length === 0
      ? null
      : absenceOnDay(own.absences, own.participant, day.dayStr)
  if (recorded === null && absence === null) return null
  const { mark, fromAbsence } = dayMark(recorded, absence)
  return mark === null ? null : { mark, fromAbsence }
}

function figures(days: readonly StudyDay[], own: Own, limit: number): Figures {
  const { input } = own
  const result: Figures = {
    present: [],
    missed: [],
    late: [],
    madeUp: [],
    outstanding: [],
    limit,
    standing: 'onTrack',
  }
  // In date order: the days after today are never missed, so the walk ends at the first of them.
  for (const day of days) {
    if (day.dayStr > input.today) break
    const shown = countedMark(day, own)
    if (!shown) continue
    const ref: DayRef = { dayId: day.id, dayStr: day.dayStr, segment: day.segment, year: day.year }
    if (shown.mark === 'present' || shown.mark === 'late') {
      result[shown.mark].push(ref)
      continue
    }
    const madeUp = madeUpBy(ref, own)
    const missed: MissedDay = { ...ref, mark: shown.mark, reported: shown.fromAbsence, madeUp }
    result.missed.push(missed)
    if (madeUp) result.madeUp.push({ ...missed, madeUp })
    else {
      const coveredBy = own.upcoming.filter((s) =>
        sessionCovers(s, { id: day.id, segment: day.segment }),
      )
      result.outstanding.push({ ...missed, madeUp: null, coveredBy })
    }
  }
  result.standing = standingAgainst(result.missed.length, limit)
  return result
}

/** The years of the participant's counted enrolments, in order. */
function countedYears(input: Pick<StandingInput, 'participant' | 'enrolments'>): number[] {
  return [
    ...new Set(
      input.enrolments
        .filter((e) => e.person === input.participant && COUNTED_ENROLMENTS.has(e.status))
        .map((e) => e.year),
    ),
  ].toSorted((a, b) => a - b)
}

/** The participant's marks by day (none are needed without a counted year) and own absences. */
function ownMarks(input: TallyInput, counted: readonly number[]): OwnMarks {
  const marks = new Map<string, AttendanceMark | null>()
  if (counted.length > 0) {
    for (const a of input.attendance)
      if (a.participant === input.participant) marks.set(a.dayId, a.mark)
  }
  return {
    participant: input.participant,
    marks,
    absences: input.absences.filter((a) => a.participant === input.participant),
  }
}

/** The participant's missed, late, made-up and outstanding days and standing, per year and overall. */
export function standingOf(input: StandingInput): ParticipantStanding {
  const from = input.schedule ?? schedule()
  const counted = countedYears(input)
  const own: Own = {
    ...ownMarks(input, counted),
    input,
    // Sessions that took place (today or earlier), not cancelled, where the participant was there.
    attended: input.sessions
      .filter((s) => !s.cancelled && s.dayStr <= input.today && attendedSession(s, input))
      .toSorted(bySessionTime),
    // What a participant can still attend to make up a day (upcomingSessionsFor, sorted once).
    upcoming: input.sessions
      .filter((s) => !s.cancelled && s.dayStr >= input.today)
      .toSorted(bySessionTime),
  }
  const years = counted.map((year) => ({
    year,
    ...figures(studyDaysOfYear(from, year), own, input.thresholds.perYear),
  }))
  const overall: Figures = {
    present: years.flatMap((y) => y.present),
    missed: years.flatMap((y) => y.missed),
    late: years.flatMap((y) => y.late),
    madeUp: years.flatMap((y) => y.madeUp),
    outstanding: years.flatMap((y) => y.outstanding),
    limit: input.thresholds.overall,
    standing: 'onTrack',
  }
  overall.standing = standingAgainst(overall.missed.length, overall.limit)
  return {
    years,
    overall,
    standing: worstStanding([overall.standing, ...years.map((y) => y.standing)]),
  }
}

/** How one scope stands: its missed days against its limit, all that an announcement reads. */
export interface Tally {
  missed: number
  limit: number
  standing: StandingLevel
}

/** The missed days per counted year and overall against the limits, and the worst standing. */
export interface StandingTally {
  years: (Tally & { year: number })[]
  overall: Tally
  standing: StandingLevel
}

/** What a tally reads: the participant's marks, absences and enrolments, the limits, today. */
export type TallyInput = Omit<StandingInput, 'sessions' | 'sessionAttendance' | 'madeUpOtherwise'>

/**
 * The counts of `standingOf(input)`, over the same days with the same marks and absences but
 * without working out how each missed day was made up: how a day was made up never changes the
 * count (made-up days still count as missed), so the sessions, the marks at them and the "made
 * up otherwise" records are not read. The server's standing check after every push needs only
 * this (docs/0021).
 */
export function standingTally(input: TallyInput): StandingTally {
  const from = input.schedule ?? schedule()
  const counted = countedYears(input)
  const own = ownMarks(input, counted)
  const years = counted.map((year) => {
    let missed = 0
    for (const day of studyDaysOfYear(from, year)) {
      if (day.dayStr > input.today) break
      const shown = countedMark(day, own)
      if (shown && (shown.mark === 'absent' || shown.mark === 'excused')) missed += 1
    }
    const limit = input.thresholds.perYear
    return { year, missed, limit, standing: standingAgainst(missed, limit) }
  })
  const missed = years.reduce((sum, year) => sum + year.missed, 0)
  const overall = {
    missed,
    limit: input.thresholds.overall,
    standing: standingAgainst(missed, input.thresholds.overall),
  }
  return {
    years,
    overall,
    standing: worstStanding([overall.standing, ...years.map((y) => y.standing)]),
  }
}
