import { describe, expect, it } from 'vitest'
import type { AttendanceMark } from '../records/attendance'
import type { EnrolmentStatus } from '../people/enrolment'
import { addDays, buildSchedule, dayId } from '../schedule'
import type { MadeUpOtherwise } from './made-up-otherwise'
import { makeupSessionSchema, type MakeupAttendance, type MakeupSession } from './sessions'
import { standingOf, type Figures, type StandingInput } from './standing'
import { DEFAULT_THRESHOLDS, type Thresholds } from './thresholds'

// A small programme, so each case reads on its own: year 1 has segment 1 (7 days from
// 2023-01-02) and segment 2 (5 days from 2023-02-06); year 2 segment 3 (7 days from 2024-01-08)
// and the make-up days of segment 21 (2024-03-04, 2024-03-05); year 3 segment 4 (7 days from
// 2025-01-06).
const SCHEDULE = buildSchedule({
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

const ME = 'p1@demo.test'
const AFTER_ALL = '2025-12-31'

/** `n` consecutive dates from `from`. */
const run = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i))
const Y1 = '2023-01-02'
const Y1S2 = '2023-02-06'
const Y2 = '2024-01-08'
const Y3 = '2025-01-06'

function session(
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

interface Case {
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

function marksOn(days: string[], mark: AttendanceMark): Record<string, AttendanceMark> {
  return Object.fromEntries(days.map((d) => [d, mark]))
}

function inputOf(c: Case): StandingInput {
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
function summary(f: Figures): string {
  return `${f.missed.length}/${f.late.length}/${f.madeUp.length}/${f.outstanding.length} ${f.standing}`
}

function figuresOf(c: Case) {
  const result = standingOf(inputOf(c))
  expect(Object.fromEntries(result.years.map((y) => [y.year, summary(y)]))).toEqual(c.years)
  expect(summary(result.overall)).toBe(c.overall)
  if (c.standing) expect(result.standing).toBe(c.standing)
  return result
}

const ZERO = '0/0/0/0 onTrack'

describe('missed days and the limits (missed/late/made up/outstanding)', () => {
  it.each<Case>([
    { label: 'nothing recorded', years: { 1: ZERO, 2: ZERO, 3: ZERO }, overall: ZERO },
    {
      label: 'present every day misses nothing',
      marks: marksOn(run(Y1, 7), 'present'),
      years: { 1: ZERO, 2: ZERO, 3: ZERO },
      overall: ZERO,
    },
    {
      label: '3 misses in a year: on track',
      marks: marksOn(run(Y1, 3), 'absent'),
      years: { 1: '3/0/0/3 onTrack', 2: ZERO, 3: ZERO },
      overall: '3/0/0/3 onTrack',
      standing: 'onTrack',
    },
    {
      label: '4 misses in a year: at risk, one day from the limit of 5',
      marks: marksOn(run(Y1, 4), 'absent'),
      years: { 1: '4/0/0/4 atRisk', 2: ZERO, 3: ZERO },
      overall: '4/0/0/4 onTrack',
      standing: 'atRisk',
    },
    {
      label: '5 misses in a year: at the limit, still at risk',
      marks: marksOn(run(Y1, 5), 'absent'),
      years: { 1: '5/0/0/5 atRisk', 2: ZERO, 3: ZERO },
      overall: '5/0/0/5 onTrack',
      standing: 'atRisk',
    },
    {
      label: '6 misses in a year: over the limit',
      marks: marksOn([...run(Y1, 4), ...run(Y1S2, 2)], 'absent'),
      years: { 1: '6/0/0/6 overLimit', 2: ZERO, 3: ZERO },
      overall: '6/0/0/6 onTrack',
      standing: 'overLimit',
    },
    {
      label: '9 over the programme (3 a year): at risk overall only',
      marks: marksOn([...run(Y1, 3), ...run(Y2, 3), ...run(Y3, 3)], 'absent'),
      years: { 1: '3/0/0/3 onTrack', 2: '3/0/0/3 onTrack', 3: '3/0/0/3 onTrack' },
      overall: '9/0/0/9 atRisk',
      standing: 'atRisk',
    },
    {
      label: '10 over the programme: at the limit, at risk',
      marks: marksOn([...run(Y1, 3), ...run(Y2, 3), ...run(Y3, 4)], 'absent'),
      years: { 1: '3/0/0/3 onTrack', 2: '3/0/0/3 onTrack', 3: '4/0/0/4 atRisk' },
      overall: '10/0/0/10 atRisk',
      standing: 'atRisk',
    },
    {
      label: '11 over the programme: over the limit, though no year is',
      marks: marksOn([...run(Y1, 3), ...run(Y2, 4), ...run(Y3, 4)], 'absent'),
      years: { 1: '3/0/0/3 onTrack', 2: '4/0/0/4 atRisk', 3: '4/0/0/4 atRisk' },
      overall: '11/0/0/11 overLimit',
      standing: 'overLimit',
    },
    {
      label: 'late arrivals are counted and shown, never a miss',
      marks: { ...marksOn(run(Y1, 6), 'late'), [Y2]: 'absent' },
      years: { 1: '0/6/0/0 onTrack', 2: '1/0/0/1 onTrack', 3: ZERO },
      overall: '1/6/0/1 onTrack',
    },
    {
      label: 'an excused absence is a miss like any other',
      marks: { ...marksOn(run(Y1, 2), 'excused'), [addDays(Y1, 2)]: 'absent' },
      years: { 1: '3/0/0/3 onTrack', 2: ZERO, 3: ZERO },
      overall: '3/0/0/3 onTrack',
    },
    {
      label: 'absences reported in advance are misses, excused or not',
      reported: [
        [Y1, addDays(Y1, 1), true],
        [Y2, addDays(Y2, 2), false],
      ],
      years: { 1: '2/0/0/2 onTrack', 2: '3/0/0/3 onTrack', 3: ZERO },
      overall: '5/0/0/5 onTrack',
    },
    {
      label: 'reported absent but marked present or late: the mark wins, no miss',
      reported: [[Y1, addDays(Y1, 2), false]],
      marks: { [Y1]: 'present', [addDays(Y1, 1)]: 'late' },
      years: { 1: '1/1/0/1 onTrack', 2: ZERO, 3: ZERO },
      overall: '1/1/0/1 onTrack',
    },
    {
      label: 'a reported absence across free and make-up days counts only study days',
      reported: [['2024-01-01', '2024-03-31', false]],
      years: { 1: ZERO, 2: '7/0/0/7 overLimit', 3: ZERO },
      overall: '7/0/0/7 onTrack',
    },
    {
      label: 'absent on the make-up days of the schedule: not a miss',
      marks: marksOn(['2024-03-04', '2024-03-05'], 'absent'),
      years: { 1: ZERO, 2: ZERO, 3: ZERO },
      overall: ZERO,
    },
    {
      label: 'a day after today is never missed; today already is',
      today: addDays(Y1, 1),
      reported: [[Y1, addDays(Y1, 4), false]],
      years: { 1: '2/0/0/2 onTrack', 2: ZERO, 3: ZERO },
      overall: '2/0/0/2 onTrack',
    },
    {
      label: 'only accepted and completed years count',
      enrolled: [
        [1, 'withdrawn'],
        [2, 'accepted'],
        [3, 'applied'],
      ],
      marks: marksOn([Y1, Y2, Y3], 'absent'),
      years: { 2: '1/0/0/1 onTrack' },
      overall: '1/0/0/1 onTrack',
    },
    {
      label: 'no counted enrolment: no years, on track',
      enrolled: [[1, 'declined']],
      marks: marksOn(run(Y1, 7), 'absent'),
      years: {},
      overall: ZERO,
      standing: 'onTrack',
    },
  ])('$label', (c) => {
    figuresOf(c)
  })
})

const S1_TWO_DAYS = [Y1, addDays(Y1, 1)]

describe('making up missed days', () => {
  it.each<Case>([
    {
      label: 'a session covering two days, attended, makes up both',
      marks: marksOn(run(Y1, 3), 'absent'),
      sessions: [session('m1', '2023-03-01', { days: S1_TWO_DAYS.map(dayId) })],
      atSessions: { m1: 'present' },
      years: { 1: '3/0/2/1 onTrack', 2: ZERO, 3: ZERO },
      overall: '3/0/2/1 onTrack',
    },
    {
      label: 'a session covering a segment makes up its missed days; arriving late counts',
      marks: marksOn([...run(Y1, 2), Y1S2], 'absent'),
      sessions: [session('m1', '2023-03-01', { segments: [1] })],
      atSessions: { m1: 'late' },
      years: { 1: '3/0/2/1 onTrack', 2: ZERO, 3: ZERO },
      overall: '3/0/2/1 onTrack',
    },
    {
      label: 'made-up days still count against the limits',
      marks: marksOn(run(Y1, 6), 'absent'),
      sessions: [session('m1', '2023-03-01', { segments: [1] })],
      atSessions: { m1: 'present' },
      years: { 1: '6/0/6/0 overLimit', 2: ZERO, 3: ZERO },
      overall: '6/0/6/0 onTrack',
    },
    {
      label: 'a cancelled session makes up nothing, even with a mark',
      marks: marksOn(S1_TWO_DAYS, 'absent'),
      sessions: [session('m1', '2023-03-01', { segments: [1] }, { cancelled: true })],
      atSessions: { m1: 'present' },
      years: { 1: '2/0/0/2 onTrack', 2: ZERO, 3: ZERO },
      overall: '2/0/0/2 onTrack',
    },
    {
      label: 'absent or excused at the session makes up nothing',
      marks: marksOn(S1_TWO_DAYS, 'absent'),
      sessions: [
        session('m1', '2023-03-01', { days: [dayId(Y1)] }),
        session('m2', '2023-03-02', { days: [dayId(addDays(Y1, 1))] }),
      ],
      atSessions: { m1: 'absent', m2: 'excused' },
      years: { 1: '2/0/0/2 onTrack', 2: ZERO, 3: ZERO },
      overall: '2/0/0/2 onTrack',
    },
    {
      label: 'a session for another segment makes up nothing',
      marks: marksOn(S1_TWO_DAYS, 'absent'),
      sessions: [session('m1', '2023-03-01', { segments: [2] })],
      atSessions: { m1: 'present' },
      years: { 1: '2/0/0/2 onTrack', 2: ZERO, 3: ZERO },
      overall: '2/0/0/2 onTrack',
    },
    {
      label: 'a session before the missed day does not make it up',
      marks: { [Y1S2]: 'absent' },
      sessions: [session('m1', '2023-01-20', { segments: [2] })],
      atSessions: { m1: 'present' },
      years: { 1: '1/0/0/1 onTrack', 2: ZERO, 3: ZERO },
      overall: '1/0/0/1 onTrack',
    },
    {
      label: 'a session on the missed day itself makes it up',
      marks: { [Y1S2]: 'absent' },
      sessions: [
        session('m1', Y1S2, { days: [dayId(Y1S2)] }, { fromHour: '18:00', toHour: '20:00' }),
      ],
      atSessions: { m1: 'present' },
      years: { 1: '1/0/1/0 onTrack', 2: ZERO, 3: ZERO },
      overall: '1/0/1/0 onTrack',
    },
    {
      label: 'a session after today counts for nothing yet',
      today: '2023-02-28',
      marks: { [Y1]: 'absent' },
      sessions: [session('m1', '2023-03-01', { segments: [1] })],
      atSessions: { m1: 'present' },
      years: { 1: '1/0/0/1 onTrack', 2: ZERO, 3: ZERO },
      overall: '1/0/0/1 onTrack',
    },
    {
      label: 'made up otherwise, with a note',
      marks: marksOn(S1_TWO_DAYS, 'excused'),
      otherwise: [Y1, Y2],
      years: { 1: '2/0/1/1 onTrack', 2: ZERO, 3: ZERO },
      overall: '2/0/1/1 onTrack',
    },
    {
      label: 'a session standing for make-up days: the mark on those days counts',
      marks: { ...marksOn(run(Y2, 2), 'absent'), '2024-03-05': 'present' },
      sessions: [
        session(
          'm1',
          '2024-03-04',
          { segments: [3] },
          { scheduleDays: ['lfit_20240304', 'lfit_20240305'] },
        ),
      ],
      years: { 1: ZERO, 2: '2/0/2/0 onTrack', 3: ZERO },
      overall: '2/0/2/0 onTrack',
    },
    {
      label: "a session's own mark wins over the make-up days' marks",
      marks: { [Y2]: 'absent', '2024-03-04': 'present' },
      sessions: [
        session('m1', '2024-03-04', { segments: [3] }, { scheduleDays: ['lfit_20240304'] }),
      ],
      atSessions: { m1: 'absent' },
      years: { 1: ZERO, 2: '1/0/0/1 onTrack', 3: ZERO },
      overall: '1/0/0/1 onTrack',
    },
  ])('$label', (c) => {
    figuresOf(c)
  })

  it('says how each day was made up: the earliest session attended, else otherwise', () => {
    const result = figuresOf({
      label: 'how',
      marks: marksOn(run(Y1, 3), 'absent'),
      sessions: [
        session('late-one', '2023-04-01', { days: [dayId(Y1)] }),
        session('early-one', '2023-03-01', { segments: [1] }, { scheduleDays: [] }),
      ],
      atSessions: { 'late-one': 'present', 'early-one': 'present' },
      otherwise: [Y1],
      years: { 1: '3/0/3/0 onTrack', 2: ZERO, 3: ZERO },
      overall: '3/0/3/0 onTrack',
    })
    const how = result.overall.madeUp.map((d) =>
      d.madeUp.by === 'session' ? `${d.dayStr} ${d.madeUp.session._id}` : d.dayStr,
    )
    expect(how).toEqual(['2023-01-02 early-one', '2023-01-03 early-one', '2023-01-04 early-one'])
  })

  it('names what covers each outstanding day: upcoming sessions for its segment or that day', () => {
    const result = figuresOf({
      label: 'covered by',
      today: '2023-02-20',
      marks: { [Y1]: 'absent', [Y1S2]: 'absent' },
      sessions: [
        session('past', '2023-02-01', { segments: [1] }),
        session('cancelled', '2023-03-01', { segments: [1] }, { cancelled: true }),
        session('day', '2023-03-10', { days: [dayId(Y1)] }),
        session('segment', '2023-03-05', { segments: [1, 2] }),
        session('today', '2023-02-20', { segments: [2] }),
      ],
      years: { 1: '2/0/0/2 onTrack', 2: ZERO, 3: ZERO },
      overall: '2/0/0/2 onTrack',
    })
    const covers = result.overall.outstanding.map(
      (d) => `${d.dayStr}: ${d.coveredBy.map((s) => s._id).join(' ')}`,
    )
    expect(covers).toEqual(['2023-01-02: segment day', '2023-02-06: today segment'])
  })

  it('says how each missed day was missed', () => {
    const result = figuresOf({
      label: 'how missed',
      marks: { [Y1]: 'excused', [addDays(Y1, 1)]: 'absent' },
      reported: [[addDays(Y1, 2), addDays(Y1, 2), true]],
      years: { 1: '3/0/0/3 onTrack', 2: ZERO, 3: ZERO },
      overall: '3/0/0/3 onTrack',
    })
    expect(result.overall.missed.map((d) => `${d.mark}${d.reported ? ' reported' : ''}`)).toEqual([
      'excused',
      'absent',
      'excused reported',
    ])
  })
})

describe('a threshold change applies to the figures at once', () => {
  const marks = marksOn([...run(Y1, 4), ...run(Y2, 4)], 'absent')
  it.each<Case>([
    {
      label: 'the defaults: 4 a year is at risk, 8 overall on track',
      marks,
      years: { 1: '4/0/0/4 atRisk', 2: '4/0/0/4 atRisk', 3: ZERO },
      overall: '8/0/0/8 onTrack',
      standing: 'atRisk',
    },
    {
      label: 'lowered to 3 a year and 8 overall: over in both years, at risk overall',
      marks,
      thresholds: { perYear: 3, overall: 8 },
      years: { 1: '4/0/0/4 overLimit', 2: '4/0/0/4 overLimit', 3: ZERO },
      overall: '8/0/0/8 atRisk',
      standing: 'overLimit',
    },
    {
      label: 'raised to 6 a year and 12 overall: on track',
      marks,
      thresholds: { perYear: 6, overall: 12 },
      years: { 1: '4/0/0/4 onTrack', 2: '4/0/0/4 onTrack', 3: ZERO },
      overall: '8/0/0/8 onTrack',
      standing: 'onTrack',
    },
  ])('$label', (c) => {
    figuresOf(c)
  })
})
