// Test support for standingOf: a small programme and a table language for its cases, shared by
// the tests of the limits and of making up.
import { expect } from 'vitest'
import type { AttendanceMark } from '../records/attendance'
import type { EnrolmentStatus } from '../people/enrolment'
import { addDays, buildSchedule, dayId } from '../schedule'
import type { MadeUpOtherwise } from './made-up-otherwise'
import { makeupSessionSchema, type MakeupAttendance, type MakeupSession } from './sessions'
import {
  standingOf,
  standingTally,
  type Figures,
  type ParticipantStanding,
  type StandingInput,
  type StandingTally,
  type Tally,
} from './standing'
import { DEFAULT_THRESHOLDS, type Thresholds } from './thresholds'

// A small programme, so each case reads on its own: year 1 has segment 1 (7 days from
// 2023-01-02) and segment 2 (5 days from 2023-02-06); year 2 segment 3 (7 days from 2024-01-08)
// and the make-up days of segment 21 (2024-03-04, 2024-03-05); year 3 segment 4 (7 days from
// 2025-01-06).
export const SCHEDULE = buildSchedule({
  venue: 'Studio, Ljubljana',
  blocks: [
    { year: 1, segment: 1, from: '2023-01-02', to: '2023-01-08', headerName: 'S1', trainer: 'T' },
    { year: 1, segment: 2, from: '2023-02-06', to: '2023-02-10', headerName: 'S2', trainer: 'T' },
    { year: 2, segment: 3, from: '2024-01-08', to: '2024-01-14', headerName: 'S3', trainer: 'T' },
    {
      year: 2,
      segment: 21,
      from: '2024-03-04',
      to: '2024-03-05',
      headerName: 'Make-up',
      trainer: 'T',
      makeup: true,
    },
    { year: 3, segment: 4, from: '2025-01-06', to: '2025-01-12', headerName: 'S4', trainer: 'T' },
  ],
})

export const ME = 'p1@demo.test'
export const AFTER_ALL = '2025-12-31'

/** `n` consecutive dates from `from`. */
export const run = (from: string, n: number) =>
  Array.from({ length: n }, (_, i) => addDays(from, i))
export const Y1 = '2023-01-02'
export const Y1S2 = '2023-02-06'
export const Y2 = '2024-01-08'
export const Y3 = '2025-01-06'

export function session(
  id: string,
  dayStr: string,
  covers: { segments?: number[]; days?: string[] },
  extra: Partial<MakeupSession> = {},
): MakeupSession {
  return makeupSessionSchema.parse({
    _id: id,
    dayStr,
    fromHour: '10:00',
    toHour: '13:00',
    place: 'Studio',
    capacity: 10,
    covers: { segments: [], days: [], ...covers },
    educator: 'educator@demo.test',
    note: '',
    scheduleDays: [],
    cancelled: false,
    ...extra,
  })
}

export interface Case {
  label: string
  /** Recorded marks by date. */
  marks?: Record<string, AttendanceMark>
  /** Absences reported: [first, last, excused]. */
  reported?: [string, string, boolean][]
  enrolled?: [number, EnrolmentStatus][]
  sessions?: MakeupSession[]
  /** Marks at sessions by session id. */
  atSessions?: Record<string, AttendanceMark>
  otherwise?: string[]
  thresholds?: Thresholds
  today?: string
  /** Expected per year and overall, as `summary` writes them. */
  years: Record<number, string>
  overall: string
  standing?: string
}

export function marksOn(days: string[], mark: AttendanceMark): Record<string, AttendanceMark> {
  return Object.fromEntries(days.map((d) => [d, mark]))
}

export function inputOf(c: Case): StandingInput {
  const others = { dayId: dayId(Y1), participant: 'other@demo.test', mark: 'absent' as const }
  return {
    participant: ME,
    today: c.today ?? AFTER_ALL,
    schedule: SCHEDULE,
    attendance: [
      others,
      ...Object.entries(c.marks ?? {}).map(([d, mark]) => ({
        dayId: dayId(d),
        participant: ME,
        mark,
      })),
    ],
    absences: (c.reported ?? []).map(([fromDay, toDay, excused], i) => ({
      _id: `a${i}`,
      participant: ME,
      fromDay,
      toDay,
      reason: 'ill',
      excused,
      deleted: false,
    })),
    enrolments: (
      c.enrolled ?? [
        [1, 'completed'],
        [2, 'completed'],
        [3, 'accepted'],
      ]
    ).map(([year, status]) => ({ person: ME, year, status })),
    sessions: c.sessions ?? [],
    sessionAttendance: Object.entries(c.atSessions ?? {}).map(([id, mark]): MakeupAttendance => ({
      session: id,
      participant: ME,
      mark,
    })),
    madeUpOtherwise: (c.otherwise ?? []).map((d): MadeUpOtherwise => ({
      participant: ME,
      dayId: dayId(d),
      by: 'makeupEditor@demo.test',
      at: '2025-06-01T10:00:00Z',
      note: 'studied the recordings',
    })),
    thresholds: c.thresholds ?? DEFAULT_THRESHOLDS,
  }
}

/** "missed/late/made up/outstanding standing", e.g. "4/0/1/3 atRisk". */
export function summary(f: Figures): string {
  return `${f.missed.length}/${f.late.length}/${f.madeUp.length}/${f.outstanding.length} ${f.standing}`
}

/** The tally of a standing worked out in full: what `standingTally` must equal. */
function tallyOf(standing: ParticipantStanding): StandingTally {
  const count = ({ missed, limit, standing: level }: Figures): Tally => ({
    missed: missed.length,
    limit,
    standing: level,
  })
  return {
    years: standing.years.map((year) => ({ year: year.year, ...count(year) })),
    overall: count(standing.overall),
    standing: standing.standing,
  }
}

export function figuresOf(c: Case) {
  const input = inputOf(c)
  const result = standingOf(input)
  // The count the standing check after a push reads is the same, made without the make-up details.
  expect(standingTally(input)).toEqual(tallyOf(result))
  expect(Object.fromEntries(result.years.map((y) => [y.year, summary(y)]))).toEqual(c.years)
  expect(summary(result.overall)).toBe(c.overall)
  if (c.standing) expect(result.standing).toBe(c.standing)
  return result
}

export const ZERO = '0/0/0/0 onTrack'
