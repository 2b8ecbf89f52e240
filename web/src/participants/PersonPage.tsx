// One person's page on /udelezenci: contact details, an open deletion request, their enrolments
// with each one's history (who changed it, when, why) and attendance this year, the attendance
// graph and their absences. The graph and the absences are the attendance screens' own parts.
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ParticipantRow } from '@lfit/domain/lists/participants'
import { personName } from '@lfit/domain/lists/participants'
import { PersonAttendanceGraph } from '../attendance/AttendanceGraph'
import { AbsenceList } from '../absences/AbsenceList'
import { formatDateTime } from '../i18n/date-format'
import { useOffline } from '../offline/context'
import { useAbsences } from '../offline/hooks'
import type { ParticipantData } from './participants-api'
import { actionName, phoneText, statusName } from './words'

export function PersonPage({
  person,
  data,
  rows,
}: {
  person: string
  data: ParticipantData
  rows: readonly ParticipantRow[]
}) {
  const { i18n } = useLingui()
  const { db } = useOffline()
  const absences = useAbsences(db, person) ?? []
  const user = data.users.find((u) => u.username === person)
  const enrolments = data.enrolments
    .filter((e) => e.person === person)
    .sort((a, b) => b.year - a.year)
  const rowOf = (id: string) => rows.find((row) => row.id === id)
  const requestedAt = data.deletionRequests.get(person)
  const when = (iso: string) => {
    const time = Date.parse(iso)
    return Number.isNaN(time) ? iso : formatDateTime(i18n.locale, time)
  }
  const name = personName(user, person)

  return (
    <section className="person-page" data-person={person}>
      <p>
        <Link to="/udelezenci" className="btn btn-text back-link">
          ← <Trans>All participants</Trans>
        </Link>
      </p>
      <h1>{name}</h1>
      {requestedAt !== undefined && (
        <p className="alert alert-warning" role="status" data-testid="deletion-request">
          {requestedAt ? (
            <Trans>
              {name} asked on {when(requestedAt)} for their data to be deleted.
            </Trans>
          ) : (
            <Trans>{name} asked for their data to be deleted.</Trans>
          )}
        </p>
      )}
      <dl className="person-contact">
        <div>
          <dt>
            <Trans>E-mail</Trans>
          </dt>
          <dd>
            <a href={`mailto:${user?.email ?? person}`}>{user?.email ?? person}</a>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Phone</Trans>
          </dt>
          <dd>
            {user?.phone ? (
              <a href={`tel:${phoneText(user.phone)}`}>{phoneText(user.phone)}</a>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Country</Trans>
          </dt>
          <dd>{user?.country || '—'}</dd>
        </div>
      </dl>

      <h2>
        <Trans>Enrolments</Trans>
      </h2>
      {enrolments.length === 0 && (
        <p>
          <Trans>No enrolments.</Trans>
        </p>
      )}
      {enrolments.map((enrolment) => {
        const row = rowOf(enrolment._id)
        const year = enrolment.year
        return (
          <article key={enrolment._id} className="card enrolment-card" data-year={year}>
            <h3>
              <Trans>Year {year}</Trans>
              {enrolment.project ? ` · ${enrolment.project}` : ''} ·{' '}
              {statusName(i18n, enrolment.status)}
            </h3>
            {row && (
              <p data-testid="enrolment-attendance">
                {row.percent === null ? (
                  <Trans>No attendance recorded for year {year} yet.</Trans>
                ) : (
                  <Trans>
                    Attendance {row.percent} %, missed study days: {row.missed}
                  </Trans>
                )}
              </p>
            )}
            <div className="table-wrap">
              <table className="data history-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>When</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Change</Trans>
                    </th>
                    <th scope="col">
                      <Trans>By</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Reason</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {enrolment.history.map((change, index) => (
                    <tr key={index}>
                      <td>{when(change.at)}</td>
                      <td>{actionName(i18n, change.action)}</td>
                      <td>
                        {personName(
                          data.users.find((u) => u.username === change.by),
                          change.by,
                        )}
                      </td>
                      <td>{change.reason ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </article>
        )
      })}

      <h2>
        <Trans>Attendance</Trans>
      </h2>
      <PersonAttendanceGraph person={person} />

      <h2>
        <Trans>Absences</Trans>
      </h2>
      <AbsenceList
        absences={absences}
        fields={[]}
        canEdit={() => false}
        onSave={async () => undefined}
        onDelete={async () => undefined}
      />
    </section>
  )
}
