// /noTrack: this browser stops sending visit statistics, for good.
import { useEffect } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { ContentPage } from '../content/ContentPage'
import { turnTrackingOff } from '../analytics/tracking'

export default function NoTrackScreen() {
  const { i18n } = useLingui()
  useEffect(turnTrackingOff, [])
  return (
    <section data-tracking="off">
      <ContentPage slug="notrack" lang={i18n.locale === 'sl' ? 'sl' : 'en'} />
      <p className="alert alert-success">
        <Trans>
          This browser will no longer send anonymous visit statistics to this site. The setting is
          kept in this browser only.
        </Trans>
      </p>
    </section>
  )
}
