// A registrar's note on one sign-up: shown as text, edited in place, saved with a button.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { SIGNUP_NOTE_MAX_LENGTH } from '@lfit/domain/records/signups'

export function NoteEditor({
  note,
  onSave,
}: {
  note: string | undefined
  onSave: (note: string) => Promise<boolean>
}) {
  const { t } = useLingui()
  const [draft, setDraft] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (draft === null) {
    return (
      <div className="note-view">
        {note && <span className="note-text">{note}</span>}
        <button type="button" className="btn btn-small" onClick={() => setDraft(note ?? '')}>
          {note ? <Trans>Edit note</Trans> : <Trans>Add note</Trans>}
        </button>
      </div>
    )
  }
  const save = async () => {
    setBusy(true)
    const saved = await onSave(draft)
    setBusy(false)
    if (saved) setDraft(null)
  }
  return (
    <div className="note-edit">
      <textarea
        aria-label={t`Note`}
        name="note"
        rows={2}
        maxLength={SIGNUP_NOTE_MAX_LENGTH}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="btn-row">
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={busy}
          onClick={() => void save()}
        >
          <Trans>Save note</Trans>
        </button>
        <button type="button" className="btn btn-small" onClick={() => setDraft(null)}>
          <Trans>Cancel editing</Trans>
        </button>
      </div>
    </div>
  )
}
