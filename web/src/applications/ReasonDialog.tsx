// Asks for the reason of a decline or a withdrawal: the person reads it in their e-mail, and the
// application's history keeps it. Nothing is sent without one.
import { useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { MAX_REASON_LENGTH } from '@lfit/domain/people/enrolment'
import { Dialog } from '../ui/Dialog'

export function ReasonDialog({
  title,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string
  confirmLabel: string
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
            className="btn btn-danger"
            disabled={busy}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={id}>
          <Trans>Reason (the person reads it in their e-mail)</Trans>
        </label>
        <textarea
          id={id}
          name="reason"
          className="input"
          rows={4}
          maxLength={MAX_REASON_LENGTH}
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
            {t`Give a reason`}
          </span>
        )}
      </div>
    </Dialog>
  )
}
