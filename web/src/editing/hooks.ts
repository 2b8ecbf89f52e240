// Live views for the editors' screens: every material or library item on this device with the
// edits still queued here, so a record made offline is listed (and marked waiting) at once.
import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalDatabase } from '../offline/database'
import { editableLibrary, editableMaterials } from '../offline/local-view'

export function useEditableMaterials(db: LocalDatabase) {
  return useLiveQuery(() => editableMaterials(db), [db])
}

export function useEditableLibrary(db: LocalDatabase) {
  return useLiveQuery(() => editableLibrary(db), [db])
}
