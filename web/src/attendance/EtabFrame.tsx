import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { EtabHelp } from './EtabHelp'

/** The screen's frame; `data-day` or `data-makeup` says which sheet is shown (tests wait on it). */
export function EtabFrame({
  day,
  makeup,
  children,
}: {
  day?: string
  makeup?: string
  children: ReactNode
}) {
  return (
    <section className="etab" aria-labelledby="etab-title" data-day={day} data-makeup={makeup}>
      <header className="etab-header">
        <h1 id="etab-title">
          <Trans>Attendance</Trans>
        </h1>
        <EtabHelp />
      </header>
      {children}
    </section>
  )
}
