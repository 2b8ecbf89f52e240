// The lapsed session's banner: how many edits wait on this device, that someone must sign in to
// send them (the server records a pushed edit under the name of whoever is signed in, see
// docs/sync-protocol.md), and a sign-in that returns to this very page, query included, so the
// studio tablet reopens the same day. After the sign-in the engine pushes at once and the banner
// goes, because the session is no longer lapsed.
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { loginHref } from '../auth/redirect'
import { useSession } from '../session/session'
import { useEventBus } from '../events/context'
import { offlineRuntime } from './app-offline'
import { usePendingCount } from './hooks'
import './lapsed-session.css'

const LOGIN_PATH = '/auth/login'

export default function LapsedSessionBanner() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { user } = useSession()
  const pending = usePendingCount(offlineRuntime(useEventBus()).db)
  const { href, pathname } = useRouterState({
    select: (state) => ({ href: state.location.href, pathname: state.location.pathname }),
  })
  const name = user
    ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username
    : ''
  return (
    <section className="lapsed-session" data-pending={pending} aria-label={t`Login needed`}>
      <p className="lapsed-session-text" role="status">
        <strong>
          <Trans>You are logged out.</Trans>
        </strong>{' '}
        {pending > 0 ? (
          <>
            <Plural
              value={pending}
              one="# edit is safe on this device, but it cannot be sent."
              other="# edits are safe on this device, but they cannot be sent."
            />{' '}
            <Trans>
              Someone must log in to send edits: they are sent in the name of whoever logs in (last
              login on this device: {name}).
            </Trans>
          </>
        ) : (
          <Trans>
            Log in again to sync this device. Edits made meanwhile stay safe on it until then.
          </Trans>
        )}
      </p>
      {pathname.toLowerCase() !== LOGIN_PATH && (
        <a
          className="btn btn-primary lapsed-session-sign-in"
          href={loginHref(href)}
          onClick={(event) => {
            event.preventDefault()
            void navigate({ href: loginHref(href) })
          }}
        >
          <Trans>Log in</Trans>
        </a>
      )}
    </section>
  )
}
