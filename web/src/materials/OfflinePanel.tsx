// What this device keeps offline: the material whose files are kept, the space they take, the
// device's storage used and allowed, and a way to remove each copy.
import { Trans, useLingui } from '@lingui/react/macro'
import type { MaterialRecord } from '@lfit/domain/materials/material'
import { materialTitle } from '@lfit/domain/materials/lists'
import { formatFileSize } from './file-size'
import { keptBytes, offlineState } from './offline-copies'
import type { OfflineCopies } from './use-offline-copies'
import { readingLanguage } from './MaterialCard'

export function OfflinePanel({
  materials,
  copies,
}: {
  materials: readonly MaterialRecord[]
  copies: Pick<OfflineCopies, 'available' | 'kept' | 'storage' | 'busy' | 'remove'>
}) {
  const { t, i18n } = useLingui()
  const { kept } = copies
  if (!copies.available || kept === undefined) return null
  const lang = readingLanguage(i18n.locale)
  const held = materials.filter((m) => !m.deleted && offlineState(m.files, kept) !== 'none')
  const total = formatFileSize(
    i18n.locale,
    keptBytes(
      held.flatMap((m) => m.files),
      kept,
    ),
  )
  const used = copies.storage && formatFileSize(i18n.locale, copies.storage.usage)
  const allowed = copies.storage && formatFileSize(i18n.locale, copies.storage.quota)
  return (
    <section className="offline-panel card" aria-labelledby="offline-panel-title">
      <h2 id="offline-panel-title">
        <Trans>Kept on this device</Trans>
      </h2>
      {held.length === 0 ? (
        <p data-kept="none">
          <Trans>
            Nothing is kept offline yet. “Keep offline” on a material or a segment stores its files
            on this device, so they open without a connection.
          </Trans>
        </p>
      ) : (
        <>
          <p data-kept-bytes={total}>
            <Trans>Material files kept offline: {total}.</Trans>
          </p>
          <ul className="offline-kept">
            {held.map((m) => {
              const label = materialTitle(m, lang) || t`Untitled material`
              return (
                <li key={m._id} data-kept={m._id}>
                  <span>
                    {label}{' '}
                    <span className="muted">
                      {formatFileSize(i18n.locale, keptBytes(m.files, kept))}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="btn btn-small btn-text"
                    disabled={copies.busy !== null}
                    aria-label={t`Remove offline copy: ${label}`}
                    onClick={() => void copies.remove(m._id, m.files)}
                  >
                    <Trans>Remove offline copy</Trans>
                  </button>
                </li>
              )
            })}
          </ul>
        </>
      )}
      {used && allowed && (
        <p className="muted" data-storage>
          <Trans>
            This app uses {used} of the {allowed} the browser allows it on this device.
          </Trans>
        </p>
      )}
    </section>
  )
}
