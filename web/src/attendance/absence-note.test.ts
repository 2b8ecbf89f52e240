import { describe, expect, it } from 'vitest'
import type { AttendanceMark } from '@lfit/domain/records/attendance'
import { absenceNoteKind, type AbsenceNoteKind } from './absence-note'

describe('what a row says of the absence reported for its day', () => {
  const cases: [string, AttendanceMark | null, AbsenceNoteKind][] = [
    ['no mark recorded: the absence is the day’s mark', null, 'reported'],
    ['recorded absent: the report stands', 'absent', 'reported'],
    ['recorded excused: the report stands', 'excused', 'reported'],
    ['tapped present: the person came, the report no longer counts', 'present', 'overridden'],
    ['marked late: the person came, the report no longer counts', 'late', 'overridden'],
  ]
  it.each(cases)('%s', (_, recorded, kind) => {
    expect(absenceNoteKind(recorded)).toBe(kind)
  })
})
