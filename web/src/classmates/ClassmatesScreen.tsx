// /sosolci: the people enrolled in my programme year(s) (docs/product-rules.md#classmates). The
// server sends names, and an e-mail address or phone number only where its owner shared it; an
// educator sees every year and picks one. Searchable by name; contacts are tappable links.
import { useMemo, useState } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { phoneForPeople } from '@lfit/domain/users/phone'
import { classmatesYear, useScreenRead } from '../app/screen-reads'
import { matchesName, searchKey } from '../attendance/name-search'
import './classmates.css'

export default function ClassmatesScreen() {
  const { t } = useLingui()
  const navigate = useNavigate()
  // The router reads the classmates of the address's ?year= (web/src/app/screen-reads.ts).
  const answer = useScreenRead('/sosolci')
  const year = classmatesYear(useSearch({ strict: false }).year)
  const [query, setQuery] = useState('')
  const chooseYear = (value: string) =>
    void navigate({
      to: '/sosolci',
      search: (now: object) => ({ ...now, year: value === '' ? undefined : value }),
      replace: true,
    })
  const key = searchKey(query)
  const shown = useMemo(
    () => answer.classmates.filter((c) => matchesName(key, `${c.firstName} ${c.lastName}`)),
    [answer, key],
  )
  const years = answer.years
  return (
    <section className="classmates" aria-labelledby="classmates-title">
      <h1 id="classmates-title">
        <Trans>Classmates</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Everyone sees the names. An e-mail address or phone number shows only where its owner
          chose to share it on My account.
        </Trans>
      </p>
      <div className="classmates-filters">
        <label className="field">
          <span>
            <Trans>Search by name</Trans>
          </span>
          <input
            type="search"
            name="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        {years.length > 1 && (
          <label className="field">
            <span>
              <Trans>Year</Trans>
            </span>
            <select
              name="year"
              value={year ?? ''}
              onChange={(event) => chooseYear(event.target.value)}
            >
              <option value="">{t`All years`}</option>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {years.length === 0 && (
        <p>
          <Trans>
            You are not enrolled in a programme year yet, so there are no classmates to show.
          </Trans>
        </p>
      )}
      {years.length > 0 && shown.length === 0 && (
        <p>
          <Trans>Nobody matches.</Trans>
        </p>
      )}
      <ul className="classmate-list">
        {shown.map((c, index) => {
          const yearsText = c.years.join(', ')
          return (
            <li key={`${c.lastName}|${c.firstName}|${index}`} className="classmate card">
              <span className="classmate-name">
                {c.firstName} {c.lastName}
              </span>
              <span className="muted classmate-years">
                <Trans>Year {yearsText}</Trans>
              </span>
              {(c.email || c.phone) && (
                <span className="classmate-contacts">
                  {c.email && (
                    <a className="btn btn-text" href={`mailto:${c.email}`}>
                      {c.email}
                    </a>
                  )}
                  {c.phone && (
                    <a className="btn btn-text" href={`tel:+${c.phone}`}>
                      {phoneForPeople(c.phone)}
                    </a>
                  )}
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
