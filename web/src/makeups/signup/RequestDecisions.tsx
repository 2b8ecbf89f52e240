// What the server decided about this device's queued requests, until the person dismisses it:
// a place, the waitlist with its position, or a refusal with the server's reason.
import { useLingui } from '@lingui/react/macro'
import type { MakeupSession } from '@lfit/domain/makeups/sessions'
import { useBilingual } from '../../auth/messages'
import { sessionWhen } from '../public/words'
import type { MakeupRequest } from './request-queue'
import { dismissDecision } from './use-requests'

export function RequestDecisions({
  requests,
  sessions,
}: {
  requests: readonly MakeupRequest[]
  sessions: ReadonlyMap<string, MakeupSession>
}) {
  const { i18n, t } = useLingui()
  const bilingual = useBilingual()
  const decided = requests.filter((r) => r.state !== 'waiting')
  if (decided.length === 0) return null
  const outcome = (request: MakeupRequest): string => {
    switch (request.state) {
      case 'confirmed':
        return t`confirmed, a place is held`
      case 'waitlisted':
        return request.position === undefined
          ? t`the session is full; on the waitlist`
          : t`the session is full; on the waitlist, position ${request.position}`
      case 'cancelled':
        return t`cancelled`
      case 'refused':
        return t`refused: ${bilingual(request.reason)}`
      default:
        return ''
    }
  }
  return (
    <ul className="makeup-decisions" aria-label={t`Decisions on your requests`}>
      {decided.map((request) => {
        const session = sessions.get(request.sessionId)
        const when = session ? sessionWhen(i18n.locale, session) : t`a make-up session`
        const text =
          request.kind === 'signUp'
            ? t`Sign-up for ${when}: ${outcome(request)}`
            : t`Cancellation for ${when}: ${outcome(request)}`
        return (
          <li
            key={request.requestId}
            className={`alert ${request.state === 'refused' ? '' : 'alert-success'}`}
            role="status"
          >
            <span>{text}</span>
            <button
              type="button"
              className="btn btn-text"
              onClick={() => void dismissDecision(request.seq as number)}
            >
              {t`OK`}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
