// The home page's offer to install the app, where the browser allows it: a button that opens the
// browser's install dialog, or on an iPhone or iPad a short note on the Share menu that can be
// dismissed. Nothing once the app is installed or runs installed.
import { Trans } from '@lingui/react/macro'
import { dismissInstallNote, installApp, useInstallOffer } from './install'
import './install.css'

export function InstallHint() {
  const offer = useInstallOffer()
  if (offer === 'button') {
    return (
      <p className="install-hint" data-offer="button">
        <button type="button" className="btn btn-primary" onClick={() => void installApp()}>
          <Trans>Install app</Trans>
        </button>
        <span className="muted">
          <Trans>It opens from your home screen and works without a network.</Trans>
        </span>
      </p>
    )
  }
  if (offer === 'appleNote') {
    return (
      <div className="install-hint card" data-offer="appleNote" role="note">
        <p>
          <Trans>
            Install the app on this iPhone or iPad: tap the Share button, then “Add to Home Screen”.
          </Trans>
        </p>
        <button type="button" className="btn btn-text" onClick={dismissInstallNote}>
          <Trans>Don’t show again</Trans>
        </button>
      </div>
    )
  }
  return null
}
