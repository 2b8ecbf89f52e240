// /auth/logout: ends the session on the server and here. Logging out is an action, not a read:
// it runs once per visit of the page, never as the router's preload of a link (docs/0036).
import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { logOut } from '../session/session'
import { useCallErrorText } from './messages'

export default function LogoutScreen() {
  const errorText = useCallErrorText()
  // A failure is kept as it came and put in words when shown, so it follows the language.
  const [state, setState] = useState<'working' | 'done' | { failed: unknown }>('working')
  useEffect(() => {
    let live = true
    logOut().then(
      () => live && setState('done'),
      (error: unknown) => live && setState({ failed: error }),
    )
    return () => {
      live = false
    }
  }, [])
  return (
    <section className="auth-screen" data-state={state === 'done' ? 'done' : 'working'}>
      <h1>
        <Trans>Log out</Trans>
      </h1>
      {state === 'working' ? (
        <p aria-busy="true">
          <Trans>Logging out…</Trans>
        </p>
      ) : state === 'done' ? (
        <p className="alert alert-success" role="status">
          <Trans>You are logged out.</Trans>
        </p>
      ) : (
        <p className="alert" role="alert">
          {errorText(state.failed)}
        </p>
      )}
      <p className="auth-links">
        <Link to="/auth/login">
          <Trans>Log in again</Trans>
        </Link>
        <Link to="/">
          <Trans>Home</Trans>
        </Link>
      </p>
    </section>
  )
}
