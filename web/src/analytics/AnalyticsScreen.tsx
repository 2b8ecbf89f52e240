// /analitika (the visit readers of the policy table: the admin): the site's visits per day as a
// chart and a table, and the most visited pages, for a span of days kept in the address (?od=,
// ?do=). Only counts: the events name no visitor (docs/access-policy.md#visits).
import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { visitsRequestSchema, VISITS_MAX_DAYS } from '@lfit/domain/analytics/visits'
import { fieldErrors } from '@lfit/domain/users/validation'
import { useScreenRead } from '../app/screen-reads'
import { useBilingual } from '../auth/messages'
import { formatDay } from '../i18n/date-format'
import { DayField } from '../ui/DayField'
import { VisitsChart } from './VisitsChart'
import './analytics.css'

export default function AnalyticsScreen() {
  const { t, i18n } = useLingui()
  const bilingual = useBilingual()
  const navigate = useNavigate()
  const visits = useScreenRead('/analitika')
  const [from, setFrom] = useState(visits.from)
  const [to, setTo] = useState(visits.to)
  const [errors, setErrors] = useState<Record<string, string>>({})

  const show = (event: React.FormEvent) => {
    event.preventDefault()
    const request = { ...(from ? { from } : {}), ...(to ? { to } : {}) }
    const checked = visitsRequestSchema.safeParse(request)
    if (!checked.success) {
      setErrors(fieldErrors(checked))
      return
    }
    setErrors({})
    void navigate({ to: '/analitika', search: { od: from, do: to }, replace: true })
  }

  return (
    <section className="analytics-screen">
      <h1>
        <Trans>Visits</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Page views of the site, counted without cookies or names: no visitor can be told apart.
        </Trans>
      </p>
      <form className="analytics-span" onSubmit={show} noValidate>
        <DayField label={t`From`} name="od" value={from} onChange={setFrom} />
        <DayField label={t`To`} name="do" value={to} onChange={setTo} />
        <button type="submit" className="btn btn-primary">
          <Trans>Show</Trans>
        </button>
        {Object.values(errors).map((message) => (
          <p key={message} className="field-error" role="alert">
            {bilingual(message)}
          </p>
        ))}
        <p className="muted analytics-hint">
          <Trans>A span is at most {VISITS_MAX_DAYS} days.</Trans>
        </p>
      </form>
      <p role="status" className="analytics-total">
        <Trans>
          {visits.total} visits from {formatDay(i18n.locale, visits.from)} to{' '}
          {formatDay(i18n.locale, visits.to)}
        </Trans>
      </p>
      <div className="analytics-grid">
        <section aria-labelledby="visits-days-title">
          <h2 id="visits-days-title">
            <Trans>Visits per day</Trans>
          </h2>
          <VisitsChart days={visits.days} />
          <details>
            <summary>
              <Trans>The numbers per day</Trans>
            </summary>
            <table className="data visits-days">
              <thead>
                <tr>
                  <th scope="col">{t`Day`}</th>
                  <th scope="col">{t`Visits`}</th>
                </tr>
              </thead>
              <tbody>
                {visits.days.map((day) => (
                  <tr key={day.day}>
                    <td>{formatDay(i18n.locale, day.day)}</td>
                    <td className="number">{day.visits}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </section>
        <section aria-labelledby="visits-pages-title">
          <h2 id="visits-pages-title">
            <Trans>Visits per page</Trans>
          </h2>
          {visits.pages.length === 0 ? (
            <p>
              <Trans>No visits in this span.</Trans>
            </p>
          ) : (
            <table className="data visits-pages">
              <thead>
                <tr>
                  <th scope="col">{t`Page`}</th>
                  <th scope="col">{t`Visits`}</th>
                </tr>
              </thead>
              <tbody>
                {visits.pages.map((page) => (
                  <tr key={page.path} data-path={page.path}>
                    <td>
                      <code>{page.path}</code>
                    </td>
                    <td className="number">{page.visits}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </section>
  )
}
