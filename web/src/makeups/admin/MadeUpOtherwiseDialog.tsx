// Records that a participant made up a missed day without a session (for example by studying the
// day's recordings): the note saying how is required, it is the only trace of it.
import { useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { NOTE_MAX_LENGTH } from '@lfit/domain/records/attendance'
import { Dialog } from '../../ui/Dialog'

export function MadeUpOtherwiseDialog({
  title,
  onConfirm,
  onClose,
}: {
  title: string
  /** Resolves true when it was recorded (the dialog then closes). */
  onConfirm: (note: string) => Promise<boolean>
  onClose: () => void
}) {
  const { t } = useLingui()
  const id = useId()
  const [note, setNote] = useState('')
  const [missing, setMissing] = useState(false)
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!note.trim()) {
      setMissing(true)
      return
    }
    setBusy(true)
    try {
      if (await onConfirm(note.trim())) onClose()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-text" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void confirm()}
          >
            <Trans>Record as made up</Trans>
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={id}>
          <Trans>How was the day made up? (required)</Trans>
        </label>
        <textarea
          id={id}
          name="note"
          className="input"
          rows={4}
          maxLength={NOTE_MAX_LENGTH}
          placeholder={t`e.g. studied the day's recordings and handed in a summary`}
          value={note}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          onChange={(event) => {
            setNote(event.target.value)
            setMissing(false)
          }}
        />
        {missing && (
          <span className="field-error" id={`${id}-error`} role="alert">
            {t`Say how the day was made up`}
          </span>
        )}
      </div>
    </Dialog>
  )
}
