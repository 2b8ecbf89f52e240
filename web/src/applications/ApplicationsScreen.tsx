// /prijave (registration editors): the applications, filterable by year, project and status and
// searchable by name or e-mail; accept, decline with a reason, reopen, withdraw; accept the
// selected rows at once; each row's history on demand; the rows shown exported as CSV or XLSX
// (docs/product-rules.md#enrolment).
import { useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { filterApplications, type ApplicationRow } from '@lfit/domain/people/applications'
import {
  ENROLMENT_STATUSES,
  MAX_REASON_LENGTH,
  PROGRAMME_YEARS,
} from '@lfit/domain/people/enrolment'
import { PROJECTS } from '@lfit/domain/users/user'
import { useScreenRead } from '../app/screen-reads'
import { ExportButtons } from '../export/ExportButtons'
import type { ExportColumn } from '../export/table'
import { useBilingual, useCallErrorText } from '../auth/messages'
import { useReadAgain, useReadState } from '../ui/ServerRead'
import { useSnackbar } from '../ui/Snackbar'
import { ApplicationRowView } from './ApplicationRowView'
import { acceptMany, decide, type Decision } from './applications-api'
import { ReasonDialog } from '../ui/ReasonDialog'
import { STATUS_NAMES } from './status-names'
import './applications.css'

interface Filters {
  year: string
  project: string
  status: string
  search: string
}

type Asking = { row: ApplicationRow; decision: 'decline' | 'withdraw' } | null

const nameOf = (row: ApplicationRow) => `${row.firstName} ${row.lastName}`.trim() || row.person

export default function ApplicationsScreen() {
  const { t, i18n } = useLingui()
  const snackbar = useSnackbar()
  const errorText = useCallErrorText()
  const bilingual = useBilingual()
  // The router reads the applications (web/src/app/screen-reads.ts) and again after a decision.
  const [rows, setRows] = useReadState(useScreenRead('/prijave'))
  // New applications are what a registrar opens the screen for.
  const [filters, setFilters] = useState<Filters>({
    year: '',
    project: '',
    status: 'applied',
    search: '',
  })
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const [asking, setAsking] = useState<Asking>(null)
  const [failures, setFailures] = useState<string[]>([])

  const reload = useReadAgain()

  const shown = useMemo(
    () =>
      filterApplications(rows, {
        ...(filters.year ? { year: Number(filters.year) } : {}),
        ...(filters.project ? { project: filters.project } : {}),
        ...(filters.status ? { status: filters.status as ApplicationRow['status'] } : {}),
        ...(filters.search ? { search: filters.search } : {}),
      }),
    [rows, filters],
  )
  const columns: ExportColumn<ApplicationRow>[] = [
    { header: t`First name`, value: (row) => row.firstName },
    { header: t`Last name`, value: (row) => row.lastName },
    { header: t`E-mail`, value: (row) => row.email },
    { header: t`Phone`, value: (row) => row.phone },
    { header: t`Year`, value: (row) => row.year },
    { header: t`Project`, value: (row) => row.project ?? '' },
    { header: t`Status`, value: (row) => i18n._(STATUS_NAMES[row.status]) },
    // The day applied, written ISO (YYYY-MM-DD) as every exported day.
    { header: t`Applied on`, value: (row) => row.appliedAt.slice(0, 10) },
  ]
  const selectable = shown.filter((row) => row.status === 'applied')
  const chosen = selectable.filter((row) => selected.has(row.id))

  const toggle = (set: ReadonlySet<string>, id: string, on: boolean) => {
    const next = new Set(set)
    if (on) next.add(id)
    else next.delete(id)
    return next
  }

  const replace = (changed: ApplicationRow) =>
    setRows((before) => before.map((row) => (row.id === changed.id ? changed : row)))

  const change = async (row: ApplicationRow, decision: Decision, reason?: string) => {
    setBusy((before) => toggle(before, row.id, true))
    try {
      const changed = await decide(decision, row.id, reason)
      replace(changed)
      setSelected((before) => toggle(before, row.id, false))
      const name = nameOf(row)
      const done: Record<Decision, string> = {
        accept: t`${name} is accepted; the welcome e-mail is on its way.`,
        decline: t`${name} is declined; the e-mail with the reason is on its way.`,
        reopen: t`The application of ${name} is open again.`,
        withdraw: t`${name} is withdrawn from year ${row.year}.`,
        complete: t`${name} has completed year ${row.year}.`,
      }
      snackbar.show(done[decision])
      return true
    } catch (error) {
      snackbar.show(errorText(error), 'error')
      return false
    } finally {
      setBusy((before) => toggle(before, row.id, false))
    }
  }

  const acceptChosen = async () => {
    const ids = chosen.map((row) => row.id)
    setBusy(new Set(ids))
    try {
      const results = await acceptMany(ids)
      const accepted = results.filter((result) => result.ok).length
      const total = results.length
      snackbar.show(t`Accepted ${accepted} of ${total} applications.`)
      const byId = new Map(chosen.map((row) => [row.id, row]))
      setFailures(
        results.flatMap((result) => {
          const row = byId.get(result.id)
          if (result.ok || !row) return []
          const name = nameOf(row)
          const why = bilingual(result.message)
          return [t`${name}: ${why}`]
        }),
      )
      setSelected(new Set())
      await reload()
    } catch (error) {
      snackbar.show(errorText(error), 'error')
    } finally {
      setBusy(new Set())
    }
  }

  const set = (field: keyof Filters) => (value: string) => {
    setFilters((before) => ({ ...before, [field]: value }))
  }
  const allChosen = selectable.length > 0 && chosen.length === selectable.length
  const askedName = asking ? nameOf(asking.row) : ''
  const askedYear = asking?.row.year ?? 0

  return (
    <section className="applications-screen">
      <h1>
        <Trans>Applications</Trans>
      </h1>
      <div className="applications-filters" role="search">
        <label>
          <span>
            <Trans>Year</Trans>
          </span>
          <select
            className="input"
            name="year"
            value={filters.year}
            onChange={(event) => set('year')(event.target.value)}
          >
            <option value="">{t`All years`}</option>
            {PROGRAMME_YEARS.map((year) => (
              <option key={year} value={year}>
                {t`Year ${year}`}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>
            <Trans>Project</Trans>
          </span>
          <select
            className="input"
            name="project"
            value={filters.project}
            onChange={(event) => set('project')(event.target.value)}
          >
            <option value="">{t`All projects`}</option>
            <option value="none">{t`No project`}</option>
            {PROJECTS.map((project) => (
              <option key={project} value={project}>
                {project}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>
            <Trans>Status</Trans>
          </span>
          <select
            className="input"
            name="status"
            value={filters.status}
            onChange={(event) => set('status')(event.target.value)}
          >
            <option value="">{t`All statuses`}</option>
            {ENROLMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {i18n._(STATUS_NAMES[status])}
              </option>
            ))}
          </select>
        </label>
        <label className="applications-search">
          <span>
            <Trans>Search</Trans>
          </span>
          <input
            className="input"
            type="search"
            name="search"
            placeholder={t`Name or e-mail`}
            value={filters.search}
            onChange={(event) => set('search')(event.target.value)}
          />
        </label>
      </div>
      <div className="applications-bulk">
        <label className="touch-check">
          <input
            type="checkbox"
            checked={allChosen}
            disabled={selectable.length === 0}
            onChange={(event) =>
              setSelected(new Set(event.target.checked ? selectable.map((r) => r.id) : []))
            }
          />
          <span>
            <Trans>Select all shown applications</Trans>
          </span>
        </label>
        <button
          type="button"
          className="btn btn-primary"
          disabled={chosen.length === 0 || busy.size > 0}
          onClick={() => void acceptChosen()}
        >
          <Trans>Accept selected ({chosen.length})</Trans>
        </button>
        <p className="muted" role="status">
          <Trans>
            {shown.length} of {rows.length} applications
          </Trans>
        </p>
        <ExportButtons table={{ columns, rows: shown }} screen="prijave" title={t`Applications`} />
      </div>
      {failures.length > 0 && (
        <div className="alert" role="alert">
          <p>
            <Trans>These applications were not accepted:</Trans>
          </p>
          <ul>
            {failures.map((failure) => (
              <li key={failure}>{failure}</li>
            ))}
          </ul>
        </div>
      )}
      {shown.length === 0 ? (
        <p className="muted">
          <Trans>No applications match.</Trans>
        </p>
      ) : (
        <div className="table-wrap">
          <table className="data applications-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t`Select`}</span>
                </th>
                <th scope="col">{t`Applicant`}</th>
                <th scope="col">{t`Year`}</th>
                <th scope="col">{t`Project`}</th>
                <th scope="col">{t`Status`}</th>
                <th scope="col">{t`Applied`}</th>
                <th scope="col">{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <ApplicationRowView
                  key={row.id}
                  row={row}
                  selected={selected.has(row.id)}
                  onSelect={(on) => setSelected((before) => toggle(before, row.id, on))}
                  expanded={expanded.has(row.id)}
                  onToggleHistory={() =>
                    setExpanded((before) => toggle(before, row.id, !before.has(row.id)))
                  }
                  busy={busy.has(row.id)}
                  onDecide={(decision) => void change(row, decision)}
                  onAskReason={(decision) => setAsking({ row, decision })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {asking && (
        <ReasonDialog
          title={
            asking.decision === 'decline'
              ? t`Decline the application of ${askedName}`
              : t`Withdraw ${askedName} from year ${askedYear}`
          }
          confirmLabel={asking.decision === 'decline' ? t`Decline` : t`Withdraw`}
          reasonLabel={t`Reason (the person reads it in their e-mail)`}
          maxLength={MAX_REASON_LENGTH}
          onConfirm={(reason) => change(asking.row, asking.decision, reason)}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  )
}
