// One participant's make-ups: decisions on this device's requests, their sign-ups (to cancel),
// and each outstanding day with the sessions that cover it (to sign up or join the waitlist).
import { useMemo } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { MAKEUP_EDITORS } from '@lfit/domain/access/policy'
import { hasAnyRole } from '@lfit/domain/access/roles'
import type { OutstandingDay } from '@lfit/domain/makeups/standing'
import { localDayStr } from '@lfit/domain/schedule/time'
import { formatDay } from '../../i18n/date-format'
import type { SessionUser } from '../../session/session'
import { segmentName } from '../../timetable/labels'
import { useMakeupBook, useStanding } from '../book/use-makeup-book'
import { decisionStillHolds, otherUpcoming, placeAt, signedUpSessions, signupsOf } from './places'
import { DayRecordings } from '../../media/DayRecordings'
import { RequestDecisions } from './RequestDecisions'
import { SessionCard } from './SessionCard'
import { useScreenRead } from '../../app/screen-reads'
import { useFreePlacesFollow } from './use-free-places'
import { useMakeupRequests } from './use-requests'

export function ParticipantMakeups({
  participant,
  name,
  actor,
}: {
  participant: string
  /** The participant's name when someone acts for them; null for one's own. */
  name: string | null
  actor: SessionUser
}) {
  const { i18n, t } = useLingui()
  const book = useMakeupBook()
  const standing = useStanding(participant)
  const requests = useMakeupRequests(participant)
  const { freePlaces } = useScreenRead('/prijavanadomescanje')
  useFreePlacesFollow(book)
  const sessions = useMemo(() => new Map(book?.sessions.map((s) => [s._id, s])), [book])
  if (!book || !standing || !requests) return <p aria-busy="true">{t`Loading…`}</p>
  const signups = signupsOf(book, participant)
  const today = localDayStr(Date.now())
  const mine = signedUpSessions(book, signups, requests, today)
  const outstanding = standing.overall.outstanding.toSorted((a, b) =>
    a.dayStr.localeCompare(b.dayStr),
  )
  const listed = new Set([
    ...mine.map((s) => s._id),
    ...outstanding.flatMap((day) => day.coveredBy.map((s) => s._id)),
  ])
  const others = otherUpcoming(book, listed, today)
  const card = (session: (typeof mine)[number], actions: 'signUp' | 'cancel') => (
    <SessionCard
      key={session._id}
      session={session}
      place={placeAt(session._id, signups, requests)}
      participant={participant}
      freePlaces={freePlaces}
      cancelHours={book.cancelHours}
      mayCancelLate={hasAnyRole(actor, MAKEUP_EDITORS)}
      showActions={actions}
    />
  )
  const waiting = requests.some((r) => r.state === 'waiting')
  return (
    <>
      <RequestDecisions
        requests={requests.filter((r) => decisionStillHolds(r, signups))}
        sessions={sessions}
      />
      {waiting && (
        <p className="alert alert-info">
          <Trans>
            Requests waiting for the server are sent as soon as this device is online; the server
            then decides each one.
          </Trans>
        </p>
      )}
      <section aria-labelledby="makeup-mine-title">
        <h2 id="makeup-mine-title">{name ? t`Sign-ups of ${name}` : t`Your sign-ups`}</h2>
        {mine.length === 0 ? (
          <p>
            <Trans>No sign-ups for upcoming make-up sessions.</Trans>
          </p>
        ) : (
          <ul className="makeup-session-list">{mine.map((s) => card(s, 'cancel'))}</ul>
        )}
      </section>
      <section aria-labelledby="makeup-days-title">
        <h2 id="makeup-days-title">
          <Trans>Days to make up</Trans>
        </h2>
        {outstanding.length === 0 ? (
          <p>
            <Trans>No missed study days are waiting to be made up.</Trans>
          </p>
        ) : (
          <ul className="makeup-days">
            {outstanding.map((day) => (
              <li key={day.dayId} className="makeup-day" data-day={day.dayId}>
                <h3>
                  {formatDay(i18n.locale, day.dayStr)} ·{' '}
                  {segmentName(i18n, { segment: day.segment, extraMaterial: false })}
                </h3>
                <p className="muted">
                  <MissedHow day={day} />
                </p>
                <DayRecordings day={day.dayStr} />
                {day.coveredBy.length === 0 ? (
                  <p>
                    <Trans>
                      No make-up session covers this day yet. Ask the organisers about making it up
                      another way, for example with the day&apos;s recordings.
                    </Trans>
                  </p>
                ) : (
                  <ul className="makeup-session-list">
                    {day.coveredBy.map((s) => card(s, 'signUp'))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {others.length > 0 && (
        <section aria-labelledby="makeup-others-title">
          <h2 id="makeup-others-title">
            <Trans>Other upcoming sessions</Trans>
          </h2>
          <p className="muted">
            <Trans>
              A session makes up only the study days it covers that were missed before it, such as a
              day whose absence was reported in advance.
            </Trans>
          </p>
          <ul className="makeup-session-list">{others.map((s) => card(s, 'signUp'))}</ul>
        </section>
      )}
    </>
  )
}

function MissedHow({ day }: { day: OutstandingDay }) {
  const { t } = useLingui()
  if (day.reported) return <>{t`Absence reported in advance`}</>
  return <>{day.mark === 'excused' ? t`Excused absence` : t`Absence, not excused`}</>
}
