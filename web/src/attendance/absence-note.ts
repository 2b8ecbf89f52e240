// What a row of /ETAB says of the absence recorded for its day (docs/product-rules.md#attendance).
// While no mark is recorded, or the mark recorded agrees that the person is away, the row says the
// absence was reported. A tap marks present even then (the editor sees who came), and then the
// note must say that the report no longer counts for the day: "present" beside "Reported absent,
// excused" read as two answers at once.
import type { AttendanceMark } from '@lfit/domain/records/attendance'

export type AbsenceNoteKind = 'reported' | 'overridden'

/** Whether the recorded mark leaves the reported absence standing or sets it aside for the day. */
export function absenceNoteKind(recorded: AttendanceMark | null): AbsenceNoteKind {
  return recorded === 'present' || recorded === 'late' ? 'overridden' : 'reported'
}
