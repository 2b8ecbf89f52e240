// The frame of every editor form: its heading, its fields, and Save, Cancel and Delete kept in
// reach at the bottom of a long form. Unsaved changes hold an app update; Save waits while a file
// is still uploading, and a file stopped or refused on its way stops the save with a plain word
// (the record would otherwise be saved without it, docs/0041-uploads-resume-by-themselves.md).
import { useState, type FormEvent, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useHoldUpdates } from '../pwa/updates'
import { DeleteButton } from '../ui/buttons'
import './editing.css'

export function EditForm({
  title,
  children,
  dirty,
  waiting,
  unfinished = [],
  error,
  onSave,
  onCancel,
  deleteQuestion,
  onDelete,
}: {
  title: string
  children: ReactNode
  /** Whether the form holds changes not yet saved. */
  dirty: boolean
  /** Whether saving must wait (an upload is under way). */
  waiting?: boolean
  /** The files not uploaded yet: while there are any, the form is not saved. */
  unfinished?: readonly string[]
  /** Why the last save was refused, in the UI language. */
  error?: string | null
  onSave: () => Promise<void>
  onCancel: () => void
  /** Shown for an existing record: what the delete dialog asks. */
  deleteQuestion?: string
  onDelete?: () => Promise<void>
}) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const [refused, setRefused] = useState(false)
  useHoldUpdates(dirty)
  const names = unfinished.join(', ')
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setRefused(unfinished.length > 0)
    if (unfinished.length > 0) return
    setBusy(true)
    try {
      await onSave()
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="edit-form card" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{title}</h2>
      {children}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {refused && unfinished.length > 0 && (
        <p className="alert" role="alert" data-unfinished-uploads>
          {t`Not saved: a file is still uploading (${names}), and the record would be saved without it. Resume or cancel its upload, then save.`}
        </p>
      )}
      <div className="edit-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || waiting}>
          {waiting ? t`Waiting for the upload…` : t`Save`}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        {onDelete && deleteQuestion && (
          <DeleteButton question={deleteQuestion} onDelete={onDelete} />
        )}
      </div>
    </form>
  )
}
