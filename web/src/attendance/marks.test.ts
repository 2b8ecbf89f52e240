import { describe, expect, it } from 'vitest'
import { countMarks, nextTapMark } from './marks'

describe('tablet taps', () => {
  it.each([
    ['unmarked → present', null, 'present'],
    ['present → absent', 'present', 'absent'],
    ['absent → cleared', 'absent', null],
    ['late → cleared (a tap never turns late into present by accident)', 'late', null],
    ['excused → cleared', 'excused', null],
  ] as const)('%s', (_label, current, next) => {
    expect(nextTapMark(current)).toBe(next)
  })

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
