// The make-up settings on /nadomescanja: the attendance limits (with every change: who, when,
// from, to) and the sign-up cancel deadline. Everyone here reads them; only an admin changes them.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MakeupSettingsAnswer } from '@lfit/domain/makeups/admin-requests'
import { ApiError } from '../../api/client'
import { useCallErrorText } from '../../auth/messages'
import { formatDateTime } from '../../i18n/date-format'
import { useSession } from '../../session/session'
import { TextField } from '../../ui/fields'
import { useSnackbar } from '../../ui/Snackbar'
import { changeCancelHours, changeThresholds } from './admin-api'

/** `read`: the settings the router read for this tab (web/src/app/screen-reads.ts). */
export function SettingsPanel({ read }: { read: MakeupSettingsAnswer }) {
  const { t, i18n } = useLingui()
  const snackbar = useSnackbar()
  const errorText = useCallErrorText()
  const { user } = useSession()
  const isAdmin = user?.roles.includes('admin') ?? false
  // Shown as read, then as each save answers.
  const [settings, setSettings] = useState(read)
  const [perYear, setPerYear] = useState(String(read.thresholds.perYear))
  const [overall, setOverall] = useState(String(read.thresholds.overall))
  const [hours, setHours] = useState(String(read.cancelHours))
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})

  const show = (answer: MakeupSettingsAnswer) => {
    setSettings(answer)
    setPerYear(String(answer.thresholds.perYear))
    setOverall(String(answer.thresholds.overall))
    setHours(String(answer.cancelHours))
  }

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.fields) {
      const lang = i18n.locale === 'sl' ? 'sl' : 'en'
      setFieldErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v[lang]])))
    }
    snackbar.show(errorText(error), 'error')
  }
  const number = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN)

  const saveLimits = async () => {
    setFieldErrors({})
    try {
      show(await changeThresholds({ perYear: number(perYear), overall: number(overall) }))
      snackbar.show(t`The limits are saved.`)
    } catch (error) {
      refused(error)
    }
  }
  const saveHours = async () => {
    setFieldErrors({})
    try {
      show(await changeCancelHours(number(hours)))
      snackbar.show(t`The cancel deadline is saved.`)
    } catch (error) {
      refused(error)
    }
  }

  const { thresholds, history } = settings
  return (
    <div className="makeup-settings">
      <section className="card">
        <h2>
          <Trans>Missed study days allowed</Trans>
        </h2>
        {isAdmin ? (
          <form
            className="form makeup-settings-form"
            onSubmit={(event) => {
              event.preventDefault()
              void saveLimits()
            }}
          >
            <TextField
              label={t`At most in one programme year`}
              name="perYear"
              className="input"
              inputMode="numeric"
              value={perYear}
              error={fieldErrors.perYear}
              onChange={(event) => setPerYear(event.target.value)}
            />
            <TextField
              label={t`At most over the whole programme`}
              name="overall"
              className="input"
              inputMode="numeric"
              value={overall}
              error={fieldErrors.overall}
              onChange={(event) => setOverall(event.target.value)}
            />
            <button type="submit" className="btn btn-primary">
              <Trans>Save the limits</Trans>
            </button>
          </form>
        ) : (
          <p>
            <Trans>
              At most {thresholds.perYear} in one programme year and {thresholds.overall} over the
              whole programme. Only an admin changes them.
            </Trans>
          </p>
        )}
        <h3>
          <Trans>Changes</Trans>
        </h3>
        {history.length === 0 ? (
          <p className="muted">
            <Trans>The defaults have not been changed.</Trans>
          </p>
        ) : (
          <ul className="makeup-history">
            {history.toReversed().map((change) => {
              const when = formatDateTime(i18n.locale, Date.parse(change.at))
              const by = change.by
              const from = `${change.from.perYear} / ${change.from.overall}`
              const to = `${change.to.perYear} / ${change.to.overall}`
              return (
                <li key={change.at + to}>
                  <Trans>
                    {when}, {by}: from {from} to {to} (a year / the programme)
                  </Trans>
                </li>
              )
            })}
          </ul>
        )}
      </section>
      <section className="card">
        <h2>
          <Trans>Cancelling a sign-up</Trans>
        </h2>
        {isAdmin ? (
          <form
            className="form makeup-settings-form"
            onSubmit={(event) => {
              event.preventDefault()
              void saveHours()
            }}
          >
            <TextField
              label={t`Participants can cancel up to this many hours before a session`}
              name="cancelHours"
              className="input"
              inputMode="numeric"
              value={hours}
              error={fieldErrors.hours}
              onChange={(event) => setHours(event.target.value)}
            />
            <button type="submit" className="btn btn-primary">
              <Trans>Save the deadline</Trans>
            </button>
          </form>
        ) : (
          <p>
            <Trans>
              Participants can cancel up to {settings.cancelHours} hours before a session. Only an
              admin changes this.
            </Trans>
          </p>
        )}
      </section>
    </div>
  )
}
