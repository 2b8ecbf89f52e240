// /mediji: the recordings' media data for admins, registration and media editors. Every
// recording (material of kind video or audio) with search and sort, and the material editor with
// its recording fields: files, subtitles per language, chapters (docs/product-rules.md#recordings).
// A material whose uploads a reload cut opens again by itself, and they go on.
import { useEffect, useMemo, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MaterialRecord } from '@lfit/domain/materials/material'
import { materialTitle } from '@lfit/domain/materials/lists'
import { formatPlayTime, isRecording } from '@lfit/domain/media/recording'
import { EditList } from '../editing/EditList'
import { useEditableMaterials } from '../editing/hooks'
import { useResumedUploads } from '../editing/useResumedUploads'
import type { Column } from '../editing/list'
import { formatDay } from '../i18n/date-format'
import { MaterialEditorPanel } from '../materials/editor/MaterialEditorPanel'
import { readingLanguage } from '../materials/MaterialCard'
import { useOffline } from '../offline/context'
import type { Shown } from '../offline/local-view'
import { languageName } from './media-words'
import { PLAYER_PATH } from './player-path'
import './media.css'

type Editing = { id: string | null } | null

/** What a cell shows for a value not given (as the material list does), never an empty label. */
const NONE = '—'

export function MediaScreen() {
  const { t, i18n } = useLingui()
  const { db } = useOffline()
  const all = useEditableMaterials(db)
  const recordings = useMemo(
    () => all?.filter(({ record }) => isRecording(record) && !record.deleted),
    [all],
  )
  const [editing, setEditing] = useState<Editing>(null)
  const resumed = useResumedUploads('materials')
  useEffect(() => {
    if (resumed) setEditing({ id: resumed })
  }, [resumed])
  const lang = readingLanguage(i18n.locale)
  const columns = useMemo<Column<Shown<MaterialRecord>>[]>(
    () => [
      {
        key: 'title',
        label: t`Title`,
        text: ({ record, pending }) =>
          (materialTitle(record, lang) || t`Untitled material`) +
          (pending ? ` (${t`not sent yet`})` : ''),
        sortBy: ({ record }) => materialTitle(record, lang),
      },
      {
        key: 'day',
        label: t`Study day`,
        text: ({ record }) => (record.day ? formatDay(i18n.locale, record.day) : NONE),
        sortBy: ({ record }) => record.day || null,
      },
      {
        key: 'length',
        label: t`Length`,
        text: ({ record }) => (record.durationSec ? formatPlayTime(record.durationSec) : NONE),
        sortBy: ({ record }) => record.durationSec || null,
      },
      {
        key: 'subtitles',
        label: t`Subtitles`,
        text: ({ record }) =>
          record.subtitles.map((ref) => languageName(i18n, ref.lang)).join(', ') || NONE,
      },
      {
        key: 'chapters',
        label: t`Chapters`,
        text: ({ record }) => (record.chapters.length ? String(record.chapters.length) : NONE),
        sortBy: ({ record }) => record.chapters.length,
      },
    ],
    [t, i18n, lang],
  )
  if (editing) {
    return (
      <section aria-label={t`Media`}>
        <MaterialEditorPanel
          materialId={editing.id}
          resumed={editing.id === resumed}
          preset={{ kind: 'video' }}
          onDone={() => setEditing(null)}
        />
      </section>
    )
  }
  return (
    <section aria-labelledby="media-title">
      <h1 id="media-title">
        <Trans>Media</Trans>
      </h1>
      {recordings === undefined ? (
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <EditList
          label={t`Recordings`}
          rows={recordings}
          columns={columns}
          keyOf={({ record }) => record._id}
          initialSort={{ column: 'day', direction: 'desc' }}
          searchAlso={({ record }) =>
            [record.titleSl, record.titleEn, ...record.educators].join(' ')
          }
          toolbar={
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setEditing({ id: null })}
            >
              <Trans>New recording</Trans>
            </button>
          }
          actions={({ record }) => (
            <>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setEditing({ id: record._id })}
              >
                <Trans>Edit</Trans>
              </button>
              <Link className="btn btn-small" to={PLAYER_PATH} search={{ id: record._id }}>
                <Trans>Play</Trans>
              </Link>
            </>
          )}
        />
      )}
    </section>
  )
}
