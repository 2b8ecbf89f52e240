// Creating, editing and deleting one library item (a book, an article, a recording): author,
// title, year, language, tags, files or where a copy is kept, and notes.
import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  emptyLibraryItem,
  LIBRARY_ITEM_KINDS,
  libraryItemFieldsSchema,
  TITLE_MAX_LENGTH,
  type LibraryItemKind,
  type LibraryItemRecord,
} from '@lfit/domain/materials/material'
import { EditForm } from '../editing/EditForm'
import { RadioField, RichTextField, WordsField } from '../editing/fields'
import { uploadScope } from '../editing/pending-uploads'
import { UploadField, type UploadsState } from '../editing/UploadField'
import { useDraft, useRecordEditing } from '../editing/useEditing'
import { TextField } from '../ui/fields'
import { libraryProblems, preparedLibraryItem, yearOf, type LibraryProblem } from './library-draft'

export function libraryKindName(i18n: I18n, kind: LibraryItemKind): string {
  switch (kind) {
    case 'book':
      return i18n._(msg`Book`)
    case 'article':
      return i18n._(msg`Article`)
    case 'recording':
      return i18n._(msg`Recording`)
    case 'other':
      return i18n._(msg`Other`)
  }
}

function problemText(i18n: I18n, problem: LibraryProblem | undefined): string | undefined {
  if (problem === 'titleMissing') return i18n._(msg`Enter the title.`)
  if (problem === 'yearInvalid')
    return i18n._(msg`Enter the year of publication as four digits, or leave it empty.`)
  return undefined
}

export function LibraryItemEditor({
  before,
  newId,
  tagNames,
  onDone,
}: {
  /** The item to edit, or null for a new one. */
  before: LibraryItemRecord | null
  /** A new item's id, when its form opens again for uploads a reload cut (pending-uploads.ts). */
  newId?: string
  /** Tags used on other items, offered while typing. */
  tagNames: readonly string[]
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const [initial] = useState(() => before ?? emptyLibraryItem(newId ?? crypto.randomUUID()))
  const { draft, dirty, change, saved } = useDraft<LibraryItemRecord>(initial)
  const editing = useRecordEditing<LibraryItemRecord>('library', libraryItemFieldsSchema)
  const [yearText, setYearText] = useState(initial.year ? String(initial.year) : '')
  const [checked, setChecked] = useState(false)
  const [uploads, setUploads] = useState<UploadsState>({ busy: false, unfinished: [] })
  const thisYear = new Date().getFullYear()
  const problems = checked ? libraryProblems(draft, thisYear) : {}

  const save = async () => {
    const prepared = preparedLibraryItem(draft)
    if (Object.keys(libraryProblems(prepared, thisYear)).length > 0) return setChecked(true)
    if (await editing.save(before, prepared)) {
      saved()
      onDone()
    }
  }
  return (
    <EditForm
      title={before ? t`Edit library item` : t`New library item`}
      dirty={dirty}
      waiting={uploads.busy}
      unfinished={uploads.unfinished}
      onSave={save}
      onCancel={onDone}
      deleteQuestion={t`Delete "${draft.title}" from the library for everyone?`}
      {...(before && {
        onDelete: async () => {
          await editing.remove(before._id)
          saved()
          onDone()
        },
      })}
    >
      <RadioField
        label={t`Kind`}
        name="kind"
        value={draft.kind}
        options={LIBRARY_ITEM_KINDS.map((kind) => ({
          value: kind,
          label: libraryKindName(i18n, kind),
        }))}
        onChange={(kind) => change({ kind: kind as LibraryItemKind })}
      />
      <div className="edit-pair">
        <TextField
          label={t`Title`}
          name="title"
          value={draft.title}
          maxLength={TITLE_MAX_LENGTH}
          error={problemText(i18n, problems.title)}
          onChange={(event) => change({ title: event.target.value })}
        />
        <TextField
          label={t`Author`}
          name="author"
          value={draft.author}
          maxLength={TITLE_MAX_LENGTH}
          onChange={(event) => change({ author: event.target.value })}
        />
        <TextField
          label={t`Year of publication`}
          name="year"
          inputMode="numeric"
          value={yearText}
          error={problemText(i18n, problems.year)}
          onChange={(event) => {
            setYearText(event.target.value)
            change({ year: yearOf(event.target.value) })
          }}
        />
        <TextField
          label={t`Language`}
          name="language"
          value={draft.language}
          maxLength={40}
          help={t`For example sl, en or de.`}
          onChange={(event) => change({ language: event.target.value })}
        />
      </div>
      <WordsField
        label={t`Tags`}
        name="tags"
        values={draft.tags}
        suggestions={tagNames}
        help={t`Separated by commas.`}
        onChange={(tags) => change({ tags })}
      />
      <UploadField
        label={t`Files`}
        files={draft.files}
        scope={uploadScope('library', draft._id)}
        onState={setUploads}
        onChange={(files) => change({ files })}
      />
      <TextField
        label={t`Where a copy is kept`}
        name="location"
        value={draft.location}
        maxLength={200}
        help={t`A shelf or a room, for a printed copy or a disc.`}
        onChange={(event) => change({ location: event.target.value })}
      />
      <RichTextField
        label={t`Notes`}
        initialHtml={draft.notes}
        onChange={(notes) => change({ notes })}
      />
    </EditForm>
  )
}
