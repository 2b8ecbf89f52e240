// /ATMcertsList (admin, regEditor; minimal layout): the participants of a year, or of the whole
// programme, with their standing, whether each may be given a certificate and why not; the
// eligible are selected and issued certificates in one action; a certificate is opened,
// re-issued or revoked with a reason. The list exports as CSV and XLSX. The router reads the list
// of the address's ?scope= (web/src/app/screen-reads.ts).
import { useMemo, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { PROGRAMME_YEARS } from '@lfit/domain/people/enrolment'
import type { Lang } from '@lfit/domain/messages/bilingual'
import { useScreenRead } from '../app/screen-reads'
import { useCallErrorText } from '../auth/messages'
import { ExportButtons } from '../export/ExportButtons'
import { useReadAgain } from '../ui/ServerRead'
import { useSnackbar } from '../ui/Snackbar'
import { certificatesApi, type AttendanceScope } from './certificates-api'
import { CertificateActions } from './CertificateActions'
import { eligibilityText, standingColumns } from './standing-table'
import { STANDING_WORDS } from './words'
import '../participants/participants.css'
import './certificate.css'

const scopeKey = (scope: AttendanceScope) =>
  scope.kind === 'year' ? String(scope.year) : 'programme'

export default function CertificatesListScreen() {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const snackbar = useSnackbar()
  const navigate = useNavigate()
  const { scope, rows } = useScreenRead('/atmcertslist')
  // Which scope the rows shown are of.
  const rowsScope = scopeKey(scope)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [languages, setLanguages] = useState<'both' | Lang>('both')
  const [busy, setBusy] = useState(false)
  // After an issue, re-issue or revoke: the list is read again.
  const reload = useReadAgain()
  // The scope is in the address (?scope=), so the router reads its list.
  const choose = (key: string) => {
    setSelected(new Set())
    void navigate({
      to: '/ATMcertsList',
      search: (now: object) => ({ ...now, scope: key }),
      replace: true,
    })
  }

  const eligible = useMemo(() => rows.filter((row) => row.eligible), [rows])
  const columns = useMemo(() => standingColumns(i18n), [i18n])
  const toggle = (person: string) =>
    setSelected((now) => {
      const next = new Set(now)
      if (next.has(person)) next.delete(person)
      else next.add(person)
      return next
    })

  const issue = async () => {
    setBusy(true)
    try {
      const chosen = languages === 'both' ? (['sl', 'en'] as Lang[]) : [languages]
      const result = await certificatesApi.issue(scope, [...selected], chosen)
      const issued = result.issued.length
      const refused = result.refused.length
      snackbar.show(
        refused === 0
          ? t`Certificates issued: ${issued}.`
          : t`Certificates issued: ${issued}; not issued: ${refused} (see the list for why).`,
      )
      setSelected(new Set())
      await reload()
    } catch (failure) {
      snackbar.show(errorText(failure), 'error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="certificates-list">
      <h1>
        <Trans>Attendance certificates</Trans>
      </h1>
      <div className="list-toolbar">
        <label className="list-filter">
          <span>
            <Trans>Certificate for</Trans>
          </span>
          <select name="scope" value={rowsScope} onChange={(event) => choose(event.target.value)}>
            {PROGRAMME_YEARS.map((year) => (
              <option key={year} value={String(year)}>
                {t`Year ${year}`}
              </option>
            ))}
            <option value="programme">{t`The whole programme`}</option>
          </select>
        </label>
        <label className="list-filter">
          <span>
            <Trans>Languages</Trans>
          </span>
          <select
            name="languages"
            value={languages}
            onChange={(event) => setLanguages(event.target.value as 'both' | Lang)}
          >
            <option value="both">{t`Slovenian and English`}</option>
            <option value="sl">{t`Slovenian`}</option>
            <option value="en">{t`English`}</option>
          </select>
        </label>
        <button
          type="button"
          className="btn"
          disabled={eligible.length === 0}
          onClick={() => setSelected(new Set(eligible.map((row) => row.person)))}
        >
          <Trans>Select all eligible ({eligible.length})</Trans>
        </button>
        <button
          type="button"
          className="btn btn-primary"
          data-action="issue"
          disabled={busy || selected.size === 0}
          onClick={() => void issue()}
        >
          <Trans>Issue certificates ({selected.size})</Trans>
        </button>
        <ExportButtons table={{ columns, rows }} screen="ATMcertsList" title={t`Certificates`} />
      </div>
      {rows.length === 0 && (
        <p>
          <Trans>Nobody took part in this year.</Trans>
        </p>
      )}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="data certificates-table" data-scope={rowsScope}>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t`Select`}</span>
                </th>
                {columns.slice(0, -1).map((column) => (
                  <th scope="col" key={column.header}>
                    {column.header}
                  </th>
                ))}
                <th scope="col">{t`Issued`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.person} data-person={row.person} data-eligible={row.eligible}>
                  <td>
                    <label className="select-target">
                      <input
                        type="checkbox"
                        className="certificate-select"
                        aria-label={t`Select ${row.name}`}
                        disabled={!row.eligible}
                        checked={selected.has(row.person)}
                        onChange={() => toggle(row.person)}
                      />
                    </label>
                  </td>
                  <td>{row.name}</td>
                  <td>{row.person}</td>
                  <td>{row.attended}</td>
                  <td>{row.percent ?? '—'}</td>
                  <td>{row.missed}</td>
                  <td>{row.madeUp}</td>
                  <td>{row.outstanding}</td>
                  <td>{row.late}</td>
                  <td>{row.limit}</td>
                  <td>{i18n._(STANDING_WORDS[row.standing])}</td>
                  <td data-column="eligibility">{eligibilityText(row, i18n)}</td>
                  <td>
                    <CertificateActions certificates={row.certificates} onChanged={reload} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="list-explained">
        <Trans>
          A certificate can be issued once a year is over, to whoever took part in it, missed no
          more days than its limit and has made up every missed day. Anyone can check a
          certificate&apos;s code on the <Link to="/potrdilo">verification page</Link>.
        </Trans>
      </p>
    </div>
  )
}
