// The rows of /udelezenci: enrolments joined with contact details and deletion requests, with
// each person's attendance figures and standing from the make-up book and the one local view
// (lists/participants.ts, docs/product-rules.md#attendance-figures).
import { useMemo } from 'react'
import { participantRows, type ParticipantRow } from '@lfit/domain/lists/participants'
import { useStandings } from '../makeups/book/use-makeup-book'
import type { ParticipantData } from './participants-api'

export function useParticipantRows(data: ParticipantData | null | undefined) {
  // Standings come with the make-up book; until it is read the rows show without figures.
  const standings = useStandings()
  return useMemo((): ParticipantRow[] | null => {
    if (!data) return null
    return participantRows({
      enrolments: data.enrolments,
      contacts: new Map(data.users.map((user) => [user.username, user])),
      openDeletionRequests: new Set(data.deletionRequests.keys()),
      standingOf: (person) => standings?.get(person),
    })
  }, [data, standings])
}
