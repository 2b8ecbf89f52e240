import { describe, expect, it } from 'vitest'
import { addDays, MAKEUP_SEGMENT, schedule } from '../schedule'
import { standingOf, studyDaysOfYear, type StandingInput } from './standing'
import {
  figuresOf,
  inputOf,
  marksOn,
  run,
  SCHEDULE,
  summary,
  Y1,
  Y1S2,
  Y2,
  Y3,
  ZERO,
  type Case,
} from './test-programme'

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

describe('the study days of a year, derived once per schedule', () => {
  it.each([
    { year: 1, days: [...run(Y1, 7), ...run(Y1S2, 5)] },
    { year: 2, days: run(Y2, 7), label: 'make-up days never count' },
    { year: 3, days: run(Y3, 7) },
    { year: 4, days: [], label: 'a year without blocks has none' },
  ])('year $year', ({ year, days }) => {
    expect(studyDaysOfYear(SCHEDULE, year).map((day) => day.dayStr)).toEqual(days)
  })

  it("the programme's schedule: each year's regular study days, in date order", () => {
    const from = schedule()
    const years = [...new Set(from.blocks.map((block) => block.year))]
    let counted = 0
    for (const year of years) {
      const expected = from.days.filter((day) => {
        const block = from.blockById.get(day.block_id)
        return (
          !day.freeDay && block?.year === year && !block.makeup && block.segment !== MAKEUP_SEGMENT
        )
      })
      expect(studyDaysOfYear(from, year)).toEqual(expected)
      counted += expected.length
    }
    expect(counted).toBeGreaterThan(0)
  })
})

describe('one input for many participants', () => {
  it("each participant's standing reads only their own records", () => {
    const mine = inputOf({
      label: 'mine',
      marks: marksOn([...run(Y1, 4), Y2], 'absent'),
      reported: [[Y3, addDays(Y3, 1), true]],
      years: {},
      overall: '',
    })
    const theirs = inputOf({
      label: 'theirs',
      marks: marksOn(run(Y1S2, 5), 'late'),
      reported: [[Y2, addDays(Y2, 6), false]],
      years: {},
      overall: '',
    })
    const THEM = 'p2@demo.test'
    const as = <T extends object>(list: readonly T[], key: keyof T) =>
      list.map((item) => ({ ...item, [key]: THEM }))
    const shared: StandingInput = {
      ...mine,
      attendance: [...mine.attendance, ...as(theirs.attendance, 'participant')],
      absences: [...mine.absences, ...as(theirs.absences, 'participant')],
      enrolments: [...mine.enrolments, ...as(theirs.enrolments, 'person')],
    }
    const line = (input: StandingInput) => {
      const standing = standingOf(input)
      return [...standing.years.map(summary), summary(standing.overall), standing.standing]
    }
    expect(line(shared)).toEqual(line(mine))
    expect(line({ ...shared, participant: THEM })).toEqual([
      '1/5/0/1 onTrack',
      '7/0/0/7 overLimit',
      '0/0/0/0 onTrack',
      '8/5/0/8 onTrack',
      'overLimit',
    ])
    expect(line(mine)).toEqual([
      '4/0/0/4 atRisk',
      '1/0/0/1 onTrack',
      '2/0/0/2 onTrack',
      '7/0/0/7 onTrack',
      'atRisk',
    ])
  })
})
