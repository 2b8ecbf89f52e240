// Undo on the tablet: each change the editor makes (a tap, a button, a saved note, "mark
// everyone") is remembered with the values it replaced; undo writes those values back as new
// queued edits, so it syncs like any other edit and never rewrites the outbox.
import type { AttendanceMark } from '@lfit/domain/records/attendance'

export interface ChangedFields {
  mark?: AttendanceMark | null
  note?: string
}

export interface PersonEdit {
  participant: string
  before: ChangedFields
  after: ChangedFields
}

export interface Change {
  id: number
  dayId: string
  edits: readonly PersonEdit[]
}

/** Changes remembered at most (per tablet session, not stored). */
const KEPT = 100

const changed = (edit: PersonEdit) =>
  (Object.keys(edit.after) as (keyof ChangedFields)[]).some(
    (field) => edit.after[field] !== edit.before[field],
  )

export function pushChange(stack: readonly Change[], change: Change): readonly Change[] {
  const edits = change.edits.filter(changed)
  if (edits.length === 0) return stack
  const kept = edits.length === change.edits.length ? change : { ...change, edits }
  return [...stack, kept].slice(-KEPT)
}

export function lastChangeOn(stack: readonly Change[], dayId: string): Change | undefined {
  return stack.findLast((change) => change.dayId === dayId)
}

export function withoutChange(stack: readonly Change[], change: Change): readonly Change[] {
  return stack.filter((entry) => entry !== change)
}

/** The edits that put back what `change` replaced, one per person. */
export function undoEdits(change: Change): { participant: string; fields: ChangedFields }[] {
  return change.edits.map((edit) => ({ participant: edit.participant, fields: { ...edit.before } }))
}

/** The stack with `edits` taken out of change `id` (their writes failed); a change left empty goes. */
export function withoutEdits(
  stack: readonly Change[],
  id: number,
  edits: readonly PersonEdit[],
): readonly Change[] {
  if (edits.length === 0) return stack
  return stack
    .map((change) =>
      change.id === id
        ? { ...change, edits: change.edits.filter((edit) => !edits.includes(edit)) }
        : change,
    )
    .filter((change) => change.edits.length > 0)
}
