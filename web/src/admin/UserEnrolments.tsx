// A user's enrolments in the admin's editor: year, project and state, read from the enrolments
// (docs/product-rules.md#enrolment). Saving a participant with a year enrols them in it on the
// server; taking someone out of a year is a withdrawal on /prijave, where it is in the history.
// The router reads them with the users when the editor opens (web/src/app/screen-reads.ts).
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Enrolment } from '@lfit/domain/people/enrolment'
import type { Settled } from '../app/screen-reads'
import { STATUS_NAMES } from '../applications/status-names'
import { ReadFailed, useReadAgain } from '../ui/ServerRead'

export function UserEnrolments({ read }: { read: Settled<Enrolment[]> }) {
  const { i18n } = useLingui()
  const readAgain = useReadAgain()
  if (!read.ok) return <ReadFailed error={read.error} onRetry={() => void readAgain()} />
  const enrolments = read.value
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
