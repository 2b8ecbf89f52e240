import { describe, expect, it } from 'vitest'
import { standingOf } from '../makeups/standing'
import { inputOf, marksOn, ME, run, Y1, Y1S2, Y2, type Case } from '../makeups/test-programme'
import { standingRows } from './standing'

const PERSON = { username: ME, name: 'Ana Novak' }
const LIMITS = { perYear: 5, overall: 10 }

/** The row of year 1 as "missed/late/made up/outstanding of limit standing". */
type CaseOf = Omit<Case, 'years' | 'overall' | 'label'>

function rowOf(c: CaseOf, year = 1) {
  const standing = standingOf(inputOf({ ...c, label: '', years: {}, overall: '' }))
  const [row] = standingRows(year, [PERSON], () => standing)
  const text = (f: NonNullable<typeof row>['year']) =>
    f && `${f.missed}/${f.late}/${f.madeUp}/${f.outstanding} of ${f.limit} ${f.standing}`
  return { year: text(row!.year), overall: text(row!.overall), name: row!.name }
}

describe('standingRows at the limits (per year 5, overall 10)', () => {
  it.each<[string, CaseOf, string, string]>([
    ['nothing missed', {}, '0/0/0/0 of 5 onTrack', '0/0/0/0 of 10 onTrack'],
    [
      'three missed: on track',
      { marks: marksOn(run(Y1, 3), 'absent') },
      '3/0/0/3 of 5 onTrack',
      '3/0/0/3 of 10 onTrack',
    ],
    [
      'four missed: one day before the limit, at risk',
      { marks: marksOn(run(Y1, 4), 'absent') },
      '4/0/0/4 of 5 atRisk',
      '4/0/0/4 of 10 onTrack',
    ],
    [
      'five missed: at the limit, still at risk',
      { marks: marksOn(run(Y1, 5), 'absent') },
      '5/0/0/5 of 5 atRisk',
      '5/0/0/5 of 10 onTrack',
    ],
    [
      'six missed: over the limit',
      { marks: marksOn([...run(Y1, 4), ...run(Y1S2, 2)], 'absent') },
      '6/0/0/6 of 5 overLimit',
      '6/0/0/6 of 10 onTrack',
    ],
    [
      'made up otherwise: still missed, no longer outstanding',
      { marks: marksOn(run(Y1, 2), 'excused'), otherwise: [Y1] },
      '2/0/1/1 of 5 onTrack',
      '2/0/1/1 of 10 onTrack',
    ],
    [
      'late days are counted apart and never missed',
      { marks: marksOn(run(Y1, 2), 'late') },
      '0/2/0/0 of 5 onTrack',
      '0/2/0/0 of 10 onTrack',
    ],
  ])('%s', (_label, c, year, overall) => {
    expect(rowOf({ ...c, thresholds: LIMITS })).toEqual({ year, overall, name: 'Ana Novak' })
  })

  it('a year that does not count for the person has no figures, the programme still has', () => {
    const c = {
      enrolled: [[2, 'accepted']] as Case['enrolled'],
      marks: marksOn(run(Y2, 1), 'absent'),
    }
    expect(rowOf(c, 1)).toEqual({ year: null, overall: '1/0/0/1 of 10 onTrack', name: 'Ana Novak' })
  })

  it('no standing known (not enrolled, or no book yet): empty figures', () => {
    expect(standingRows(1, [PERSON], () => undefined)).toEqual([
      { ...PERSON, year: null, overall: null },
    ])
  })
})
