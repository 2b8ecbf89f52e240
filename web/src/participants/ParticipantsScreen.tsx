// /udelezenci (admin, regEditor): the participant list, or one person's page when the address
// names them (`/udelezenci?oseba=username`), so the page can be bookmarked, reloaded and left with
// the browser's back button without a route of its own.
import { useState } from 'react'
import { useSearch } from '@tanstack/react-router'
import { useScreenRead } from '../app/screen-reads'
import { INITIAL_LIST, ParticipantList, type ListState } from './ParticipantList'
import { PersonPage } from './PersonPage'
import { useParticipantRows } from './useParticipantRows'
import './participants.css'

/** The search parameter naming the person whose page is open. */
export const PERSON_PARAM = 'oseba'

export function ParticipantsScreen() {
  const search = useSearch({ strict: false }) as Record<string, unknown>
  const person = typeof search[PERSON_PARAM] === 'string' ? search[PERSON_PARAM] : null
  // The router reads the lists (web/src/app/screen-reads.ts); the marks are the device's.
  const data = useScreenRead('/udelezenci')
  // Kept here, so the search, filters and sort are still there when a person's page is left.
  const [list, setList] = useState<ListState>(INITIAL_LIST)
  const rows = useParticipantRows(data)

  if (rows === null) return null
  return person ? (
    <PersonPage person={person} data={data} rows={rows} />
  ) : (
    <ParticipantList rows={rows} state={list} onChange={setList} />
  )
}
