// How the tablet changes marks (docs/product-rules.md#attendance). A tap on a name toggles
// present and absent and never clears: a stray tap must not erase what the editor recorded.
// Late qualifies present and Excused qualifies absent, so pressing either again goes back to the
// plain mark. Clearing is its own button.
import type { AttendanceMark } from '@lfit/domain/records/attendance'

export function nextTapMark(current: AttendanceMark | null): AttendanceMark {
  return current === 'present' ? 'absent' : 'present'
}

export function toggledMark(
  button: 'late' | 'excused',
  current: AttendanceMark | null,
): AttendanceMark {
  if (current !== button) return button
  return button === 'late' ? 'present' : 'absent'
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
