// /odsotnost: presence editors record and correct absences of any participant, offline too.
import { Trans } from '@lingui/react/macro'
import { useOffline } from '../offline/context'
import { useAbsences, useParticipants } from '../offline/hooks'
import { AbsenceForm, type AbsenceDraft } from './AbsenceForm'
import { AbsenceList } from './AbsenceList'
import './absences.css'

export function AbsencesScreen() {
  const { db, edit } = useOffline()
  const participants = useParticipants(db)
  const absences = useAbsences(db) ?? []
  const save = (id: string, draft: AbsenceDraft) => edit('absences', id, { ...draft })
  return (
    <section aria-labelledby="absences-title">
      <h1 id="absences-title">
        <Trans>Absences</Trans>
      </h1>
      <h2>
        <Trans>New absence</Trans>
      </h2>
      {participants && participants.length > 0 && (
        <AbsenceForm
          key={absences.length}
          participants={participants}
          allowExcused
          onSave={(draft) => save(crypto.randomUUID(), { ...draft })}
        />
      )}
      <h2>
        <Trans>Recorded absences</Trans>
      </h2>
      <AbsenceList
        absences={absences}
        participants={participants}
        canEdit={() => true}
        onSave={save}
        onDelete={(id) => edit('absences', id, { deleted: true })}
      />
    </section>
  )
}
