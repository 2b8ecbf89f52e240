// The participant list of /udelezenci: search, filters by year, project and enrolment status,
// sorting by any column, and the export of exactly the rows and columns shown.
import { useMemo } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { ENROLMENT_STATUSES, PROGRAMME_YEARS } from '@lfit/domain/people/enrolment'
import {
  filterParticipants,
  PARTICIPANT_COLUMNS,
  sortParticipants,
  type ParticipantColumn,
  type ParticipantFilter,
  type ParticipantRow,
  type ParticipantSort,
} from '@lfit/domain/lists/participants'
import { STANDINGS } from '@lfit/domain/makeups/thresholds'
import { PROJECTS } from '@lfit/domain/users/user'
import { ExportButtons } from '../export/ExportButtons'
import { standingName } from '../makeups/book/standing-words'
import type { ExportColumn } from '../export/table'
import { columnName, phoneText, statusName } from './words'

export interface ListState {
  filter: ParticipantFilter
  sort: ParticipantSort
}

export const INITIAL_LIST: ListState = {
  // The people taking part; the other statuses are one choice away.
  filter: { year: 'all', project: 'all', status: 'accepted', search: '', standing: 'all' },
  sort: { column: 'name', direction: 'asc' },
}

export function ParticipantList({
  rows,
  state,
  onChange,
}: {
  rows: readonly ParticipantRow[]
  state: ListState
  onChange: (state: ListState) => void
}) {
  const { t, i18n } = useLingui()
  const { filter, sort } = state
  const shown = useMemo(
    () => sortParticipants(filterParticipants(rows, filter), sort, i18n.locale),
    [rows, filter, sort, i18n.locale],
  )
  const setFilter = (change: Partial<ParticipantFilter>) =>
    onChange({ ...state, filter: { ...filter, ...change } })
  const sortBy = (column: ParticipantColumn) =>
    onChange({
      ...state,
      sort: {
        column,
        direction: sort.column === column && sort.direction === 'asc' ? 'desc' : 'asc',
      },
    })

  const cellText = (row: ParticipantRow, column: ParticipantColumn): string | number | null => {
    switch (column) {
      case 'status':
        return statusName(i18n, row.status)
      case 'phone':
        return phoneText(row.phone)
      case 'standing':
        return row.standing && standingName(i18n, row.standing)
      default:
        return row[column]
    }
  }
  const exportColumns: ExportColumn<ParticipantRow>[] = PARTICIPANT_COLUMNS.map((column) => ({
    header: columnName(i18n, column),
    value: (row) => cellText(row, column),
  }))
  const title = t`Participants`

  return (
    <section className="participants-screen">
      <h1>
        <Trans>Participants</Trans>
      </h1>
      <div className="list-toolbar">
        <input
          className="input list-search"
          type="search"
          name="search"
          aria-label={t`Search participants`}
          placeholder={t`Search by name, e-mail, phone or country`}
          value={filter.search}
          onChange={(event) => setFilter({ search: event.target.value })}
        />
        <label className="list-filter">
          <span>
            <Trans>Year</Trans>
          </span>
          <select
            name="year"
            value={String(filter.year)}
            onChange={(e) =>
              setFilter({ year: e.target.value === 'all' ? 'all' : Number(e.target.value) })
            }
          >
            <option value="all">{t`All years`}</option>
            {PROGRAMME_YEARS.map((year) => (
              <option key={year} value={year}>
                {t`Year ${year}`}
              </option>
            ))}
          </select>
        </label>
        <label className="list-filter">
          <span>
            <Trans>Project</Trans>
          </span>
          <select
            name="project"
            value={filter.project}
            onChange={(e) => setFilter({ project: e.target.value })}
          >
            <option value="all">{t`All projects`}</option>
            {PROJECTS.map((project) => (
              <option key={project} value={project}>
                {project}
              </option>
            ))}
          </select>
        </label>
        <label className="list-filter">
          <span>
            <Trans>Status</Trans>
          </span>
          <select
            name="status"
            value={filter.status}
            onChange={(e) => setFilter({ status: e.target.value as ParticipantFilter['status'] })}
          >
            <option value="all">{t`All statuses`}</option>
            {ENROLMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusName(i18n, status)}
              </option>
            ))}
          </select>
        </label>
        <label className="list-filter">
          <span>
            <Trans>Standing</Trans>
          </span>
          <select
            name="standing"
            value={filter.standing ?? 'all'}
            onChange={(e) =>
              setFilter({ standing: e.target.value as NonNullable<ParticipantFilter['standing']> })
            }
          >
            <option value="all">{t`All standings`}</option>
            {STANDINGS.map((standing) => (
              <option key={standing} value={standing}>
                {standingName(i18n, standing)}
              </option>
            ))}
          </select>
        </label>
        {/* On a phone the table has no header row to sort by: the same choice as a list. */}
        <label className="list-filter list-sort">
          <span>
            <Trans>Sort by</Trans>
          </span>
          <select
            name="sort"
            value={`${sort.column}:${sort.direction}`}
            onChange={(e) => {
              const [column, direction] = e.target.value.split(':') as [
                ParticipantColumn,
                ParticipantSort['direction'],
              ]
              onChange({ ...state, sort: { column, direction } })
            }}
          >
            {PARTICIPANT_COLUMNS.flatMap((column) => {
              const name = columnName(i18n, column)
              return [
                <option key={`${column}:asc`} value={`${column}:asc`}>
                  {t`${name}, ascending`}
                </option>,
                <option key={`${column}:desc`} value={`${column}:desc`}>
                  {t`${name}, descending`}
                </option>,
              ]
            })}
          </select>
        </label>
        <ExportButtons
          table={{ columns: exportColumns, rows: shown }}
          screen="udelezenci"
          title={title}
        />
      </div>
      <p className="muted" role="status" data-testid="participant-count">
        <Trans>
          {shown.length} of {rows.length} enrolments
        </Trans>
      </p>
      <p className="muted list-explained">
        <Trans>
          Attendance and missed days count the study days of the enrolment&apos;s year so far that
          have a mark or a reported absence; an excused day is missed too. The standing is the
          person&apos;s against the limits of missed days, per year and for the programme.
        </Trans>
      </p>
      <div className="table-wrap">
        <table className="data participants-table">
          <thead>
            <tr>
              {PARTICIPANT_COLUMNS.map((column) => (
                <th
                  key={column}
                  scope="col"
                  data-column={column}
                  aria-sort={
                    sort.column === column
                      ? sort.direction === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  <button type="button" className="sort-button" onClick={() => sortBy(column)}>
                    {columnName(i18n, column)}
                    <span aria-hidden="true" className="sort-mark">
                      {sort.column === column ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id} data-person={row.person} data-year={row.year}>
                {PARTICIPANT_COLUMNS.map((column) => (
                  <td key={column} data-column={column} data-label={columnName(i18n, column)}>
                    {column === 'name' ? (
                      <>
                        <Link
                          to="/udelezenci"
                          search={{ oseba: row.person }}
                          className="person-link"
                        >
                          {row.name}
                        </Link>
                        {row.deletionRequested && (
                          <span className="badge badge-deletion" data-testid="deletion-flag">
                            <Trans>deletion requested</Trans>
                          </span>
                        )}
                      </>
                    ) : column === 'email' ? (
                      <EmailText address={row.email} />
                    ) : (
                      <CellValue value={cellText(row, column)} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && (
        <p data-testid="participants-empty">
          <Trans>No participants match the search and filters.</Trans>
        </p>
      )}
    </section>
  )
}

/** An address that may wrap before its "@" on a desk, where twelve columns share the width. */
function EmailText({ address }: { address: string }) {
  const at = address.indexOf('@')
  if (at <= 0) return <CellValue value={address} />
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  )
}

function CellValue({ value }: { value: string | number | null }) {
  return <>{value === null || value === '' ? '—' : value}</>
}
