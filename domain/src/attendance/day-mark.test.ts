import { describe, expect, it } from 'vitest'
import { absenceOnDay, dayMark, type CoveringAbsence } from './day-mark'

const absence = (over: Partial<CoveringAbsence>): CoveringAbsence => ({
  _id: 'a1',
  participant: 'hana',
  fromDay: '2026-11-16',
  toDay: '2026-11-18',
  reason: 'illness',
  excused: false,
  deleted: false,
  ...over,
})

describe('the absence covering a day', () => {
  it.each([
    ['first day', [absence({})], 'hana', '2026-11-16', 'a1'],
    ['middle day', [absence({})], 'hana', '2026-11-17', 'a1'],
    ['last day (inclusive)', [absence({})], 'hana', '2026-11-18', 'a1'],
    ['day before', [absence({})], 'hana', '2026-11-15', null],
    ['day after', [absence({})], 'hana', '2026-11-19', null],
    ['another participant', [absence({})], 'ana', '2026-11-17', null],
    ['deleted', [absence({ deleted: true })], 'hana', '2026-11-17', null],
    [
      'excused before unexcused',
      [absence({ _id: 'plain' }), absence({ _id: 'ok', excused: true })],
      'hana',
      '2026-11-17',
      'ok',
    ],
    ['none at all', [], 'hana', '2026-11-17', null],
  ] as const)('%s', (_label, list, participant, dayStr, expected) => {
    expect(absenceOnDay(list, participant, dayStr)?._id ?? null).toBe(expected)
  })
})

describe('the mark a day shows', () => {
  const plain = absence({})
  const excused = absence({ excused: true })
  it.each([
    ['nothing recorded, no absence', null, null, null, false],
    ['nothing recorded, an absence', null, plain, 'absent', true],
    ['nothing recorded, an excused absence', null, excused, 'excused', true],
    ['a recorded mark wins over the absence', 'present', plain, 'present', false],
    ['a recorded mark, no absence', 'late', null, 'late', false],
  ] as const)('%s', (_label, recorded, covering, mark, fromAbsence) => {
    const shown = dayMark(recorded, covering)
    expect(shown.mark).toBe(mark)
    expect(shown.fromAbsence).toBe(fromAbsence)
    expect(shown.absence).toBe(covering)
  })
})
