// /gradivaSeznam's table: all the material this device holds, searched, filtered by year,
// segment, kind and educator, sorted. A desk table that becomes one card per row on a phone.
import { Trans, useLingui } from '@lingui/react/macro'
import type { MaterialKind, MaterialRecord } from '@lfit/domain/materials/material'
import {
  filterMaterials,
  MATERIAL_SORTS,
  materialChoices,
  materialTitle,
  sortMaterials,
  type MaterialFilter,
  type MaterialSort,
} from '@lfit/domain/materials/lists'
import { formatDay } from '../i18n/date-format'
import { formatFileSize } from './file-size'
import { readingLanguage } from './MaterialCard'
import { fileUrl } from './offline-copies'
import { materialKindName, materialSegmentName } from './words'
import { FilterChoice, ListHead, SortChoice } from './list-controls'

export interface MaterialListState {
  filter: MaterialFilter
  sort: MaterialSort
}

export const initialListState: MaterialListState = { filter: {}, sort: 'newest' }

export function MaterialListView({
  materials,
  state,
  onChange,
  onEdit,
}: {
  materials: readonly MaterialRecord[]
  state: MaterialListState
  onChange: (state: MaterialListState) => void
  /** Given to those who manage material: each row gets an Edit button. */
  onEdit?: (materialId: string) => void
}) {
  const { t, i18n } = useLingui()
  const lang = readingLanguage(i18n.locale)
  const choices = materialChoices(materials, lang)
  const rows = sortMaterials(filterMaterials(materials, state.filter), state.sort, lang)
  const shown = rows.length
  const total = materials.filter((m) => !m.deleted).length
  const setFilter = (change: Partial<MaterialFilter>) =>
    onChange({ ...state, filter: { ...state.filter, ...change } })
  const sortNames: Record<MaterialSort, string> = {
    newest: t`Newest first`,
    oldest: t`Oldest first`,
    title: t`Title`,
    day: t`Study day`,
  }
  const labels = {
    title: t`Title`,
    kind: t`Kind`,
    years: t`Year`,
    segments: t`Segment`,
    day: t`Study day`,
    educators: t`Educators`,
    files: t`Files`,
    added: t`Added`,
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
          placeholder={t`Search the material`}
          aria-label={t`Search the material`}
        />
        <FilterChoice
          name="year"
          label={labels.years}
          value={state.filter.year}
          options={choices.years.map((y) => ({ value: y, label: String(y) }))}
          onChange={(year) => setFilter({ year })}
        />
        <FilterChoice
          name="segment"
          label={labels.segments}
          value={state.filter.segment}
          options={choices.segments.map((s) => ({ value: s, label: materialSegmentName(i18n, s) }))}
          onChange={(segment) => setFilter({ segment })}
        />
        <FilterChoice<MaterialKind>
          name="kind"
          label={labels.kind}
          value={state.filter.kind}
          options={choices.kinds.map((k) => ({ value: k, label: materialKindName(i18n, k) }))}
          onChange={(kind) => setFilter({ kind })}
        />
        <FilterChoice
          name="educator"
          label={labels.educators}
          value={state.filter.educator}
          options={choices.educators.map((e) => ({ value: e, label: e }))}
          onChange={(educator) => setFilter({ educator })}
        />
        <SortChoice
          value={state.sort}
          sorts={MATERIAL_SORTS}
          names={sortNames}
          onChange={(sort) => onChange({ ...state, sort })}
        />
      </div>
      <p className="muted list-explained" data-count={shown}>
        <Trans>
          {shown} of {total} materials
        </Trans>
      </p>
      <table className="data list-table material-table">
        <ListHead labels={labels} />
        <tbody>
          {rows.map((m) => (
            <tr key={m._id} data-material={m._id}>
              <td className="material-title-cell">
                <strong>{materialTitle(m, lang) || t`Untitled material`}</strong>
                {onEdit && (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="btn material-edit"
                      aria-label={t`Edit ${materialTitle(m, lang) || t`Untitled material`}`}
                      onClick={() => onEdit(m._id)}
                    >
                      <Trans>Edit</Trans>
                    </button>
                  </>
                )}
                {m.kind === 'link' && m.url && (
                  <>
                    {' '}
                    <a href={m.url} target="_blank" rel="noopener noreferrer">
                      {m.url}
                    </a>
                  </>
                )}
              </td>
              <td data-label={labels.kind}>{materialKindName(i18n, m.kind)}</td>
              <td data-label={labels.years}>{m.years.join(', ')}</td>
              <td data-label={labels.segments}>
                {m.segments.length === 0
                  ? materialSegmentName(i18n, null)
                  : m.segments.map((s) => materialSegmentName(i18n, s)).join(', ')}
              </td>
              <td data-label={labels.day}>{m.day ? formatDay(i18n.locale, m.day) : '—'}</td>
              <td data-label={labels.educators}>{m.educators.join(', ') || '—'}</td>
              <td data-label={labels.files}>
                {m.files.length === 0
                  ? '—'
                  : m.files.map((f) => (
                      <a
                        key={f.fileId}
                        className="material-file-link"
                        href={fileUrl(f.fileId)}
                        target="_blank"
                        rel="noopener"
                      >
                        {f.name}{' '}
                        <span className="muted">({formatFileSize(i18n.locale, f.size)})</span>
                      </a>
                    ))}
              </td>
              <td data-label={labels.added}>
                {m.createdAt > 0 ? formatDay(i18n.locale, m.createdAt) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && (
        <p data-empty>
          <Trans>No material matches.</Trans>
        </p>
      )}
    </>
  )
}
