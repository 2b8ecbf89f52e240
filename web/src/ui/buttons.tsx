// Shared buttons: a confirm button (asks before acting), a delete button (a confirm button for
// deleting), a copy-to-clipboard button and a help button with its dialog.
import { useState, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Dialog } from './Dialog'
import { useSnackbar } from './Snackbar'

export function ConfirmButton({
  children,
  question,
  confirmLabel,
  onConfirm,
  className = 'btn',
  disabled,
}: {
  children: ReactNode
  /** What the dialog asks, for example "Delete user ana@…?" */
  question: string
  confirmLabel?: string
  onConfirm: () => void | Promise<void>
  className?: string
  disabled?: boolean
}) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
      setOpen(false)
    }
  }
  return (
    <>
      <button type="button" className={className} disabled={disabled} onClick={() => setOpen(true)}>
        {children}
      </button>
      <Dialog
        open={open}
        title={t`Please confirm`}
        onClose={() => setOpen(false)}
        actions={
          <>
            <button type="button" className="btn btn-text" onClick={() => setOpen(false)}>
              {t`Cancel`}
            </button>
            <button
              type="button"
              className={className.includes('btn-danger') ? 'btn btn-danger' : 'btn btn-primary'}
              disabled={busy}
              onClick={() => void confirm()}
            >
              {confirmLabel ?? t`Confirm`}
            </button>
          </>
        }
      >
        <p>{question}</p>
      </Dialog>
    </>
  )
}

export function DeleteButton({
  question,
  onDelete,
  label,
  small,
}: {
  question: string
  onDelete: () => void | Promise<void>
  label?: string
  small?: boolean
}) {
  const { t } = useLingui()
  return (
    <ConfirmButton
      className={`btn btn-danger${small ? ' btn-small' : ''}`}
      question={question}
      confirmLabel={t`Delete`}
      onConfirm={onDelete}
    >
      {label ?? t`Delete`}
    </ConfirmButton>
  )
}

export function CopyToClipboard({ text, label }: { text: string; label?: string }) {
  const { t } = useLingui()
  const snackbar = useSnackbar()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      snackbar.show(t`Copied to the clipboard`)
    } catch {
      snackbar.show(t`Could not copy; select the text and copy it by hand`, 'error')
    }
  }
  return (
    <button type="button" className="btn btn-small" onClick={() => void copy()}>
      {label ?? t`Copy`}
    </button>
  )
}

export function HelpButton({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="btn btn-text btn-small"
        aria-label={t`Help: ${title}`}
        onClick={() => setOpen(true)}
      >
        ?
      </button>
      <Dialog
        open={open}
        title={title}
        onClose={() => setOpen(false)}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setOpen(false)}>
            {t`Close`}
          </button>
        }
      >
        {children}
      </Dialog>
    </>
  )
}
