// /auth/register: self-registration with every rule and message of docs/product-rules.md (Users), checked by the
// domain's schema (the server checks the same schema again). The server answers a new and a
// known address alike and logs nobody in (docs/0004-sessions-and-login-throttling.md), so the
// screen says the registration was received and leads to the login.
import { useMemo, useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { countryOptions, defaultCountry } from '@lfit/domain/users/countries'
import { fieldErrors, registrationSchema } from '@lfit/domain/users/validation'
import { USER_STATUSES } from '@lfit/domain/users/user'
import { api } from '../api/api'
import { formFields, SelectField, TextField } from '../ui/fields'
import { useBilingual, useCallErrorText } from './messages'
import './auth.css'

type Form = Record<
  'username' | 'password' | 'firstName' | 'lastName' | 'country' | 'phone' | 'status',
  string
>

export default function RegisterScreen() {
  const { t, i18n } = useLingui()
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  const bilingual = useBilingual()
  const errorText = useCallErrorText()
  const countries = useMemo(
    () => countryOptions(lang).map((c) => ({ value: c.code, label: c.name })),
    [lang],
  )
  const [form, setForm] = useState<Form>(() => ({
    username: '',
    password: '',
    firstName: '',
    lastName: '',
    country: defaultCountry(lang),
    phone: '',
    status: '',
  }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const statusLabels: Record<string, string> = { active: t`Active`, blocked: t`Blocked` }

  const { set, text } = formFields(form, setForm, errors, bilingual)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    const parsed = registrationSchema.safeParse(form)
    setErrors(fieldErrors(parsed))
    if (!parsed.success) return
    setBusy(true)
    try {
      await api.auth('register', parsed.data)
      setDone(parsed.data.username)
    } catch (error) {
      setFailure(errorText(error))
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return (
      <section className="auth-screen">
        <h1>
          <Trans>Register</Trans>
        </h1>
        <p className="alert alert-success" role="status">
          <Trans>
            Thank you, your registration for {done} was received. We are sending you an e-mail about
            it. You can log in with your e-mail address and password.
          </Trans>
        </p>
        <p>
          <Link to="/auth/login" className="btn btn-primary">
            <Trans>Log in</Trans>
          </Link>
        </p>
      </section>
    )
  }

  return (
    <section className="auth-screen">
      <h1>
        <Trans>Register</Trans>
      </h1>
      <form className="form card" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t`E-mail (your username)`}
          type="email"
          autoComplete="username"
          inputMode="email"
          {...text('username')}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          {...text('password')}
        />
        <TextField label={t`First name`} autoComplete="given-name" {...text('firstName')} />
        <TextField label={t`Last name`} autoComplete="family-name" {...text('lastName')} />
        <SelectField
          label={t`Country`}
          name="country"
          value={form.country}
          options={countries}
          placeholder={t`Choose a country`}
          error={bilingual(errors.country)}
          onChange={set('country')}
        />
        <TextField
          label={t`Mobile phone`}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          help={t`With the country code, for example +386 41 123 456.`}
          {...text('phone')}
        />
        <SelectField
          label={t`Status`}
          name="status"
          value={form.status}
          options={USER_STATUSES.map((status) => ({
            value: status,
            label: statusLabels[status] ?? status,
          }))}
          placeholder={t`Choose a status`}
          error={bilingual(errors.status)}
          onChange={set('status')}
        />
        {failure && (
          <p className="alert" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          <Trans>Register</Trans>
        </button>
      </form>
    </section>
  )
}
