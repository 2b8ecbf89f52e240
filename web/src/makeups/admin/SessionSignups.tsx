// A session's sign-ups for staff: who holds a place, and the waitlist in order with positions.
import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { StaffSignup } from '@lfit/domain/makeups/admin-requests'
import { formatDateTime } from '../../i18n/date-format'
import { loadSignups } from './admin-api'

const nameOf = (s: StaffSignup) => `${s.firstName} ${s.lastName}`.trim() || s.participant

export function SessionSignups({ sessionId }: { sessionId: string }) {
  const { t, i18n } = useLingui()
  const [signups, setSignups] = useState<StaffSignup[] | null | undefined>(null)
  useEffect(() => {
    let current = true
    loadSignups(sessionId).then(
      (answer) => current && setSignups(answer.signups),
      () => current && setSignups(undefined),
    )
    return () => {
      current = false
    }
  }, [sessionId])
  if (signups === null) {
    return (
      <p aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  if (signups === undefined) {
    return (
      <p className="alert" role="alert">
        <Trans>The sign-ups could not be loaded.</Trans>
      </p>
    )
  }
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
