// The rows of /udelezenci: enrolments joined with contact details, deletion requests and the
// attendance of the local view, counted by the domain's rules (lists/participants.ts), and each
// person's standing against the limits (makeups/book).
import { useMemo } from 'react'
import { participantRows, type ParticipantRow } from '@lfit/domain/lists/participants'
import { attendanceId } from '@lfit/domain/records/attendance'
import { schedule } from '@lfit/domain/schedule'
import { useStandings } from '../makeups/book/use-makeup-book'
import { useOffline } from '../offline/context'
import { useAttendanceOfDays } from '../offline/hooks'
import type { ParticipantData } from './participants-api'

export function useParticipantRows(data: ParticipantData | null | undefined, now: number) {
  const { db } = useOffline()
  const dayIds = useMemo(
    () =>
      schedule()
        .days.filter((day) => !day.freeDay && day.from <= now)
        .map((day) => day.id),
    [now],
  )
  const shown = useAttendanceOfDays(db, dayIds)
  // Standings come with the make-up book; until it is read the rows show without them.
  const standings = useStandings()
  return useMemo((): ParticipantRow[] | null => {
    if (!data) return null
    return participantRows({
      enrolments: data.enrolments,
      contacts: new Map(data.users.map((user) => [user.username, user])),
      markOf: (dayId, person) => shown?.get(attendanceId(dayId, person))?.record.mark,
      openDeletionRequests: new Set(data.deletionRequests.keys()),
      now,
      schedule: schedule(),
      standingOf: (person) => standings?.get(person),
    })
  }, [data, shown, now, standings])
}
