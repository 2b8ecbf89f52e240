// How the tablet cycles marks: one tap marks present, the next absent, the next clears; late and
// excused have their own buttons because they are rarer and must not be reached by accident.
import type { AttendanceMark } from '@lfit/domain/records/attendance'

export function nextTapMark(current: AttendanceMark | null): AttendanceMark | null {
  if (current === null) return 'present'
  if (current === 'present') return 'absent'
  return null
}

export interface DayCounts {
  present: number
  absent: number
  late: number
  excused: number
  unmarked: number
}

export function countMarks(marks: readonly (AttendanceMark | null)[]): DayCounts {
  const counts: DayCounts = { present: 0, absent: 0, late: 0, excused: 0, unmarked: 0 }
  for (const mark of marks) counts[mark ?? 'unmarked'] += 1
  return counts
}
