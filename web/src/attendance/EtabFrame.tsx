import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { EtabHelp } from './EtabHelp'
import type { EtabSearch } from './etab-search'

/**
 * The screen's frame; `data-day` or `data-makeup` says which sheet is shown (tests wait on it).
 * A study day's sheet offers its paper (`paper`, the day's address): the sign-in sheet to print.
 */
export function EtabFrame({
  day,
  makeup,
  paper,
  children,
}: {
  day?: string
  makeup?: string
  paper?: EtabSearch
  children: ReactNode
}) {
  return (
    <section className="etab" aria-labelledby="etab-title" data-day={day} data-makeup={makeup}>
      <header className="etab-header">
        <h1 id="etab-title">
          <Trans>Attendance</Trans>
        </h1>
        <div className="etab-header-end">
          {paper && (
            <Link className="btn etab-paper-link" to="/ETAB" search={{ ...paper, print: 'day' }}>
              <Trans>Sign-in sheet to print</Trans>
            </Link>
          )}
          <EtabHelp />
        </div>
      </header>
      {children}
    </section>
  )
}
