// The form of /prijavaZaDan and /rezervacija: name, e-mail, mobile phone and a training day from
// the schedule (a reservation adds a message). Checked with the rules and messages of docs/product-rules.md#sign-ups-and-reservations before
// sending; the server checks them again, stores the record and e-mails the visitor what it received
// (in the form's language). A stored one is confirmed on screen. Only
// days still to come are offered; one that ends while the form is open is refused on sending.
import { useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { FORM_MESSAGES } from '@lfit/domain/messages/validation'
import { fieldErrors } from '@lfit/domain/users/validation'
import { schedule } from '@lfit/domain/schedule'
import { joinBilingual } from '@lfit/domain/messages/bilingual'
import { api } from '../api/api'
import { ApiError } from '../api/client'
import { formatDay } from '../i18n/date-format'
import { useBilingual } from '../auth/messages'
import { formFields, SelectField, TextField } from '../ui/fields'
import {
  MESSAGE_MAX_LENGTH,
  signupAnswerSchema,
  signupDays,
  signupSchema,
  type SignupKind,
  type SignupRecord,
} from '@lfit/domain/records/signups'
import './signups.css'

type Form = Record<'name' | 'email' | 'phone' | 'dayId' | 'message', string>

/** Where each form sends (the server's /api/signups routes). */
const SIGNUP_ROUTES = {
  signup: '/api/signups/eventDay',
  reservation: '/api/signups/reservation',
} as const

const EMPTY: Form = { name: '', email: '', phone: '', dayId: '', message: '' }

export function SignupForm({
  kind,
  title,
  intro,
}: {
  kind: SignupKind
  title: ReactNode
  intro: ReactNode
}) {
  const { t, i18n } = useLingui()
  const bilingual = useBilingual()
  const [now, setNow] = useState(() => Date.now())
  const calendar = schedule()
  const days = useMemo(() => signupDays(now, calendar), [now, calendar])
  const [form, setForm] = useState<Form>(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [stored, setStored] = useState<SignupRecord | null>(null)

  const dayLabel = useMemo(() => {
    const labels = new Map(
      days.map((day) => {
        const when = formatDay(i18n.locale, day.dayStr)
        const hours = `${day.fromHour}–${day.toHour}`
        return [day.id, t`${when}, ${hours} (year ${day.year}, segment ${day.segment})`]
      }),
    )
    return (dayId: string) => labels.get(dayId) ?? dayId
  }, [days, i18n.locale, t])

  const { set, text } = formFields(form, setForm, errors, bilingual)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailed(false)
    const { name, email, phone, dayId } = form
    const input = kind === 'reservation' ? form : { name, email, phone, dayId }
    // Checked at the moment of sending: the page may have stayed open past the end of the day.
    const at = Date.now()
    const parsed = signupSchema(kind, at).safeParse(input)
    const found = fieldErrors(parsed)
    setErrors(found)
    if (found.dayId === FORM_MESSAGES.dayPassed) {
      // The day leaves the list; the message stays until another day is chosen and sent.
      setNow(at)
      setForm({ ...form, dayId: '' })
    }
    if (!parsed.success) return
    const record: SignupRecord = parsed.data
    setBusy(true)
    // The server stores it as received and e-mails the visitor in the language of this form
    // (docs/product-rules.md#sign-up-lists). A failed call is shown by the snackbar too.
    try {
      await api.action(
        SIGNUP_ROUTES[kind],
        { ...withoutUndefined(record), language: i18n.locale === 'sl' ? 'sl' : 'en' },
        signupAnswerSchema,
      )
      setStored(record)
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined
      if (fields) {
        setErrors(
          Object.fromEntries(Object.entries(fields).map(([name, m]) => [name, joinBilingual(m)])),
        )
      }
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  if (stored) {
    const day = dayLabel(stored.dayId)
    return (
      <section className="signup-screen">
        <h1>{title}</h1>
        <div className="alert alert-success" role="status" data-testid="signup-confirmation">
          <p>
            {kind === 'signup' ? (
              <Trans>
                Thank you, {stored.name}. You are signed up for {day}.
              </Trans>
            ) : (
              <Trans>
                Thank you, {stored.name}. Your reservation for {day} is received.
              </Trans>
            )}
          </p>
          <p>
            <Trans>We will write to {stored.email}.</Trans>
          </p>
        </div>
        <p className="btn-row">
          <button
            type="button"
            className="btn"
            onClick={() => {
              setForm(EMPTY)
              setStored(null)
            }}
          >
            {kind === 'signup' ? (
              <Trans>Sign up someone else</Trans>
            ) : (
              <Trans>Make another reservation</Trans>
            )}
          </button>
          <Link to="/urnik" className="btn btn-text">
            <Trans>Timetable</Trans>
          </Link>
        </p>
      </section>
    )
  }

  return (
    <section className="signup-screen">
      <h1>{title}</h1>
      <p className="signup-intro">{intro}</p>
      {days.length === 0 ? (
        <p className="alert alert-info" role="status" data-testid="signup-no-days">
          <Trans>There are no upcoming training days to sign up for.</Trans>
        </p>
      ) : (
        <form className="form card" onSubmit={(event) => void submit(event)} noValidate>
          <TextField label={t`Name and surname`} autoComplete="name" {...text('name')} />
          <TextField
            label={t`E-mail`}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...text('email')}
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
            label={t`Training day`}
            name="dayId"
            value={form.dayId}
            options={days.map((day) => ({ value: day.id, label: dayLabel(day.id) }))}
            placeholder={t`Choose a day`}
            error={bilingual(errors.dayId)}
            onChange={set('dayId')}
          />
          {kind === 'reservation' && <MessageField {...text('message')} />}
          {failed && (
            <p className="alert" role="alert">
              <Trans>Nothing was stored. Please try again.</Trans>
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {kind === 'signup' ? <Trans>Sign up</Trans> : <Trans>Send the reservation</Trans>}
          </button>
        </form>
      )}
    </section>
  )
}

function MessageField({
  value,
  name,
  error,
  onChange,
}: {
  value: string
  name: string
  error: string
  onChange: (event: { target: { value: string } }) => void
}) {
  const { t } = useLingui()
  return (
    <div className="field">
      <label htmlFor="signup-message">{t`Message (optional)`}</label>
      <textarea
        id="signup-message"
        name={name}
        rows={5}
        maxLength={MESSAGE_MAX_LENGTH}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'signup-message-error' : undefined}
        onChange={onChange}
      />
      {error && (
        <span className="field-error" id="signup-message-error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
}

/** msgpack would send an absent message as nil, which the server's schema does not take. */
function withoutUndefined(record: SignupRecord): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}
