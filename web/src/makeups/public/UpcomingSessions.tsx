// The upcoming make-up sessions as anyone may see them: when, where, what each covers and how
// many places are free, soonest first. No names: the public list never shows who signed up.
import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCallErrorText } from '../../auth/messages'
import { FreePlaces } from './FreePlaces'
import { loadUpcoming, type UpcomingSession } from './upcoming'
import { coversLine, sessionWhen } from './words'

export function UpcomingSessions() {
  const { i18n, t } = useLingui()
  const errorText = useCallErrorText()
  const [sessions, setSessions] = useState<UpcomingSession[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    loadUpcoming().then(
      (loaded) => live && setSessions(loaded),
      (failure: unknown) => live && setError(errorText(failure)),
    )
    return () => {
      live = false
    }
    // Loaded once per visit, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <section className="makeup-upcoming" aria-labelledby="makeup-upcoming-title">
      <h2 id="makeup-upcoming-title">
        <Trans>Upcoming make-up sessions</Trans>
      </h2>
      <p className="muted">
        <Trans>Dates and times are Ljubljana time.</Trans>
      </p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {!sessions && !error && <p aria-busy="true">{t`Loading…`}</p>}
      {sessions?.length === 0 && (
        <p>
          <Trans>No make-up sessions with free places are planned at the moment.</Trans>
        </p>
      )}
      {sessions && sessions.length > 0 && (
        <ul className="makeup-session-list">
          {sessions.map((session) => (
            <li key={session._id} className="makeup-session card">
              <strong className="makeup-when">{sessionWhen(i18n.locale, session)}</strong>
              <span>{session.place}</span>
              <span>{coversLine(i18n, session.covers)}</span>
              <span className={session.free > 0 ? 'makeup-free' : 'makeup-full'}>
                {session.free > 0 ? <FreePlaces free={session.free} /> : t`Full: waitlist only`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
