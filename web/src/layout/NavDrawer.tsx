// The menu: every page this user may open, grouped, in a drawer from the side.
import { useEffect, useRef } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useLingui as useLinguiRuntime } from '@lingui/react'
import type { RouteDef } from '@lfit/domain/access/routes'
import { routeTitle } from '../app/route-titles'
import { useSession } from '../session/session'
import { navGroups } from './navigation'

export function RouteLink({ path, onClick }: { path: string; onClick?: () => void }) {
  const { i18n } = useLinguiRuntime()
  const title = routeTitle(path)
  return (
    <Link to={path} onClick={onClick} activeProps={{ 'aria-current': 'page' }}>
      {title ? i18n._(title) : path}
    </Link>
  )
}

function Group({
  label,
  routes,
  onNavigate,
}: {
  label: string
  routes: RouteDef[]
  onNavigate: () => void
}) {
  if (routes.length === 0) return null
  return (
    <section>
      <h2>{label}</h2>
      <ul>
        {routes.map((route) => (
          <li key={route.path}>
            <RouteLink path={route.path} onClick={onNavigate} />
          </li>
        ))}
      </ul>
    </section>
  )
}

export function NavDrawer({
  id,
  open,
  onClose,
}: {
  id: string
  open: boolean
  onClose: () => void
}) {
  const { t } = useLingui()
  const { user } = useSession()
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (open && dialog && !dialog.open) dialog.showModal()
    if (!open && dialog?.open) dialog.close()
  }, [open])
  const groups = navGroups(user)
  return (
    <dialog
      ref={ref}
      id={id}
      className="nav-drawer"
      aria-label={t`Menu`}
      onClose={onClose}
      onClick={(event) => event.target === ref.current && onClose()}
    >
      <nav aria-label={t`All pages`}>
        <div className="nav-drawer-head">
          <Link to="/" onClick={onClose}>
            <Trans>Home</Trans>
          </Link>
          <button type="button" className="btn btn-text" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
        <Group label={t`My pages`} routes={groups.work} onNavigate={onClose} />
        <Group label={t`The programme`} routes={groups.programme} onNavigate={onClose} />
        <Group label={t`Print and certificates`} routes={groups.print} onNavigate={onClose} />
      </nav>
    </dialog>
  )
}
