// The new password, twice, with the strength hint and the domain's rule (the one the server
// checks again); the username rides along hidden, so a password manager stores the new password
// under the right account.
import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { newPasswordSchema, fieldErrors } from '@lfit/domain/users/validation'
import { TextField } from '../ui/fields'
import { useBilingual } from './messages'
import { PasswordStrength } from './PasswordStrength'

interface Props {
  purpose: 'welcome' | 'reset'
  username: string
  /** Saves the password; answers the error to show, or null (the page moves on). */
  onSave: (password: string) => Promise<string | null>
}

export function NewPasswordForm({ purpose, username, onSave }: Props) {
  const { t } = useLingui()
  const bilingual = useBilingual()
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const rule = fieldErrors(newPasswordSchema.safeParse(password))['']
    const found = {
      ...(rule ? { password: bilingual(rule) } : {}),
      ...(repeat !== password ? { repeat: t`The two passwords differ.` } : {}),
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    setError(await onSave(password))
    setBusy(false)
  }

  return (
    <form className="form card" onSubmit={(event) => void submit(event)} noValidate>
      <p>
        {purpose === 'welcome' ? (
          <Trans>
            Welcome! Choose the password you will log in with as <strong>{username}</strong>.
          </Trans>
        ) : (
          <Trans>
            Choose a new password for <strong>{username}</strong>. Once it is saved, you are logged
            out on every device.
          </Trans>
        )}
      </p>
      <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
      <TextField
        label={t`New password`}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        help={<PasswordStrength password={password} userInputs={[username]} />}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        label={t`New password again`}
        type="password"
        name="repeatPassword"
        autoComplete="new-password"
        value={repeat}
        error={errors.repeat}
        onChange={(event) => setRepeat(event.target.value)}
      />
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {purpose === 'welcome' ? <Trans>Save my password</Trans> : <Trans>Save new password</Trans>}
      </button>
    </form>
  )
}
