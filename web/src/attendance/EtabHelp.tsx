import { memo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'

/**
 * Short instructions for the studio tablet, in a native dialog (focus trap and Esc for free).
 * Memoized: a tap on /ETAB does not re-render it.
 */
export const EtabHelp = memo(function EtabHelp() {
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
              <Trans>
                Tap a name for present; tap it again for absent, and again for present. A tap never
                removes a mark: use Clear for that.
              </Trans>
            </li>
            <li>
              <Trans>
                Late and Excused have their own buttons; pressing one again goes back to present
                (Late) or absent (Excused).
              </Trans>
            </li>
            <li>
              <Trans>
                Someone with an absence recorded for the day shows as absent (or excused) with its
                reason, until you mark them.
              </Trans>
            </li>
            <li>
              <Trans>
                “Mark … as present” marks everyone not yet marked; Undo reverts your last change
                (also that one).
              </Trans>
            </li>
            <li>
              <Trans>
                A note you type stays on this tablet, even when you go to another person or day,
                until you save or discard it.
              </Trans>
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
})
