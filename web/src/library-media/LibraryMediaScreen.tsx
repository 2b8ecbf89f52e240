// /libraryMedia: the library's management for librarians and media editors: every item with
// search and sort, and the item editor (files uploaded resumably, saved through the outbox). An
// item whose uploads a reload cut opens again by itself, and they go on.
import { useEffect, useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { LibraryItemRecord } from '@lfit/domain/materials/material'
import { EditList } from '../editing/EditList'
import { useEditableLibrary } from '../editing/hooks'
import type { Column } from '../editing/list'
import { useResumedUploads } from '../editing/useResumedUploads'
import { languageLabel } from '../i18n/language-names'
import { useOffline } from '../offline/context'
import type { Shown } from '../offline/local-view'
import { LibraryItemEditor, libraryKindName } from './LibraryItemEditor'

/** The item being edited (null id: a new one; `resumed`: a new one whose uploads go on). */
type Editing = { id: string | null; resumed?: boolean } | null

export function LibraryMediaScreen() {
  const { t, i18n } = useLingui()
  const { db } = useOffline()
  const shown = useEditableLibrary(db)
  const [editing, setEditing] = useState<Editing>(null)
  const resumed = useResumedUploads('library')
  useEffect(() => {
    if (resumed) setEditing({ id: resumed, resumed: true })
  }, [resumed])
  const columns = useMemo<Column<Shown<LibraryItemRecord>>[]>(
    () => [
      {
        key: 'title',
        label: t`Title`,
        text: ({ record, pending }) => record.title + (pending ? ` (${t`not sent yet`})` : ''),
        sortBy: ({ record }) => record.title,
      },
      { key: 'author', label: t`Author`, text: ({ record }) => record.author },
      {
        key: 'year',
        label: t`Year`,
        text: ({ record }) => (record.year ? String(record.year) : ''),
        sortBy: ({ record }) => record.year || null,
      },
      { key: 'kind', label: t`Kind`, text: ({ record }) => libraryKindName(i18n, record.kind) },
      {
        key: 'language',
        label: t`Language`,
        text: ({ record }) => languageLabel(i18n.locale, record.language),
      },
      { key: 'tags', label: t`Tags`, text: ({ record }) => record.tags.join(', ') },
    ],
    [t, i18n],
  )
  const tagNames = useMemo(
    () => [...new Set((shown ?? []).flatMap(({ record }) => record.tags))].sort(),
    [shown],
  )
  if (editing && shown) {
    const before = shown.find(({ record }) => record._id === editing.id)?.record ?? null
    if (editing.id && !before && !editing.resumed)
      return (
        <div className="card">
          <p role="alert">
            <Trans>This item is not on this device any more; someone may have deleted it.</Trans>
          </p>
          <button type="button" className="btn" onClick={() => setEditing(null)}>
            <Trans>Back to the list</Trans>
          </button>
        </div>
      )
    return (
      <section aria-label={t`Library media`}>
        <LibraryItemEditor
          key={editing.id ?? 'new'}
          before={before}
          {...(!before && editing.id && { newId: editing.id })}
          tagNames={tagNames}
          onDone={() => setEditing(null)}
        />
      </section>
    )
  }
  return (
    <section aria-labelledby="library-media-title">
      <h1 id="library-media-title">
        <Trans>Library media</Trans>
      </h1>
      {shown === undefined ? (
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <EditList
          label={t`Library`}
          rows={shown}
          columns={columns}
          keyOf={({ record }) => record._id}
          initialSort={{ column: 'title', direction: 'asc' }}
          searchAlso={({ record }) =>
            [record.location, ...record.files.map((f) => f.name)].join(' ')
          }
          toolbar={
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setEditing({ id: null })}
            >
              <Trans>New library item</Trans>
            </button>
          }
          actions={({ record }) => (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setEditing({ id: record._id })}
            >
              <Trans>Edit</Trans>
            </button>
          )}
        />
      )}
    </section>
  )
}
