// "Keep offline" for a material or a whole segment: keeps its files on this device, says how much
// is kept, and removes the copy. Shown only where the browser can keep copies.
import { Trans, useLingui } from '@lingui/react/macro'
import type { FileRef } from '@lfit/domain/materials/material'
import { formatFileSize } from './file-size'
import { keptBytes, offlineState } from './offline-copies'
import type { OfflineCopies } from './use-offline-copies'

export type OfflineActions = Pick<OfflineCopies, 'available' | 'kept' | 'busy' | 'keep' | 'remove'>

export function KeepOffline({
  id,
  files,
  copies,
  label,
}: {
  /** The material's or segment's key, to show which one is busy. */
  id: string
  files: readonly FileRef[]
  copies: OfflineActions
  /** What is kept, for screen readers: the material's title or the segment's name. */
  label: string
}) {
  const { t, i18n } = useLingui()
  if (!copies.available || files.length === 0 || copies.kept === undefined) return null
  const state = offlineState(files, copies.kept)
  const size = formatFileSize(i18n.locale, keptBytes(files, copies.kept))
  const busy = copies.busy === id
  return (
    <div className="keep-offline" data-offline={state}>
      {state === 'kept' && (
        <span className="keep-offline-state">
          <span aria-hidden="true">✓ </span>
          <Trans>Kept offline ({size})</Trans>
        </span>
      )}
      {state === 'partial' && (
        <span className="keep-offline-state">
          <Trans>Partly kept offline ({size})</Trans>
        </span>
      )}
      {state !== 'kept' && (
        <button
          type="button"
          className="btn btn-small"
          disabled={copies.busy !== null}
          aria-label={t`Keep offline: ${label}`}
          onClick={() => void copies.keep(id, files)}
        >
          {busy ? t`Keeping offline…` : t`Keep offline`}
        </button>
      )}
      {state !== 'none' && (
        <button
          type="button"
          className="btn btn-small btn-text"
          disabled={copies.busy !== null}
          aria-label={t`Remove offline copy: ${label}`}
          onClick={() => void copies.remove(id, files)}
        >
          <Trans>Remove offline copy</Trans>
        </button>
      )}
    </div>
  )
}
