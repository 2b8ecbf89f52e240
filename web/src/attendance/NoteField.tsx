import { Trans } from '@lingui/react/macro'

/**
 * A note on one attendance record; saved on Enter or with the button, never on every key. What
 * is typed is a draft, kept on the device (note-drafts.ts) until it is saved or discarded.
 */
export function NoteField({
  label,
  value,
  draft,
  editing,
  focus,
  onDraft,
  onSave,
  onDiscard,
}: {
  label: string
  value: string
  draft: string | undefined
  editing: boolean
  /** Put the cursor in the field (the editor has just opened it). */
  focus: boolean
  onDraft: (text: string) => void
  onSave: (note: string) => Promise<void>
  onDiscard: () => void
}) {
  if (!editing) return <p className="etab-note">{value}</p>
  const text = draft ?? value
  return (
    <form
      className="etab-note-form"
      onSubmit={(event) => {
        event.preventDefault()
        void onSave(text.trim())
      }}
    >
      <input
        aria-label={label}
        value={text}
        maxLength={500}
        onChange={(e) => onDraft(e.target.value)}
        autoFocus={focus}
      />
      <button type="submit">
        <Trans>Save note</Trans>
      </button>
      <button type="button" onClick={onDiscard}>
        {draft === undefined ? <Trans>Close</Trans> : <Trans>Discard</Trans>}
      </button>
      {draft !== undefined && (
        <p className="etab-draft" role="status">
          <Trans>Not saved yet: kept on this tablet until you save or discard it.</Trans>
        </p>
      )}
    </form>
  )
}
