// /udelezenci (admin, regEditor): the participant list, or one person's page when the address
// names them (`/udelezenci?oseba=username`), so the page can be bookmarked, reloaded and left with
// the browser's back button without a route of its own.
import { useCallback, useEffect, useState } from 'react'
import { useSearch } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { loadParticipantData, type ParticipantData } from './participants-api'
import { INITIAL_LIST, ParticipantList, type ListState } from './ParticipantList'
import { PersonPage } from './PersonPage'
import { useParticipantRows } from './useParticipantRows'
import './participants.css'

/** The search parameter naming the person whose page is open. */
export const PERSON_PARAM = 'oseba'

export function ParticipantsScreen() {
  const search = useSearch({ strict: false }) as Record<string, unknown>
  const person = typeof search[PERSON_PARAM] === 'string' ? search[PERSON_PARAM] : null
  const [data, setData] = useState<ParticipantData | null | undefined>(null)
  const [now] = useState(() => Date.now())
  // Kept here, so the search, filters and sort are still there when a person's page is left.
  const [list, setList] = useState<ListState>(INITIAL_LIST)
  const reload = useCallback(async () => setData(await loadParticipantData()), [])
  useEffect(() => {
    void reload()
  }, [reload])
  const rows = useParticipantRows(data, now)

  if (data === null) {
    return (
      <p aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  if (data === undefined || rows === null) {
    return (
      <p className="alert" role="alert">
        <Trans>The participants could not be loaded.</Trans>{' '}
        <button type="button" className="btn btn-small" onClick={() => void reload()}>
          <Trans>Try again</Trans>
        </button>
      </p>
    )
  }
  return person ? (
    <PersonPage person={person} data={data} rows={rows} />
  ) : (
    <ParticipantList rows={rows} state={list} onChange={setList} />
  )
}
