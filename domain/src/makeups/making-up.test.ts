import { describe, expect, it } from 'vitest'
import { addDays, dayId } from '../schedule'
import { figuresOf, marksOn, run, session, Y1, Y1S2, Y2, ZERO, type Case } from './test-programme'

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
