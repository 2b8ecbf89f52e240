import { describe, expect, it } from 'vitest'
import {
  attendanceFieldsSchema,
  attendanceId,
  emptyAttendance,
  parseAttendanceId,
} from './attendance'
import { absenceFieldsSchema } from './absence'

describe('attendance record key', () => {
  it.each([
    ['plain username', 'lfit_20261116', 'ana@demo.test'],
    ['username with a colon still parses: the day id never has one', 'lfit_20230417', 'a:b'],
  ])('%s', (_label, dayId, participant) => {
    const id = attendanceId(dayId, participant)
    expect(parseAttendanceId(id)).toEqual({ dayId, participant })
    expect(emptyAttendance(id)).toMatchObject({ dayId, participant, mark: null, note: '' })
  })

  it.each([
    ['no separator', 'lfit_20261116'],
    ['not a day id', 'day1:ana'],
    ['no participant', 'lfit_20261116:'],
  ])('refuses a malformed key: %s', (_label, id) => {
    expect(parseAttendanceId(id)).toBeNull()
    expect(emptyAttendance(id)).toBeNull()
  })
})

describe('editable fields', () => {
  it.each([
    ['a mark', { mark: 'present' }, true],
    ['clearing a mark', { mark: null }, true],
    ['a note', { note: 'came at 10' }, true],
    ['an unknown mark', { mark: 'sleeping' }, false],
    ['nothing at all', {}, false],
    ['identity fields cannot be edited', { participant: 'someone' }, false],
    ['a note over 500 characters', { note: 'x'.repeat(501) }, false],
  ])('attendance: %s', (_label, fields, ok) => {
    expect(attendanceFieldsSchema.safeParse(fields).success).toBe(ok)
  })

  it.each([
    [
      'a full absence',
      {
        participant: 'a',
        fromDay: '2026-11-16',
        toDay: '2026-11-17',
        reason: 'ill',
        excused: true,
        deleted: false,
      },
      true,
    ],
    ['one day', { fromDay: '2026-11-16', toDay: '2026-11-16' }, true],
    ['ends before it starts', { fromDay: '2026-11-17', toDay: '2026-11-16' }, false],
    ['not a date', { fromDay: '16.11.2026' }, false],
    ['deleting', { deleted: true }, true],
  ])('absence: %s', (_label, fields, ok) => {
    expect(absenceFieldsSchema.safeParse(fields).success).toBe(ok)
  })
})
