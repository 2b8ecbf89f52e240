// Removing a block asks first: its days leave the timetable on every device. A block whose days
// hold recorded work is refused by the server until the editor decides (RecordedWorkDialog).
import { Trans, useLingui } from '@lingui/react/macro'
import type { BlockRecord } from '@lfit/domain/schedule'
import { formatDayRange } from '../i18n/date-format'
import { Dialog } from '../ui/Dialog'

export function RemoveBlockDialog({
  block,
  busy,
  failure,
  onRemove,
  onClose,
}: {
  block: BlockRecord
  busy: boolean
  failure: string
  onRemove: () => void
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const dates = formatDayRange(i18n.locale, block.from, block.to)
  return (
    <Dialog
      open
      title={t`Remove the block?`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-text" onClick={onClose}>
            <Trans>Keep it</Trans>
          </button>
          <button type="button" className="btn btn-danger" disabled={busy} onClick={onRemove}>
            <Trans>Remove the block</Trans>
          </button>
        </>
      }
    >
      <p>
        <Trans>
          {block.headerName}, {dates}: its days leave the timetable on every device. The history
          keeps the change, and it can be undone.
        </Trans>
      </p>
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
    </Dialog>
  )
}
