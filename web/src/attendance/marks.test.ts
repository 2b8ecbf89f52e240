import { describe, expect, it } from 'vitest'
import { countMarks, nextTapMark, toggledMark } from './marks'

describe('tablet taps on a name', () => {
  it.each([
    ['unmarked → present', null, 'present'],
    ['present → absent', 'present', 'absent'],
    ['absent → present (a tap never clears a mark)', 'absent', 'present'],
    ['late → present (a tap never clears a mark)', 'late', 'present'],
    ['excused → present (a tap never clears a mark)', 'excused', 'present'],
  ] as const)('%s', (_label, current, next) => {
    expect(nextTapMark(current)).toBe(next)
  })

  it('never answers "no mark", whatever the mark', () => {
    for (const mark of [null, 'present', 'absent', 'late', 'excused'] as const) {
      expect(nextTapMark(mark)).not.toBeNull()
    }
  })
})

describe('the Late and Excused buttons', () => {
  it.each([
    ['Late on an unmarked person', 'late', null, 'late'],
    ['Late on a present person', 'late', 'present', 'late'],
    ['Late again: back to present, not cleared', 'late', 'late', 'present'],
    ['Excused on an absent person', 'excused', 'absent', 'excused'],
    ['Excused again: back to absent, not cleared', 'excused', 'excused', 'absent'],
    ['Excused on a late person', 'excused', 'late', 'excused'],
  ] as const)('%s', (_label, button, current, next) => {
    expect(toggledMark(button, current)).toBe(next)
  })
})

describe('the counts', () => {
  it('counts each mark and the unmarked', () => {
    expect(countMarks(['present', 'present', 'absent', null, 'late'])).toEqual({
      present: 2,
      absent: 1,
      late: 1,
      excused: 0,
      unmarked: 1,
    })
  })
})
