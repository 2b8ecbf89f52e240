// The edits of an /ETAB sheet whose write has just ended, kept per row until the list shows them
// (docs/0020-tap-shows-when-written.md): the row a tap changed reads them, so the tap's mark
// shows in the task in which its write ended with React rendering that one row only; the list
// around it (the counts, Undo) renders a moment later.
import type { ChangedFields } from './undo'

export interface FreshEdit {
  id: string
  fields: ChangedFields
}

export interface FreshRows {
  subscribe(listener: () => void): () => void
  /** The edits of `participant` written but not yet shown by the list, oldest first. */
  of(participant: string): readonly FreshEdit[] | undefined
  add(participant: string, edit: FreshEdit): void
  /** Forgets the edits the list shows now. */
  shownByList(ids: ReadonlySet<string>): void
}

export function freshRows(): FreshRows {
  let rows = new Map<string, readonly FreshEdit[]>()
  const listeners = new Set<() => void>()
  const changed = (next: Map<string, readonly FreshEdit[]>) => {
    rows = next
    for (const listener of listeners) listener()
  }
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    of: (participant) => rows.get(participant),
    add(participant, edit) {
      changed(new Map(rows).set(participant, [...(rows.get(participant) ?? []), edit]))
    },
    shownByList(ids) {
      let next: Map<string, readonly FreshEdit[]> | undefined
      for (const [participant, edits] of rows) {
        const left = edits.filter((edit) => !ids.has(edit.id))
        if (left.length === edits.length) continue
        next ??= new Map(rows)
        if (left.length > 0) next.set(participant, left)
        else next.delete(participant)
      }
      if (next) changed(next)
    },
  }
}

/** The fields the fresh edits set, the later edit's value where two set one field. */
export function freshFields(edits: readonly FreshEdit[] | undefined): ChangedFields {
  return Object.assign({}, ...(edits ?? []).map((edit) => edit.fields)) as ChangedFields
}
