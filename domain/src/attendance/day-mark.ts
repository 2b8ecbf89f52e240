// What the attendance book shows for a participant on a study day (docs/product-rules.md#attendance):
// the mark an editor recorded, or, while none is recorded, the absence that covers the day, as
// absent or excused with its reason. An absence never overrides a recorded mark: the editor saw
// who came.
import type { AbsenceRecord } from '../records/absence'
import type { AttendanceMark } from '../records/attendance'

export type CoveringAbsence = Pick<
  AbsenceRecord,
  '_id' | 'participant' | 'fromDay' | 'toDay' | 'reason' | 'excused' | 'deleted'
>

export interface DayMark {
  mark: AttendanceMark | null
  /** The absence covering the day, when there is one (shown with its reason either way). */
  absence: CoveringAbsence | null
  /** True when `mark` comes from the absence, not from a recorded mark. */
  fromAbsence: boolean
}

/**
 * The participant's absence covering `dayStr` (`YYYY-MM-DD`), deleted ones left out; an excused
 * one before an unexcused one, so overlapping reports show the kinder reading.
 */
export function absenceOnDay<A extends CoveringAbsence>(
  absences: readonly A[],
  participant: string,
  dayStr: string,
): A | null {
  let found: A | null = null
  for (const absence of absences) {
    if (absence.deleted || absence.participant !== participant) continue
    if (absence.fromDay > dayStr || absence.toDay < dayStr) continue
    if (!found || (absence.excused && !found.excused)) found = absence
  }
  return found
}

/** The mark an absence reads as on a day with no recorded mark. */
export function markOfAbsence(absence: Pick<CoveringAbsence, 'excused'>): AttendanceMark {
  return absence.excused ? 'excused' : 'absent'
}

export function dayMark(recorded: AttendanceMark | null, absence: CoveringAbsence | null): DayMark {
  if (recorded !== null) return { mark: recorded, absence, fromAbsence: false }
  if (!absence) return { mark: null, absence: null, fromAbsence: false }
  return { mark: markOfAbsence(absence), absence, fromAbsence: true }
}
