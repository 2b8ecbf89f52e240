// The person's own details on /mojRacun: names, phone, country and the language of their
// e-mails. The e-mail address is the login, so it is shown and not edited here (see
// docs/product-rules.md#my-account). The domain's rule checks each field here and again on the
// server; a refusal shows next to its field in the chosen language.
import { useMemo, useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Bilingual } from '@lfit/domain/messages/bilingual'
import type { OwnProfileAnswer } from '@lfit/domain/users/account'
import { countryOptions } from '@lfit/domain/users/countries'
import { fieldErrors, ownProfileSchema } from '@lfit/domain/users/validation'
import { ApiError } from '../api/client'
import { useBilingual, useCallErrorText } from '../auth/messages'
import { refreshSession } from '../session/session'
import { SelectField, TextField } from '../ui/fields'
import { accountApi } from './account-api'

type Profile = OwnProfileAnswer['profile']
type Form = Record<'firstName' | 'lastName' | 'phone' | 'country' | 'language', string>

const formOf = (profile: Profile): Form => ({
  firstName: profile.firstName ?? '',
  lastName: profile.lastName ?? '',
  phone: profile.phone ? `+${profile.phone}` : '',
  country: profile.country ?? '',
  language: profile.language,
})

export function ProfileForm({
  profile,
  onSaved,
}: {
  profile: Profile
  onSaved: (answer: OwnProfileAnswer) => void
}) {
  const { t, i18n } = useLingui()
  const bilingual = useBilingual()
  const errorText = useCallErrorText()
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  const countries = useMemo(
    () => countryOptions(lang).map((c) => ({ value: c.code, label: c.name })),
    [lang],
  )
  const [form, setForm] = useState<Form>(() => formOf(profile))
  const [errors, setErrors] = useState<Record<string, string | Bilingual>>({})
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const set = (field: keyof Form) => (value: string) => {
    setForm({ ...form, [field]: value })
    setResult(null)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = fieldErrors(ownProfileSchema.safeParse(form))
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      const answer = await accountApi.update(form)
      setForm(formOf(answer.profile))
      onSaved(answer)
      setResult({ ok: true, text: t`Your details are saved.` })
      // The app bar shows the new name.
      void refreshSession()
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields)
      setResult({ ok: false, text: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t`First name`}
        name="firstName"
        autoComplete="given-name"
        value={form.firstName}
        error={bilingual(errors.firstName)}
        onChange={(e) => set('firstName')(e.target.value)}
      />
      <TextField
        label={t`Last name`}
        name="lastName"
        autoComplete="family-name"
        value={form.lastName}
        error={bilingual(errors.lastName)}
        onChange={(e) => set('lastName')(e.target.value)}
      />
      <TextField
        label={t`E-mail address`}
        name="email"
        type="email"
        value={profile.email}
        readOnly
        help={t`This is also your login. To change it, ask the programme's registration office.`}
      />
      <TextField
        label={t`Mobile phone`}
        name="phone"
        type="tel"
        autoComplete="tel"
        value={form.phone}
        error={bilingual(errors.phone)}
        help={t`With the country code, for example +386 41 123 456. Leave empty to remove it.`}
        onChange={(e) => set('phone')(e.target.value)}
      />
      <SelectField
        label={t`Country`}
        name="country"
        value={form.country}
        options={countries}
        placeholder={t`Choose a country`}
        error={bilingual(errors.country)}
        onChange={set('country')}
      />
      <SelectField
        label={t`Language of my e-mails`}
        name="language"
        value={form.language}
        options={[
          { value: 'sl', label: 'Slovenščina' },
          { value: 'en', label: 'English' },
        ]}
        error={bilingual(errors.language)}
        onChange={set('language')}
      />
      {result && (
        <p className={result.ok ? 'alert alert-success' : 'alert'} role="status">
          {result.text}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        <Trans>Save my details</Trans>
      </button>
    </form>
  )
}
