// Live views for the editors' screens: every material or library item on this device with the
// edits still queued here, so a record made offline is listed (and marked waiting) at once.
import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalDatabase } from '../offline/database'
import { libraryShown, materialsShown } from '../offline/local-view'

export function useEditableMaterials(db: LocalDatabase) {
  return useLiveQuery(() => materialsShown(db), [db])
}

export function useEditableLibrary(db: LocalDatabase) {
  return useLiveQuery(() => libraryShown(db), [db])
}
