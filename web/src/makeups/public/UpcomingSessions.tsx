// The upcoming make-up sessions as anyone may see them: when, where, what each covers and how
// many places are free, soonest first. No names: the public list never shows who signed up.
// The router reads them with /nadomescanje (web/src/app/screen-reads.ts).
import { Trans, useLingui } from '@lingui/react/macro'
import type { Settled } from '../../app/screen-reads'
import { ReadFailed, useReadAgain } from '../../ui/ServerRead'
import { FreePlaces } from './FreePlaces'
import type { UpcomingSession } from './upcoming'
import { coversLine, sessionWhen } from './words'

export function UpcomingSessions({ read }: { read: Settled<UpcomingSession[]> }) {
  const { i18n, t } = useLingui()
  const readAgain = useReadAgain()
  const sessions = read.ok ? read.value : null
  return (
    <section className="makeup-upcoming" aria-labelledby="makeup-upcoming-title">
      <h2 id="makeup-upcoming-title">
        <Trans>Upcoming make-up sessions</Trans>
      </h2>
      <p className="muted">
        <Trans>Dates and times are Ljubljana time.</Trans>
      </p>
      {!read.ok && <ReadFailed error={read.error} onRetry={() => void readAgain()} />}
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
