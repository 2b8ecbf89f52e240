// /auth/login: username and password; afterwards back to the page that asked for the login, or
// where the user's roles say they work (a presence editor's tablet, a participant's timetable).
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEventBus } from '../events/context'
import { logInAndSync, prepareLogIn } from '../offline/sync-at-login'
import { logIn, useSession } from '../session/session'
import { TextField } from '../ui/fields'
import { useCallErrorText } from './messages'
import { afterLogin } from './redirect'
import './auth.css'

export default function LoginScreen() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const errorText = useCallErrorText()
  const search = useSearch({ strict: false }) as { redirect?: unknown }
  const { user, lapsed } = useSession()
  const bus = useEventBus()
  // A lapsed session's user is offered, as the one whose edits wait on the device.
  const [username, setUsername] = useState(lapsed && user ? user.username : '')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Whoever is shown this screen is about to sign in: what signing in runs loads meanwhile.
  useEffect(() => prepareLogIn(), [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!username.trim() || !password) {
      setError(t`Enter your username and password.`)
      return
    }
    setBusy(true)
    setError(null)
    try {
      // The first sync starts with the answer, alongside the navigation to the first screen.
      const loggedIn = await logInAndSync(() => logIn(username.trim(), password), bus)
      if (loggedIn) await navigate({ href: afterLogin(search.redirect, loggedIn), replace: true })
      else setError(t`Something went wrong. Please try again.`)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="auth-screen">
      <h1>
        <Trans>Log in</Trans>
      </h1>
      {user && !lapsed && (
        <p className="alert alert-info">
          <Trans>You are logged in as {user.username}.</Trans>
        </p>
      )}
      <form className="form card" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t`Username (e-mail)`}
          name="username"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          <Trans>Log in</Trans>
        </button>
      </form>
      <p className="auth-links">
        <Link to="/auth/forgotPassword">
          <Trans>Forgot your password?</Trans>
        </Link>
        <Link to="/auth/register">
          <Trans>No account yet? Register</Trans>
        </Link>
      </p>
    </section>
  )
}
