// /OrganisedEventCerts (admin, regEditor; minimal layout): certificates of attendance at the event
// days people signed up for on /prijavaZaDan. Per past day: its sign-ups (not cancelled); the
// issuer ticks who came, names the event, and issues; each attendee is e-mailed a link to their
// certificate, which verifies like an attendance certificate. The router reads the days
// (web/src/app/screen-reads.ts) and reads them again after an issue.
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useScreenRead } from '../app/screen-reads'
import { useCallErrorText } from '../auth/messages'
import { formatDay } from '../i18n/date-format'
import { useReadAgain } from '../ui/ServerRead'
import { useSnackbar } from '../ui/Snackbar'
import { certificatesApi, type EventDay } from './certificates-api'
import './certificate.css'

function EventDayCard({ day, onIssued }: { day: EventDay; onIssued: () => Promise<void> }) {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const snackbar = useSnackbar()
  const [title, setTitle] = useState(
    day.certificates[0]?.scope.kind === 'event' ? day.certificates[0].scope.title : '',
  )
  const [attended, setAttended] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const certified = (email: string) =>
    day.certificates.find((c) => c.person === email && c.status === 'valid')
  const toggle = (id: string) =>
    setAttended((now) => {
      const next = new Set(now)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const issue = async () => {
    setBusy(true)
    try {
      const result = await certificatesApi.issueForEvent(day.dayId, title.trim(), [...attended])
      const issued = result.issued.length
      snackbar.show(t`Certificates issued and e-mailed: ${issued}.`)
      setAttended(new Set())
      await onIssued()
    } catch (failure) {
      snackbar.show(errorText(failure), 'error')
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="card" data-event-day={day.dayId}>
      <h2>{formatDay(i18n.locale, day.dayStr)}</h2>
      {!day.past && (
        <p>
          <Trans>This day is still to come: certificates are issued after it.</Trans>
        </p>
      )}
      <ul className="event-attendees">
        {day.signups.map((signup) => {
          const certificate = certified(signup.email)
          return (
            <li key={signup._id}>
              <label>
                <input
                  type="checkbox"
                  className="certificate-select"
                  disabled={!day.past || certificate !== undefined}
                  checked={attended.has(signup._id)}
                  onChange={() => toggle(signup._id)}
                />{' '}
                {signup.name} ({signup.email})
              </label>{' '}
              {certificate && (
                <Link to="/ATMcerts" search={{ id: certificate._id }}>
                  {certificate.code}
                </Link>
              )}
            </li>
          )
        })}
      </ul>
      {day.past && (
        <div className="certificate-controls">
          <label className="field">
            <span>{t`Event (as the certificate names it)`}</span>
            <input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
          </label>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || attended.size === 0 || title.trim() === ''}
            onClick={() => void issue()}
          >
            <Trans>Issue and e-mail ({attended.size})</Trans>
          </button>
        </div>
      )}
    </section>
  )
}

export default function EventCertificatesScreen() {
  const days = useScreenRead('/organisedeventcerts')
  const readAgain = useReadAgain()
  return (
    <div className="event-certificates">
      <h1>
        <Trans>Event certificates</Trans>
      </h1>
      <p>
        <Trans>
          Tick who came to a day, name the event and issue: each attendee gets an e-mail with a link
          to their certificate.
        </Trans>
      </p>
      {days.length === 0 && (
        <p>
          <Trans>Nobody has signed up for an event day yet.</Trans>
        </p>
      )}
      {days.map((day) => (
        <EventDayCard key={day.dayId} day={day} onIssued={readAgain} />
      ))}
    </div>
  )
}
