// A user's enrolments in the admin's editor: year, project and state, read from the enrolments
// (docs/product-rules.md#enrolment). Saving a participant with a year enrols them in it on the
// server; taking someone out of a year is a withdrawal on /prijave, where it is in the history.
import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { enrolmentSchema, type Enrolment } from '@lfit/domain/people/enrolment'
import { api } from '../api/api'
import { STATUS_NAMES } from '../applications/status-names'

export function UserEnrolments({ username }: { username: string }) {
  const { i18n } = useLingui()
  const [enrolments, setEnrolments] = useState<Enrolment[] | null>(null)
  useEffect(() => {
    let live = true
    void api
      .db('enrolments', 'find', { query: { person: username }, opts: { sort: { year: 1 } } })
      .then((answer) => {
        if (!live) return
        const rows = Array.isArray(answer) ? answer : []
        setEnrolments(rows.flatMap((row) => enrolmentSchema.safeParse(row).data ?? []))
      })
    return () => {
      live = false
    }
  }, [username])
  if (enrolments === null) return null
  return (
    <div className="user-enrolments" data-testid="user-enrolments">
      <h3>
        <Trans>Enrolments</Trans>
      </h3>
      {enrolments.length === 0 ? (
        <p className="muted">
          <Trans>Not enrolled in any year.</Trans>
        </p>
      ) : (
        <ul>
          {enrolments.map((enrolment) => {
            const year = enrolment.year
            const status = i18n._(STATUS_NAMES[enrolment.status])
            return (
              <li key={enrolment._id} data-year={year} data-status={enrolment.status}>
                <Trans>
                  Year {year}: {status}
                </Trans>
                {enrolment.project ? ` (${enrolment.project})` : ''}
              </li>
            )
          })}
        </ul>
      )}
      <p className="muted">
        <Trans>
          To take someone out of a year, withdraw them on <Link to="/prijave">Applications</Link>.
        </Trans>
      </p>
    </div>
  )
}
