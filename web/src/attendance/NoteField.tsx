import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { useHoldUpdates } from '../pwa/updates'

/** A note on one attendance record; saved on Enter or with the button, never on every key. */
export function NoteField({
  label,
  value,
  editing,
  onSave,
}: {
  label: string
  value: string
  editing: boolean
  onSave: (note: string) => Promise<void>
}) {
  const [draft, setDraft] = useState(value)
  useHoldUpdates(editing && draft.trim() !== value)
  if (!editing) return <p className="etab-note">{value}</p>
  return (
    <form
      className="etab-note-form"
      onSubmit={(event) => {
        event.preventDefault()
        void onSave(draft.trim())
      }}
    >
      <input
        aria-label={label}
        value={draft}
        maxLength={500}
        onChange={(e) => setDraft(e.target.value)}
        autoFocus
      />
      <button type="submit">
        <Trans>Save note</Trans>
      </button>
    </form>
  )
}
