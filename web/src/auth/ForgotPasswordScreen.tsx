// /auth/forgotPassword: asks for the account's address and has a single-use link mailed to it
// (docs/security.md#password-links). The answer is the same whether or not the address has an
// account, so the page says what happens if it has one.
import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { forgotPasswordSchema } from '@lfit/domain/users/password-link'
import { fieldErrors } from '@lfit/domain/users/validation'
import { api } from '../api/api'
import { TextField } from '../ui/fields'
import { useBilingual, useCallErrorText } from './messages'
import './auth.css'

export default function ForgotPasswordScreen() {
  const { t } = useLingui()
  const bilingual = useBilingual()
  const errorText = useCallErrorText()
  const [address, setAddress] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [error, setError] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = forgotPasswordSchema.safeParse({ username: address })
    setFieldError(parsed.success ? undefined : bilingual(fieldErrors(parsed).username))
    if (!parsed.success) return
    setBusy(true)
    setError(null)
    try {
      await api.auth('forgotPassword', parsed.data)
      setSentTo(parsed.data.username)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  if (sentTo) {
    return (
      <section className="auth-screen">
        <h1>
          <Trans>Check your e-mail</Trans>
        </h1>
        <div className="card auth-message" role="status">
          <p>
            <Trans>
              If <strong>{sentTo}</strong> has an account, we have sent it a link to choose a new
              password. The link works once, for one hour.
            </Trans>
          </p>
          <p>
            <Trans>
              No e-mail after a few minutes? Look in the spam folder, check the address and ask
              again.
            </Trans>
          </p>
          <div className="btn-row">
            <Link to="/auth/login" className="btn btn-primary">
              <Trans>Back to log in</Trans>
            </Link>
            <button type="button" className="btn" onClick={() => setSentTo(null)}>
              <Trans>Ask again</Trans>
            </button>
          </div>
        </div>
      </section>
    )
  }

  return (
    <section className="auth-screen">
      <h1>
        <Trans>Forgot your password?</Trans>
      </h1>
      <p>
        <Trans>
          Enter the e-mail address you log in with. We will send you a link to choose a new
          password.
        </Trans>
      </p>
      <form className="form card" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t`E-mail address`}
          name="username"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={address}
          error={fieldError}
          onChange={(event) => setAddress(event.target.value)}
        />
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          <Trans>Send the link</Trans>
        </button>
      </form>
      <p className="auth-links">
        <Link to="/auth/login">
          <Trans>Back to log in</Trans>
        </Link>
      </p>
    </section>
  )
}
