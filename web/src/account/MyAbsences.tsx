// The person's own absences on /mojRacun: the list of /odsotnostOsebe, with the same rule for
// what they may change (a future absence of their own); reporting a new one is done there.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { localDayStr } from '@lfit/domain/schedule'
import { absenceFieldsFor } from '@lfit/domain/attendance/permissions'
import { AbsenceList } from '../absences/AbsenceList'
import { useOffline } from '../offline/context'
import { useSession } from '../session/session'
import { useAbsences } from '../offline/hooks'
import '../absences/absences.css'

export function MyAbsences({ username, now }: { username: string; now: number }) {
  const { db, edit, user } = useOffline()
  const absences = useAbsences(db, username) ?? []
  const today = localDayStr(now)
  const self = useSession().user
  // The list names each absence's person: here always the person themself, by name.
  const me = [{ username, firstName: self?.firstName ?? '', lastName: self?.lastName ?? '' }]
  return (
    <>
      <AbsenceList
        absences={absences}
        participants={me}
        fields={user ? absenceFieldsFor(user) : []}
        canEdit={(a) => a.participant === username && a.fromDay > today}
        onSave={(id, given) => edit('absences', id, given)}
        onDelete={(id) => edit('absences', id, { deleted: true })}
      />
      <p>
        <Link to="/odsotnostOsebe" className="btn btn-text">
          <Trans>Report a future absence</Trans>
        </Link>
      </p>
    </>
  )
}
