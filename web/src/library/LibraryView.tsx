// /knjiznjica's content: the library's books, articles and recordings (author, title, year,
// language, tags, files or where a copy is), searched, filtered and sorted. A desk table that
// becomes one card per item on a phone.
import { Trans, useLingui } from '@lingui/react/macro'
import type { LibraryItemKind, LibraryItemRecord } from '@lfit/domain/materials/material'
import {
  filterLibrary,
  LIBRARY_SORTS,
  libraryChoices,
  sortLibrary,
  type LibraryFilter,
  type LibrarySort,
} from '@lfit/domain/materials/lists'
import { formatFileSize } from '../materials/file-size'
import { readingLanguage } from '../materials/MaterialCard'
import { fileUrl } from '../materials/offline-copies'
import { libraryKindName } from '../materials/words'

export interface LibraryState {
  filter: LibraryFilter
  sort: LibrarySort
}

export const initialLibraryState: LibraryState = { filter: {}, sort: 'title' }

function Select({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string
  label: string
  value: string | undefined
  options: readonly { value: string; label: string }[]
  onChange: (value: string | undefined) => void
}) {
  const { t } = useLingui()
  return (
    <label className="list-filter">
      {label}
      <select
        name={name}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">{t`All`}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
}

function Location({ place }: { place: string }) {
  return (
    <span className="library-location">
      <Trans>Copy at: {place}</Trans>
    </span>
  )
}

export function LibraryView({
  items,
  state,
  onChange,
}: {
  items: readonly LibraryItemRecord[]
  state: LibraryState
  onChange: (state: LibraryState) => void
}) {
  const { t, i18n } = useLingui()
  const lang = readingLanguage(i18n.locale)
  const choices = libraryChoices(items, lang)
  const rows = sortLibrary(filterLibrary(items, state.filter), state.sort, lang)
  const shown = rows.length
  const total = items.filter((item) => !item.deleted).length
  const setFilter = (change: Partial<LibraryFilter>) =>
    onChange({ ...state, filter: { ...state.filter, ...change } })
  const sortNames: Record<LibrarySort, string> = {
    title: t`Title`,
    author: t`Author`,
    year: t`Year published`,
    newest: t`Newest in the library`,
  }
  const labels = {
    title: t`Title`,
    author: t`Author`,
    year: t`Year published`,
    language: t`Language`,
    tags: t`Tags`,
    where: t`Files or location`,
  }
  return (
    <>
      <div className="list-toolbar">
        <input
          type="search"
          name="search"
          className="input list-search"
          value={state.filter.search ?? ''}
          onChange={(e) => setFilter({ search: e.target.value })}
          placeholder={t`Search the library`}
          aria-label={t`Search the library`}
        />
        <Select
          name="kind"
          label={t`Kind`}
          value={state.filter.kind}
          options={choices.kinds.map((k) => ({ value: k, label: libraryKindName(i18n, k) }))}
          onChange={(kind) => setFilter({ kind: kind as LibraryItemKind | undefined })}
        />
        <Select
          name="language"
          label={labels.language}
          value={state.filter.language}
          options={choices.languages.map((l) => ({ value: l, label: l }))}
          onChange={(language) => setFilter({ language })}
        />
        <Select
          name="tag"
          label={labels.tags}
          value={state.filter.tag}
          options={choices.tags.map((tag) => ({ value: tag, label: tag }))}
          onChange={(tag) => setFilter({ tag })}
        />
        <label className="list-filter">
          <Trans>Sort</Trans>
          <select
            name="sort"
            value={state.sort}
            onChange={(e) => onChange({ ...state, sort: e.target.value as LibrarySort })}
          >
            {LIBRARY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {sortNames[sort]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted list-explained" data-count={shown}>
        <Trans>
          {shown} of {total} items
        </Trans>
      </p>
      <table className="data list-table library-table">
        <thead>
          <tr>
            {Object.values(labels).map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <tr key={item._id} data-item={item._id}>
              <td className="material-title-cell">
                <strong>{item.title || t`Untitled`}</strong>{' '}
                <span className="muted">({libraryKindName(i18n, item.kind)})</span>
              </td>
              <td data-label={labels.author}>{item.author || '—'}</td>
              <td data-label={labels.year}>{item.year > 0 ? item.year : '—'}</td>
              <td data-label={labels.language}>{item.language || '—'}</td>
              <td data-label={labels.tags}>{item.tags.join(', ') || '—'}</td>
              <td data-label={labels.where}>
                {item.files.map((f) => (
                  <a
                    key={f.fileId}
                    className="material-file-link"
                    href={fileUrl(f.fileId)}
                    target="_blank"
                    rel="noopener"
                  >
                    {f.name} <span className="muted">({formatFileSize(i18n.locale, f.size)})</span>
                  </a>
                ))}
                {item.location && <Location place={item.location} />}
                {item.files.length === 0 && !item.location && '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && (
        <p data-empty>
          {total === 0 ? (
            <Trans>
              The library has nothing on this device yet; it appears after the next sync.
            </Trans>
          ) : (
            <Trans>Nothing in the library matches.</Trans>
          )}
        </p>
      )}
    </>
  )
}
