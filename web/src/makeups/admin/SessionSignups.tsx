// A session's sign-ups for staff: who holds a place, and the waitlist in order with positions.
import { Trans, useLingui } from '@lingui/react/macro'
import type { SessionSignupsAnswer, StaffSignup } from '@lfit/domain/makeups/admin-requests'
import type { Settled } from '../../app/screen-reads'
import { formatDateTime } from '../../i18n/date-format'
import { ReadFailed, useReadAgain } from '../../ui/ServerRead'

const nameOf = (s: StaffSignup) => `${s.firstName} ${s.lastName}`.trim() || s.participant

/** `read`: the sign-ups the router read with the sessions (?signups=, web/src/app/screen-reads.ts). */
export function SessionSignups({ read }: { read: Settled<SessionSignupsAnswer> }) {
  const { t, i18n } = useLingui()
  const readAgain = useReadAgain()
  // A failure here leaves the sessions on display.
  if (!read.ok) return <ReadFailed error={read.error} onRetry={() => void readAgain()} />
  const { signups } = read.value
  const confirmed = signups.filter((s) => s.status === 'confirmed')
  const waitlisted = signups.filter((s) => s.status === 'waitlisted')
  const when = (s: StaffSignup) =>
    s.signedUpAt ? formatDateTime(i18n.locale, Date.parse(s.signedUpAt)) : ''
  return (
    <div className="makeup-signups" data-testid="session-signups">
      <h4>
        <Trans>Signed up ({confirmed.length})</Trans>
      </h4>
      {confirmed.length === 0 ? (
        <p className="muted">
          <Trans>Nobody has signed up yet.</Trans>
        </p>
      ) : (
        <ol>
          {confirmed.map((s) => (
            <li key={s.participant}>
              {nameOf(s)} <span className="muted">{when(s)}</span>
            </li>
          ))}
        </ol>
      )}
      <h4>
        <Trans>Waitlist ({waitlisted.length})</Trans>
      </h4>
      {waitlisted.length === 0 ? (
        <p className="muted">
          <Trans>Nobody is waiting.</Trans>
        </p>
      ) : (
        <ol>
          {waitlisted.map((s) => {
            const position = s.position ?? 0
            return (
              <li key={s.participant} value={position}>
                {nameOf(s)} <span className="muted">{t`number ${position} in line`}</span>
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}
