// /auth/logout: ends the session on the server and here.
import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { logOut } from '../session/session'
import { useCallErrorText } from './messages'

export default function LogoutScreen() {
  const errorText = useCallErrorText()
  const [state, setState] = useState<'working' | 'done' | string>('working')
  useEffect(() => {
    let live = true
    logOut().then(
      () => live && setState('done'),
      (error: unknown) => live && setState(errorText(error)),
    )
    return () => {
      live = false
    }
    // Log out once per visit of the page, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
          {state}
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
