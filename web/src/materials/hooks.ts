// Live views of the material and library on this device, and the reader's last visit: screens
// re-render when a pull brings new material or an editor's edit is queued.
import { useEffect, useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalDatabase } from '../offline/database'
import { libraryShown, materialsShown } from '../offline/local-view'
import { rememberShown, seenAtLastVisit } from './last-visit'
import type { MaterialRecord } from '@lfit/domain/materials/material'

export function useMaterials(db: LocalDatabase) {
  return useLiveQuery(async () => (await materialsShown(db)).map(({ record }) => record), [db])
}

export function useLibrary(db: LocalDatabase) {
  return useLiveQuery(async () => (await libraryShown(db)).map(({ record }) => record), [db])
}

/**
 * What the reader had seen when this visit began (undefined while read, null on a first visit);
 * what the visit shows is remembered for the next one.
 */
export function useLastVisit(
  db: LocalDatabase,
  username: string | undefined,
  shown: readonly MaterialRecord[] | undefined,
): string[] | null | undefined {
  const [seen, setSeen] = useState<{ user: string; ids: string[] | null }>()
  useEffect(() => {
    if (username === undefined) return
    let current = true
    void seenAtLastVisit(db, username).then((ids) => {
      if (current) setSeen({ user: username, ids })
    })
    return () => {
      current = false
    }
  }, [db, username])
  const ready = seen !== undefined && seen.user === username
  useEffect(() => {
    // Only once the visit's starting point is read, so this visit's list is not taken for it.
    if (!ready || username === undefined || shown === undefined) return
    void rememberShown(
      db,
      username,
      shown.filter((m) => !m.deleted).map((m) => m._id),
    )
  }, [db, username, shown, ready])
  return ready ? seen.ids : undefined
}
