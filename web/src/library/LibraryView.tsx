// /knjiznjica's content: the library's books, articles and recordings (author, title, year,
// language, tags, files or where a copy is), searched, filtered and sorted, each item's files kept
// offline with the same "Keep offline" as /gradiva (KeepOffline.tsx). A desk table that becomes
// one card per item on a phone.
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
import { languageLabel } from '../i18n/language-names'
import { formatFileSize } from '../materials/file-size'
import { KeepOffline, type OfflineActions } from '../materials/KeepOffline'
import { readingLanguage } from '../materials/MaterialCard'
import { fileUrl } from '../materials/offline-copies'
import { libraryKindName } from '../materials/words'
import { FilterChoice, ListHead, SortChoice } from '../materials/list-controls'

export interface LibraryState {
  filter: LibraryFilter
  sort: LibrarySort
}

export const initialLibraryState: LibraryState = { filter: {}, sort: 'title' }

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
  copies,
}: {
  items: readonly LibraryItemRecord[]
  state: LibraryState
  onChange: (state: LibraryState) => void
  copies: OfflineActions
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
        <FilterChoice
          name="kind"
          label={t`Kind`}
          value={state.filter.kind}
          options={choices.kinds.map((k) => ({ value: k, label: libraryKindName(i18n, k) }))}
          onChange={(kind) => setFilter({ kind: kind as LibraryItemKind | undefined })}
        />
        <FilterChoice
          name="language"
          label={labels.language}
          value={state.filter.language}
          options={choices.languages.map((l) => ({
            value: l,
            label: languageLabel(i18n.locale, l),
          }))}
          onChange={(language) => setFilter({ language })}
        />
        <FilterChoice
          name="tag"
          label={labels.tags}
          value={state.filter.tag}
          options={choices.tags.map((tag) => ({ value: tag, label: tag }))}
          onChange={(tag) => setFilter({ tag })}
        />
        <SortChoice
          value={state.sort}
          sorts={LIBRARY_SORTS}
          names={sortNames}
          onChange={(sort) => onChange({ ...state, sort })}
        />
      </div>
      <p className="muted list-explained" data-count={shown}>
        <Trans>
          {shown} of {total} items
        </Trans>
      </p>
      <table className="data list-table library-table">
        <ListHead labels={labels} />
        <tbody>
          {rows.map((item) => (
            <tr key={item._id} data-item={item._id}>
              <td className="material-title-cell">
                <strong>{item.title || t`Untitled`}</strong>{' '}
                <span className="muted">({libraryKindName(i18n, item.kind)})</span>
              </td>
              <td data-label={labels.author}>{item.author || '—'}</td>
              <td data-label={labels.year}>{item.year > 0 ? item.year : '—'}</td>
              <td data-label={labels.language}>
                {item.language ? languageLabel(i18n.locale, item.language) : '—'}
              </td>
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
                <KeepOffline
                  id={item._id}
                  files={item.files}
                  copies={copies}
                  label={item.title || t`Untitled`}
                />
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
