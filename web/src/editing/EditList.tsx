// The editors' list: a search box, a table whose headings sort (click again to turn the order
// around), and a row's Edit button. Every editor screen (material, library, project material,
// stored files) shows its records through it; the rules are in list.ts.
import { useMemo, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { nextSort, searchRows, sortRows, type Column, type ListSort } from './list'
import './editing.css'

export function EditList<R>({
  label,
  rows,
  columns,
  keyOf,
  initialSort,
  searchAlso,
  actions,
  toolbar,
}: {
  /** The table's accessible name, e.g. "Material". */
  label: string
  rows: readonly R[]
  columns: readonly Column<R>[]
  keyOf: (row: R) => string
  initialSort: ListSort
  /** Text a search also finds that no column shows (a description, tags). */
  searchAlso?: (row: R) => string
  /** The last cell of a row: its Edit, Delete… buttons. */
  actions?: (row: R) => ReactNode
  /** Beside the search box: the New button, filters. */
  toolbar?: ReactNode
}) {
  const { t, i18n } = useLingui()
  const [query, setQuery] = useState('')
  const [sort, setSort] = useState(initialSort)
  const shown = useMemo(
    () => sortRows(searchRows(rows, columns, query, searchAlso), columns, sort, i18n.locale),
    [rows, columns, query, searchAlso, sort, i18n.locale],
  )
  return (
    <div className="edit-list">
      <div className="edit-list-toolbar">
        <input
          className="input"
          type="search"
          aria-label={t`Search`}
          placeholder={t`Search`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {toolbar}
      </div>
      <p className="muted" role="status">
        <Trans>
          {shown.length} of {rows.length}
        </Trans>
      </p>
      <div className="table-wrap">
        <table className="data edit-list-table" aria-label={label}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={
                    sort.column !== column.key
                      ? undefined
                      : sort.direction === 'asc'
                        ? 'ascending'
                        : 'descending'
                  }
                >
                  <button
                    type="button"
                    className="edit-list-sort"
                    onClick={() => setSort(nextSort(sort, column.key))}
                  >
                    {column.label}
                    <span aria-hidden="true">
                      {sort.column === column.key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                    </span>
                  </button>
                </th>
              ))}
              {actions && <th scope="col">{t`Actions`}</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={keyOf(row)} data-row={keyOf(row)}>
                {columns.map((column) => (
                  <td key={column.key} data-label={column.label}>
                    {column.text(row)}
                  </td>
                ))}
                {actions && <td className="edit-list-actions">{actions(row)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && (
        <p className="muted">
          {rows.length === 0 ? <Trans>Nothing here yet.</Trans> : <Trans>Nothing found.</Trans>}
        </p>
      )}
    </div>
  )
}
