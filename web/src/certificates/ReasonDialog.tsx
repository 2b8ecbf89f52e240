// Asks why a certificate is revoked or re-issued (required), then does it.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { MAX_REVOKE_REASON } from '@lfit/domain/certificates/record'
import { Dialog } from '../ui/Dialog'

export function ReasonDialog({
  title,
  action,
  onDone,
  onCancel,
}: {
  title: string
  action: string
  /** Resolves true when done (the dialog closes), false to keep it open. */
  onDone: (reason: string) => Promise<boolean>
  onCancel: () => void
}) {
  const { t } = useLingui()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    setBusy(true)
    const done = await onDone(reason.trim())
    setBusy(false)
    if (done) onCancel()
  }
  return (
    <Dialog
      open
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || reason.trim() === ''}
            onClick={() => void submit()}
          >
            {action}
          </button>
        </>
      }
    >
      <label className="field">
        <span>{t`Reason (required; kept with the certificate)`}</span>
        <textarea
          value={reason}
          maxLength={MAX_REVOKE_REASON}
          rows={3}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
    </Dialog>
  )
}
