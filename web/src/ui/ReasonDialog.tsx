// Asks why before a change that must say why (an application declined or withdrawn, a
// certificate revoked or re-issued, a missed day made up otherwise), then makes it. Nothing is
// sent without a reason; the label says who reads it or where it is kept.
import { useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Dialog } from './Dialog'

export function ReasonDialog({
  title,
  confirmLabel,
  reasonLabel,
  maxLength,
  placeholder,
  missingText,
  tone = 'danger',
  onConfirm,
  onClose,
}: {
  title: string
  confirmLabel: string
  /** The field's label: who reads the reason, or where it is kept. */
  reasonLabel: string
  /** The longest reason the server takes (from domain/). */
  maxLength: number
  /** An example of a good reason. */
  placeholder?: string
  /** What to say when the reason is left empty (default: "Give a reason"). */
  missingText?: string
  /** `danger` for a change that takes something away, `primary` for one that records. */
  tone?: 'danger' | 'primary'
  /** Resolves true when the change was made (the dialog then closes). */
  onConfirm: (reason: string) => Promise<boolean>
  onClose: () => void
}) {
  const { t } = useLingui()
  const id = useId()
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!reason.trim()) {
      setMissing(true)
      return
    }
    setBusy(true)
    try {
      if (await onConfirm(reason.trim())) onClose()
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
            className={tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'}
            disabled={busy}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={id}>{reasonLabel}</label>
        <textarea
          id={id}
          name="reason"
          className="input"
          rows={4}
          maxLength={maxLength}
          placeholder={placeholder}
          value={reason}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value)
            setMissing(false)
          }}
        />
        {missing && (
          <span className="field-error" id={`${id}-error`} role="alert">
            {missingText ?? t`Give a reason`}
          </span>
        )}
      </div>
    </Dialog>
  )
}
