// Creating, editing and deleting one material, for editors (loaded on demand by
// MaterialEditorPanel.tsx). The edit is saved on this device and synced
// like a mark (offline too); what the server refuses comes back as a sync notice.
import { useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  emptyMaterial,
  materialFieldsSchema,
  type MaterialRecord,
} from '@lfit/domain/materials/material'
import { EditForm } from '../../editing/EditForm'
import type { UploadsState } from '../../editing/UploadField'
import { useEditableMaterials } from '../../editing/hooks'
import { useDraft, useRecordEditing } from '../../editing/useEditing'
import { useOffline } from '../../offline/context'
import { materialProblems, preparedMaterial } from './material-draft'
import { editorTitle } from './material-words'
import { MaterialForm } from './MaterialForm'

export interface MaterialEditorProps {
  /** The material to edit, or null for a new one. */
  materialId: string | null
  /** Called after a save, a delete or a cancel. */
  onDone: () => void
  /** A new material's starting fields (project material starts with its project). */
  preset?: Partial<MaterialRecord>
  /**
   * `materialId` may name a new material not saved yet, whose form a reload closed while it was
   * uploading: it opens again as that new material and its uploads go on (pending-uploads.ts).
   */
  resumed?: boolean
}

export default function MaterialEditorLoaded({
  materialId,
  onDone,
  preset,
  resumed,
}: MaterialEditorProps) {
  const { db } = useOffline()
  const shown = useEditableMaterials(db)
  const educatorNames = useMemo(
    () => [...new Set((shown ?? []).flatMap(({ record }) => record.educators))].sort(),
    [shown],
  )
  if (shown === undefined)
    return (
      <p className="muted" role="status">
        <Trans>Loading…</Trans>
      </p>
    )
  const before = materialId
    ? (shown.find(({ record }) => record._id === materialId)?.record ?? null)
    : null
  if (materialId && !before && !resumed)
    return (
      <div className="card">
        <p role="alert">
          <Trans>This material is not on this device any more; someone may have deleted it.</Trans>
        </p>
        <button type="button" className="btn" onClick={onDone}>
          <Trans>Back to the list</Trans>
        </button>
      </div>
    )
  return (
    <MaterialEditor
      key={materialId ?? 'new'}
      before={before}
      preset={preset}
      {...(!before && materialId && { newId: materialId })}
      educatorNames={educatorNames}
      onDone={onDone}
    />
  )
}

function MaterialEditor({
  before,
  newId,
  preset,
  educatorNames,
  onDone,
}: {
  before: MaterialRecord | null
  /** A new material's id, when its form opens again for uploads a reload cut. */
  newId?: string
  preset: Partial<MaterialRecord> | undefined
  educatorNames: readonly string[]
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const [initial] = useState(
    () => before ?? { ...emptyMaterial(newId ?? crypto.randomUUID()), ...preset },
  )
  const { draft, dirty, change, saved } = useDraft<MaterialRecord>(initial)
  const editing = useRecordEditing<MaterialRecord>('materials', materialFieldsSchema)
  const [checked, setChecked] = useState(false)
  const [uploading, setUploading] = useState(false)
  const [uploads, setUploads] = useState<UploadsState>({ busy: false, unfinished: [] })
  const problems = checked ? materialProblems(draft) : {}

  const save = async () => {
    const prepared = preparedMaterial(draft)
    if (Object.keys(materialProblems(prepared)).length > 0) return setChecked(true)
    if (await editing.save(before, prepared)) {
      saved()
      onDone()
    }
  }
  const title = editorTitle(i18n, draft, before === null)
  const name = draft.titleSl || draft.titleEn
  return (
    <EditForm
      title={title}
      dirty={dirty}
      waiting={uploading || uploads.busy}
      unfinished={uploads.unfinished}
      error={checked && Object.keys(problems).length > 0 ? t`Check the marked fields.` : null}
      onSave={save}
      onCancel={onDone}
      deleteQuestion={t`Delete the material "${name}" for everyone?`}
      {...(before && {
        onDelete: async () => {
          await editing.remove(before._id)
          saved()
          onDone()
        },
      })}
    >
      <MaterialForm
        draft={draft}
        change={change}
        problems={problems}
        educatorNames={educatorNames}
        onUploading={setUploading}
        onUploads={setUploads}
      />
    </EditForm>
  )
}
