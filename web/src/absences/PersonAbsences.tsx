// /odsotnostOsebe: the absences of one person. A participant sees only their own and may report
// a future absence, with only the fields they may choose (absenceFieldsFor); editors pick the
// person.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { localDayStr } from '@lfit/domain/schedule'
import { absenceFieldsFor, syncReadScope } from '@lfit/domain/attendance/permissions'
import { useOffline } from '../offline/context'
import { useAbsences, useParticipants } from '../offline/hooks'
import { PersonPicker } from '../person-picker/PersonPicker'
import { AbsenceForm } from './AbsenceForm'
import { AbsenceList } from './AbsenceList'
import './absences.css'

export function PersonAbsences({ now = Date.now() }: { now?: number }) {
  const { t } = useLingui()
  const { db, edit, user } = useOffline()
  const fields = user ? absenceFieldsFor(user) : []
  const isEditor = fields.includes('participant')
  const seesOthers = !!user && syncReadScope(user).kind === 'all'
  const participants = useParticipants(db)
  const [chosen, setChosen] = useState<string | null>(null)
  // A fresh form after each saved absence, never when a sync brings another (docs/product-rules.md).
  const [saved, setSaved] = useState(0)
  const person = seesOthers
    ? (chosen ?? participants?.[0]?.username ?? user?.username ?? '')
    : (user?.username ?? '')
  const absences = useAbsences(db, person) ?? []
  const today = localDayStr(now)
  const ownReport = !isEditor && fields.length > 0 && person === user?.username
  return (
    <section aria-labelledby="person-absences-title">
      <h1 id="person-absences-title">
        {seesOthers ? <Trans>Absences of a person</Trans> : <Trans>My absences</Trans>}
      </h1>
      {seesOthers && participants && (
        <PersonPicker label={t`Person`} people={participants} value={person} onChange={setChosen} />
      )}
      <AbsenceList
        absences={absences}
        participants={participants}
        fields={fields}
        canEdit={(a) => isEditor || (a.participant === user?.username && a.fromDay > today)}
        onSave={(id, given) => edit('absences', id, given)}
        onDelete={(id) => edit('absences', id, { deleted: true })}
      />
      {(isEditor || ownReport) && (
        <>
          <h2>{ownReport ? <Trans>Report a future absence</Trans> : <Trans>New absence</Trans>}</h2>
          <AbsenceForm
            key={`${person}:${saved}`}
            fixedParticipant={person}
            minDay={ownReport ? nextDay(today) : undefined}
            fields={fields}
            onSave={async (given) => {
              await edit('absences', crypto.randomUUID(), { ...given, participant: person })
              setSaved((count) => count + 1)
            }}
          />
        </>
      )}
    </section>
  )
}

function nextDay(dayStr: string): string {
  const date = new Date(`${dayStr}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}
