// One make-up session on the sign-up screen: when, where, what it covers, free places (when the
// device is online to know them), where the participant stands, and what they can do now.
import { Suspense, type ReactNode } from 'react'
import { Await } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MakeupSession } from '@lfit/domain/makeups/sessions'
import { canCancel, cancelDeadline } from '@lfit/domain/makeups/signups'
import { formatDateTime } from '../../i18n/date-format'
import { ConfirmButton } from '../../ui/buttons'
import { FreePlaces } from '../public/FreePlaces'
import { coversLine, sessionWhen } from '../public/words'
import type { Place } from './places'
import type { FreePlacesRead } from './use-free-places'
import { makeRequest } from './use-requests'

export function SessionCard({
  session,
  place,
  participant,
  freePlaces,
  cancelHours,
  mayCancelLate,
  showActions,
}: {
  session: MakeupSession
  place: Place
  participant: string
  /** Free places, when the server answers (online); read with the screen, not waited for. */
  freePlaces: FreePlacesRead
  cancelHours: number
  /** A make-up editor may cancel after the deadline. */
  mayCancelLate: boolean
  /** Under "your sign-ups": cancel; under a day: sign up. */
  showActions: 'signUp' | 'cancel'
}) {
  const { i18n, t } = useLingui()
  const when = sessionWhen(i18n.locale, session)
  const request = (kind: 'signUp' | 'cancel') => makeRequest(kind, session._id, participant)
  const deadline = formatDateTime(i18n.locale, cancelDeadline(session, cancelHours))
  const cancellable = mayCancelLate || canCancel(session, Date.now(), cancelHours)
  const cancelLabel = place.kind === 'waitlisted' ? t`Leave the waitlist` : t`Cancel the sign-up`
  return (
    <li className="makeup-session card" data-session={session._id}>
      <strong className="makeup-when">{when}</strong>
      <span>{session.place}</span>
      <span>{coversLine(i18n, session.covers)}</span>
      {session.cancelled ? (
        <span className="makeup-full">
          <Trans>This session is cancelled.</Trans>
        </span>
      ) : (
        place.kind === 'none' && (
          <WithFree places={freePlaces} session={session._id}>
            {(free) =>
              free !== undefined && (
                <span className={free > 0 ? 'makeup-free' : 'makeup-full'}>
                  {free > 0 ? <FreePlaces free={free} /> : t`Full: you can join the waitlist`}
                </span>
              )
            }
          </WithFree>
        )
      )}
      <PlaceLine place={place} />
      {!session.cancelled && showActions === 'signUp' && place.kind === 'none' && (
        <div className="btn-row">
          <button type="button" className="btn btn-primary" onClick={() => void request('signUp')}>
            <WithFree places={freePlaces} session={session._id}>
              {(free) =>
                free === 0
                  ? t`Join the waitlist`
                  : t({ message: 'Sign up', context: 'make-up session' })
              }
            </WithFree>
          </button>
        </div>
      )}
      {showActions === 'cancel' && place.kind === 'waiting' && (
        <div className="btn-row">
          <button
            type="button"
            className="btn"
            onClick={() => void request(place.request.kind === 'signUp' ? 'cancel' : 'signUp')}
          >
            {place.request.kind === 'signUp' ? t`Withdraw the request` : t`Keep the place`}
          </button>
        </div>
      )}
      {showActions === 'cancel' &&
        !session.cancelled &&
        (place.kind === 'confirmed' || place.kind === 'waitlisted') &&
        (cancellable ? (
          <div className="makeup-cancel">
            <span className="muted">{t`You can cancel until ${deadline}`}</span>
            <ConfirmButton
              question={t`Cancel the sign-up for ${when}?`}
              confirmLabel={cancelLabel}
              onConfirm={() => request('cancel')}
            >
              {cancelLabel}
            </ConfirmButton>
          </div>
        ) : (
          <span className="muted">
            {t`Cancelling closed on ${deadline}; please contact the organisers.`}
          </span>
        ))}
    </li>
  )
}

/** What shows a session's free places: as if unknown until the server answers. */
function WithFree({
  places,
  session,
  children,
}: {
  places: FreePlacesRead
  session: string
  children: (free: number | undefined) => ReactNode
}) {
  return (
    <Suspense fallback={children(undefined)}>
      <Await promise={places}>{(free) => children(free?.get(session))}</Await>
    </Suspense>
  )
}

function PlaceLine({ place }: { place: Place }) {
  const { t } = useLingui()
  switch (place.kind) {
    case 'waiting':
      return (
        <span className="makeup-status makeup-waiting" role="status">
          {place.request.kind === 'signUp'
            ? t`Requested, waiting for the server`
            : t`Cancellation requested, waiting for the server`}
        </span>
      )
    case 'confirmed':
      return <span className="makeup-status makeup-confirmed">{t`Signed up: place confirmed`}</span>
    case 'waitlisted':
      return (
        <span className="makeup-status makeup-waitlisted">
          {place.position === undefined
            ? t`On the waitlist`
            : t`On the waitlist, position ${place.position}`}
        </span>
      )
    case 'none':
      return null
  }
}
