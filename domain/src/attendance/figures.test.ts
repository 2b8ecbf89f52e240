import { describe, expect, it } from 'vitest'
import { standingOf } from '../makeups/standing'
import { dayId } from '../schedule'
import { inputOf, marksOn, run, session, Y1, Y1S2, Y2, type Case } from '../makeups/test-programme'
import {
  attendanceFigures,
  figuresOfDays,
  programmeFigures,
  yearFigures,
  type AttendanceFigures,
} from './figures'

// The one set of attendance figures (docs/product-rules.md#attendance-figures) over the small
// programme of test-programme.ts, time frozen by `today` (after everything unless a case says):
// year 1 is segment 1 (7 days from 2023-01-02) and segment 2 (5 days from 2023-02-06); year 2 is
// segment 3 (7 days from 2024-01-08) and two make-up days.

/** "counted: present P late L absent A excused E | made up, outstanding | percent". */
function line(f: AttendanceFigures | null): string {
  if (!f) return 'not counted'
  return `${f.counted}: ${f.present}P ${f.late}L ${f.absent}A ${f.excused}E | ${f.madeUp} made up, ${f.outstanding} outstanding | ${f.percent ?? '—'} %`
}

type FiguresCase = Omit<Case, 'years' | 'overall'> & {
  /** Year 1's figures, as `line` writes them. */
  year1: string
  /** Segment 1's figures, when the case looks at one segment. */
  segment1?: string
  /** Year 2's, when the case looks at it. */
  year2?: string
  programme?: string
}

describe('attendance figures', () => {
  it.each<FiguresCase>([
    {
      label: 'nothing recorded: no day counts, no percentage',
      year1: '0: 0P 0L 0A 0E | 0 made up, 0 outstanding | — %',
    },
    {
      label: 'present every day of year 1',
      marks: marksOn([...run(Y1, 7), ...run(Y1S2, 5)], 'present'),
      year1: '12: 12P 0L 0A 0E | 0 made up, 0 outstanding | 100 %',
    },
    {
      label: 'late is attended',
      marks: { ...marksOn(run(Y1, 6), 'present'), [run(Y1, 7)[6]!]: 'late' },
      year1: '7: 6P 1L 0A 0E | 0 made up, 0 outstanding | 100 %',
    },
    {
      label: 'one absent in 12: rounded down, never 100 with a day missed',
      marks: { ...marksOn([...run(Y1, 7), ...run(Y1S2, 4)], 'present'), '2023-02-10': 'absent' },
      year1: '12: 11P 0L 1A 0E | 0 made up, 1 outstanding | 91 %',
    },
    {
      label: 'excused is missed: it lowers the percentage and is to be made up (the 100 · 1 row)',
      marks: { ...marksOn(run(Y1, 6), 'present'), '2023-01-08': 'excused' },
      year1: '7: 6P 0L 0A 1E | 0 made up, 1 outstanding | 85 %',
    },
    {
      label: 'an unmarked day with an absence reported counts as missed, excused as reported',
      marks: marksOn(run(Y1, 5), 'present'),
      reported: [
        ['2023-01-07', '2023-01-07', true],
        ['2023-01-08', '2023-01-08', false],
      ],
      year1: '7: 5P 0L 1A 1E | 0 made up, 2 outstanding | 71 %',
    },
    {
      label: 'a recorded mark stands over a reported absence',
      marks: marksOn(run(Y1, 7), 'present'),
      reported: [[Y1, '2023-01-03', false]],
      year1: '7: 7P 0L 0A 0E | 0 made up, 0 outstanding | 100 %',
    },
    {
      label: 'an unmarked day without an absence does not count',
      marks: marksOn(run(Y1, 3), 'present'),
      year1: '3: 3P 0L 0A 0E | 0 made up, 0 outstanding | 100 %',
    },
    {
      label: 'a made-up day stays missed and is no longer outstanding; the percentage stays',
      marks: { ...marksOn(run(Y1, 3), 'present'), '2023-01-05': 'absent' },
      otherwise: ['2023-01-05'],
      year1: '4: 3P 0L 1A 0E | 1 made up, 0 outstanding | 75 %',
    },
    {
      label: 'made up at a session after the missed day',
      marks: { '2023-01-02': 'absent', '2023-01-03': 'present' },
      sessions: [session('s1', '2023-03-01', { segments: [1] })],
      atSessions: { s1: 'present' },
      year1: '2: 1P 0L 1A 0E | 1 made up, 0 outstanding | 50 %',
    },
    {
      label: 'days after today never count, nor an absence reported ahead for them',
      today: '2023-01-04',
      marks: marksOn(run(Y1, 3), 'present'),
      reported: [['2023-01-05', '2023-01-06', true]],
      year1: '3: 3P 0L 0A 0E | 0 made up, 0 outstanding | 100 %',
    },
    {
      label: 'a year without an accepted or completed enrolment counts nothing',
      enrolled: [[2, 'accepted']],
      marks: marksOn(run(Y1, 3), 'absent'),
      year1: 'not counted',
    },
    {
      label: 'one segment of a year: only its days',
      marks: { ...marksOn(run(Y1, 7), 'present'), '2023-02-06': 'absent', '2023-02-07': 'late' },
      year1: '9: 7P 1L 1A 0E | 0 made up, 1 outstanding | 88 %',
      segment1: '7: 7P 0L 0A 0E | 0 made up, 0 outstanding | 100 %',
    },
    {
      label: 'the programme adds up its counted years; make-up days are not study days',
      marks: {
        ...marksOn(run(Y1, 2), 'present'),
        ...marksOn(run(Y2, 2), 'absent'),
        '2024-03-04': 'present',
      },
      year1: '2: 2P 0L 0A 0E | 0 made up, 0 outstanding | 100 %',
      year2: '2: 0P 0L 2A 0E | 0 made up, 2 outstanding | 0 %',
      programme: '4: 2P 0L 2A 0E | 0 made up, 2 outstanding | 50 %',
    },
  ])('$label', (c) => {
    const standing = standingOf(inputOf({ ...c, years: {}, overall: '' }))
    expect(line(yearFigures(standing, 1))).toBe(c.year1)
    if (c.segment1) {
      expect(line(yearFigures(standing, 1, 1))).toBe(c.segment1)
      const segmentDays = new Set(run(Y1, 7).map(dayId))
      expect(figuresOfDays(standing, 1, segmentDays)).toEqual(yearFigures(standing, 1, 1))
    }
    if (c.year2) expect(line(yearFigures(standing, 2))).toBe(c.year2)
    if (c.programme) expect(line(programmeFigures(standing))).toBe(c.programme)
    // The figures add up, and agree with the standing the limits and certificates read.
    const year = standing.years.find((y) => y.year === 1)
    const f = yearFigures(standing, 1)
    if (year && f) {
      expect(f.missed).toBe(year.missed.length)
      expect(f.absent + f.excused).toBe(f.missed)
      expect(f.madeUp + f.outstanding).toBe(f.missed)
      expect(f.present + f.late).toBe(f.attended)
      expect(f.attended + f.missed).toBe(f.counted)
      expect(attendanceFigures(year)).toEqual(f)
    }
  })

  it('has no figures without a standing', () => {
    expect(yearFigures(undefined, 1)).toBeNull()
    expect(programmeFigures(undefined)).toBeNull()
  })
})
