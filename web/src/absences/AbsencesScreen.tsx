// /odsotnost: presence editors record and correct absences of any participant, offline too.
import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { absenceFieldsFor } from '@lfit/domain/attendance/permissions'
import { useOffline } from '../offline/context'
import { useAbsences, useParticipants } from '../offline/hooks'
import { AbsenceForm, type AbsenceEdit } from './AbsenceForm'
import { AbsenceList } from './AbsenceList'
import './absences.css'

export function AbsencesScreen() {
  const { db, edit, user } = useOffline()
  const fields = user ? absenceFieldsFor(user) : []
  const participants = useParticipants(db)
  const absences = useAbsences(db) ?? []
  const save = (id: string, fields: AbsenceEdit) => edit('absences', id, { ...fields })
  // A fresh form after each new absence is saved; never when a sync brings someone else's
  // absence, which would wipe what the editor is typing (docs/product-rules.md).
  const [saved, setSaved] = useState(0)
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
          key={saved}
          participants={participants}
          fields={fields}
          onSave={async (given) => {
            await save(crypto.randomUUID(), given)
            setSaved((count) => count + 1)
          }}
        />
      )}
      <h2>
        <Trans>Recorded absences</Trans>
      </h2>
      <AbsenceList
        absences={absences}
        participants={participants}
        fields={fields}
        canEdit={() => true}
        onSave={save}
        onDelete={(id) => edit('absences', id, { deleted: true })}
      />
    </section>
  )
}
