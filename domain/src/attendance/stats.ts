// Attendance percentages for the graph and the overview. A day counts once it is marked: an
// unmarked day says nothing about the participant (the editor may not have synced yet), so it
// neither helps nor hurts. Late counts as attended; excused is shown apart and not held against
// the participant.
import type { AttendanceMark } from '../records/attendance'

export interface AttendanceTally {
  attended: number
  absent: number
  excused: number
  marked: number
  /** attended / (marked − excused), 0–100 rounded; null when nothing counts yet. */
  percent: number | null
}

export function tally(marks: Iterable<AttendanceMark | null | undefined>): AttendanceTally {
  let attended = 0
  let absent = 0
  let excused = 0
  for (const mark of marks) {
    if (mark === 'present' || mark === 'late') attended += 1
    else if (mark === 'absent') absent += 1
    else if (mark === 'excused') excused += 1
  }
  const marked = attended + absent + excused
  const counted = attended + absent
  return {
    attended,
    absent,
    excused,
    marked,
    percent: counted === 0 ? null : Math.round((attended / counted) * 100),
  }
}

export interface TallyGroup<K> {
  key: K
  tally: AttendanceTally
}

/** Tallies marks by a key of their day (year, segment, …), in first-seen key order. */
export function tallyBy<K>(
  entries: Iterable<{ key: K; mark: AttendanceMark | null | undefined }>,
): TallyGroup<K>[] {
  const groups = new Map<K, (AttendanceMark | null | undefined)[]>()
  for (const { key, mark } of entries) groups.set(key, [...(groups.get(key) ?? []), mark])
  return [...groups].map(([key, marks]) => ({ key, tally: tally(marks) }))
}
