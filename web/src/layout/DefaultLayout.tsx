// The default layout: the app bar (site title, menu filtered by roles, quick links, connection
// and sync state, language, user menu), a notice when a new version is ready, and the page.
import { useState, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../session/session'
import { SITE_SHORT_TITLE, SITE_TITLE } from '../app/route-titles'
import { useNewBuild } from '../pwa/updates'
import { ActingBanner } from './ActingBanner'
import { ConnectionStatus } from './ConnectionStatus'
import { LanguageSwitcher } from './LanguageSwitcher'
import { NavDrawer } from './NavDrawer'
import { QuickLinks } from './QuickLinks'
import { SignInBanner } from './SignInBanner'
import { UserMenu } from './UserMenu'
import './layout.css'

export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  const { user } = useSession()
  const [menuOpen, setMenuOpen] = useState(false)
  const newBuild = useNewBuild()
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="app-bar">
        <button
          type="button"
          className="app-bar-menu"
          aria-expanded={menuOpen}
          aria-controls="nav-drawer"
          onClick={() => setMenuOpen(true)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{t`Menu`}</span>
        </button>
        {/* A phone has room for the short name only; the link's name is the full one. */}
        <Link to="/" className="site-title" aria-label={SITE_TITLE}>
          <span className="site-title-full">{SITE_TITLE}</span>
          <span className="site-title-short">{SITE_SHORT_TITLE}</span>
        </Link>
        <QuickLinks user={user} />
        <div className="app-bar-end">
          <ConnectionStatus />
          <LanguageSwitcher />
          <UserMenu />
        </div>
      </header>
      <NavDrawer id="nav-drawer" open={menuOpen} onClose={() => setMenuOpen(false)} />
      <ActingBanner />
      <SignInBanner />
      {newBuild && (
        <p className="update-notice" role="status" data-new-build={newBuild.id}>
          <Trans>A new version of the app is ready. It loads when you open the next page.</Trans>
        </p>
      )}
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
