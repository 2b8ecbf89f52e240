// /auth/register: self-registration with every rule and message of docs/product-rules.md (Users), checked by the
// domain's schema (the server checks the same schema again). The server answers a new and a
// known address alike and logs nobody in (docs/0004-sessions-and-login-throttling.md). The
// registrant does not choose a status: the account waits for acceptance, and the screen says so.
// They choose the programme year (and the project, where one applies) they apply for: the
// registration is an application (docs/product-rules.md#enrolment); the e-mail that confirms it
// comes in the language of this screen.
import { useMemo, useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { PROGRAMME_YEARS } from '@lfit/domain/people/enrolment'
import { countryOptions, defaultCountry } from '@lfit/domain/users/countries'
import { PROJECTS } from '@lfit/domain/users/user'
import { fieldErrors, registrationSchema } from '@lfit/domain/users/validation'
import { api } from '../api/api'
import { formFields, SelectField, TextField } from '../ui/fields'
import { useBilingual, useCallErrorText } from './messages'
import { PasswordStrength } from './PasswordStrength'
import './auth.css'

type Form = Record<
  'username' | 'password' | 'firstName' | 'lastName' | 'country' | 'phone' | 'year' | 'project',
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
    year: '',
    project: '',
  }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const { set, text } = formFields(form, setForm, errors, bilingual)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    const parsed = registrationSchema.safeParse({ ...form, language: lang })
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
            it.
          </Trans>
        </p>
        <p data-testid="registration-pending">
          <Trans>
            Your application now awaits acceptance by our team. Once it is accepted, log in with
            your e-mail address and the password you chose; until then the login will say that it is
            still waiting.
          </Trans>
        </p>
        <p>
          <Link to="/" className="btn btn-primary">
            <Trans>Back to the home page</Trans>
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
          help={
            <PasswordStrength
              password={form.password}
              userInputs={[form.username, form.firstName, form.lastName]}
            />
          }
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
          label={t`Programme year you apply for`}
          name="year"
          value={form.year}
          options={PROGRAMME_YEARS.map((year) => ({ value: String(year), label: t`Year ${year}` }))}
          placeholder={t`Choose a year`}
          error={bilingual(errors.year)}
          onChange={set('year')}
        />
        <SelectField
          label={t`Project (if your application is for one)`}
          name="project"
          value={form.project}
          options={PROJECTS.map((project) => ({ value: project, label: project }))}
          placeholder={t`No project`}
          error={bilingual(errors.project)}
          onChange={set('project')}
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
