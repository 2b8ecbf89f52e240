// /test/socket: the live-update connection of this device: its state, the round-trip time and
// the messages received (their kind and time only). Read-only. A visitor has no connection and
// sees only that; nothing here can open, send or change anything.
import { Trans, useLingui } from '@lingui/react/macro'
import { LIVE_STATE_WORDS } from '../../events/words'
import { useLiveStatus } from '../../live/status'
import { useSession } from '../../session/session'
import { formatEventTime } from './event-time'
import './live-pages.css'

export default function SocketTestScreen() {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const live = useLiveStatus()
  const state = (
    <dd data-testid="socket-state" data-state={live.state}>
      {i18n._(LIVE_STATE_WORDS[live.state])}
    </dd>
  )
  return (
    <section>
      <h1>
        <Trans>Live-update connection</Trans>
      </h1>
      <dl className="socket-facts">
        <dt>
          <Trans>Connection</Trans>
        </dt>
        {state}
        {user && (
          <>
            <dt>
              <Trans>Round-trip time</Trans>
            </dt>
            <dd>{live.rttMs === null ? '—' : t`${live.rttMs} ms`}</dd>
            <dt>
              <Trans>Last change announced</Trans>
            </dt>
            <dd>
              {live.lastPokeAt === null ? '—' : formatEventTime(i18n.locale, live.lastPokeAt)}
            </dd>
          </>
        )}
      </dl>
      {user && (
        <>
          <h2>
            <Trans>Messages received</Trans>
          </h2>
          {live.messages.length === 0 ? (
            <p>
              <Trans>None yet.</Trans>
            </p>
          ) : (
            <ol className="socket-messages" reversed>
              {[...live.messages].reverse().map((message, index) => (
                <li key={live.messages.length - index}>
                  {message.type === 'poke'
                    ? t`A change was announced: this device pulls it`
                    : message.type === 'pong'
                      ? t`Answer to a round-trip check sent at ${formatEventTime(i18n.locale, message.t)}`
                      : t`Round-trip check from the server`}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  )
}
