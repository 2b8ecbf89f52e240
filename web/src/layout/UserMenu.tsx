// The user menu: log in / register for visitors; for a logged-in user their name, account pages,
// the change-user menu (acting with fewer roles, or as another user, for admins; docs/0045) and
// log out.
import { useEffect, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { canVisit } from '@lfit/domain/access/routes'
import { roleNames } from '../auth/role-names'
import { installApp, useInstallOffer } from '../pwa/install'
import { actWithRoles, switchActing, useSession } from '../session/session'

export function displayName(user: { firstName?: string; lastName?: string; username: string }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return name || user.username
}

export function UserMenu() {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const installOffer = useInstallOffer()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false)
      }
    }
    document.addEventListener('pointerdown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('pointerdown', close)
      document.removeEventListener('keydown', close)
    }
  }, [open])

  if (!user) {
    return (
      <div className="user-menu">
        <Link to="/auth/login" className="btn btn-secondary">
          <Trans>Log in</Trans>
        </Link>
      </div>
    )
  }
  const acting = user.allRoles && user.allRoles.length !== user.roles.length
  const name = displayName(user)
  const close = () => setOpen(false)
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t`${displayName(user)}: user menu`}
        onClick={() => setOpen(!open)}
      >
        {/* The initial is drawn by CSS: as text it would read as part of the name ("DDemo"). */}
        <span
          className="avatar"
          aria-hidden="true"
          data-initial={displayName(user).slice(0, 1).toUpperCase()}
        />
        <span className="user-menu-name">{displayName(user)}</span>
      </button>
      {open && (
        <div className="user-menu-list" role="menu">
          <p className="user-menu-who">
            <strong>{displayName(user)}</strong>
            <br />
            <span className="muted">{user.username}</span>
            <br />
            <span className="muted" data-testid="session-roles">
              {roleNames(i18n, user.roles) || t`no roles`}
              {acting ? ` (${t`acting`})` : ''}
            </span>
          </p>
          {canVisit(user, '/mojRacun') && (
            <Link role="menuitem" to="/mojRacun" onClick={close}>
              <Trans>My account</Trans>
            </Link>
          )}
          {user.actor ? (
            // Home first, a page everyone may open, then the admin is themself again (docs/0045).
            <Link
              role="menuitem"
              to="/"
              onClick={() => {
                close()
                void switchActing('stopActing').catch((error: unknown) => console.error(error))
              }}
            >
              <Trans>End acting as {name}</Trans>
            </Link>
          ) : (
            <Link role="menuitem" to="/auth/password" onClick={close}>
              <Trans>Change password</Trans>
            </Link>
          )}
          {acting && (
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                close()
                void actWithRoles([]).catch((error: unknown) => console.error(error))
              }}
            >
              <Trans>Restore all roles</Trans>
            </button>
          )}
          {canVisit(user, '/auth/selectMyRoles') && (
            <Link role="menuitem" to="/auth/selectMyRoles" onClick={close}>
              <Trans>Act with roles</Trans>
            </Link>
          )}
          {canVisit(user, '/auth/users') && (
            <Link role="menuitem" to="/auth/users" onClick={close}>
              <Trans>Users</Trans>
            </Link>
          )}

          {installOffer === 'button' && (
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                close()
                void installApp()
              }}
            >
              <Trans>Install app</Trans>
            </button>
          )}
          <Link role="menuitem" to="/auth/logout" onClick={close}>
            <Trans>Log out</Trans>
          </Link>
        </div>
      )}
    </div>
  )
}
