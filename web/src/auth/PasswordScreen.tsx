// /auth/password: a logged-in user changes their password (the old one is asked again).
import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { fieldErrors, newPasswordSchema } from '@lfit/domain/users/validation'
import { api } from '../api/api'
import { useSession } from '../session/session'
import { TextField } from '../ui/fields'
import { useBilingual, useCallErrorText } from './messages'
import { PasswordStrength } from './PasswordStrength'
import './auth.css'

export default function PasswordScreen() {
  const { t } = useLingui()
  const errorText = useCallErrorText()
  const bilingual = useBilingual()
  const { user } = useSession()
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', repeat: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)

  if (!user) {
    return (
      <section className="auth-screen">
        <h1>
          <Trans>Change password</Trans>
        </h1>
        <p>
          <Link to="/auth/login" search={{ redirect: '/auth/password' }}>
            <Trans>Log in first to change your password.</Trans>
          </Link>
        </p>
      </section>
    )
  }

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!form.oldPassword) found.oldPassword = t`Enter your current password.`
    // The domain's rule, the one the server checks again (at least 10 characters).
    const rule = fieldErrors(newPasswordSchema.safeParse(form.newPassword))['']
    if (rule) found.newPassword = bilingual(rule)
    if (form.repeat !== form.newPassword) found.repeat = t`The two new passwords differ.`
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      await api.auth('password', { oldPassword: form.oldPassword, newPassword: form.newPassword })
      setForm({ oldPassword: '', newPassword: '', repeat: '' })
      setResult({ ok: true, text: t`Your password is changed.` })
    } catch (error) {
      setResult({ ok: false, text: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="auth-screen">
      <h1>
        <Trans>Change password</Trans>
      </h1>
      <form className="form card" onSubmit={(event) => void submit(event)} noValidate>
        <input type="hidden" autoComplete="username" value={user.username} readOnly />
        <TextField
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          value={form.oldPassword}
          error={errors.oldPassword}
          onChange={set('oldPassword')}
        />
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          name="newPassword"
          value={form.newPassword}
          error={errors.newPassword}
          help={
            <PasswordStrength
              password={form.newPassword}
              userInputs={[user.username, user.firstName ?? '', user.lastName ?? '']}
            />
          }
          onChange={set('newPassword')}
        />
        <TextField
          label={t`New password again`}
          type="password"
          autoComplete="new-password"
          value={form.repeat}
          error={errors.repeat}
          onChange={set('repeat')}
        />
        {result && (
          <p className={result.ok ? 'alert alert-success' : 'alert'} role="status">
            {result.text}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          <Trans>Change password</Trans>
        </button>
      </form>
    </section>
  )
}
