import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'

/** Short instructions for the studio tablet, in a native dialog (focus trap and Esc for free). */
export function EtabHelp() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="etab-help-button"
        onClick={() => setOpen(true)}
        aria-label={t`Instructions`}
      >
        ?
      </button>
      {open && (
        <dialog
          open
          className="etab-help"
          aria-labelledby="etab-help-title"
          onClose={() => setOpen(false)}
        >
          <h2 id="etab-help-title">
            <Trans>How to mark attendance</Trans>
          </h2>
          <ul>
            <li>
              <Trans>Tap a name once for present, again for absent, a third time to clear.</Trans>
            </li>
            <li>
              <Trans>Use Late and Excused for those cases; tap again to clear.</Trans>
            </li>
            <li>
              <Trans>
                Everything is saved on this tablet at once and works without network; it is sent to
                the server when the tablet is online. The counter in the top bar shows what is still
                waiting.
              </Trans>
            </li>
          </ul>
          <button type="button" onClick={() => setOpen(false)}>
            <Trans>Close</Trans>
          </button>
        </dialog>
      )}
    </>
  )
}
