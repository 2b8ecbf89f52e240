import { describe, expect, it } from 'vitest'
import { tally, tallyBy } from './stats'

describe('attendance percentages', () => {
  it.each([
    ['nothing marked yet', [], null],
    ['only unmarked days', [null, undefined], null],
    ['all present', ['present', 'present'], 100],
    ['late counts as attended', ['late', 'absent'], 50],
    ['excused is not held against the participant', ['present', 'excused'], 100],
    ['only excused', ['excused'], null],
    ['rounds to a whole percent', ['present', 'absent', 'absent'], 33],
  ] as const)('%s → %s', (_label, marks, percent) => {
    expect(tally(marks).percent).toBe(percent)
  })

  it('groups by segment in order of appearance', () => {
    const groups = tallyBy([
      { key: 12, mark: 'present' },
      { key: 11, mark: 'absent' },
      { key: 12, mark: 'absent' },
    ])
    expect(groups.map((g) => [g.key, g.tally.percent])).toEqual([
      [12, 50],
      [11, 0],
    ])
  })
})
