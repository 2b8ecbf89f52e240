// The placeholder of a screen that a later issue builds: the route exists, its roles are
// enforced, and the visitor learns what the page will hold.
import { useLocation } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { findRoute } from '@lfit/domain/access/routes'
import { routeTitle } from '../app/route-titles'

export default function ComingSoon() {
  const { i18n } = useLingui()
  const pathname = useLocation({ select: (location) => location.pathname })
  const route = findRoute(pathname)
  const descriptor = route && routeTitle(route.path)
  const title = descriptor ? i18n._(descriptor) : pathname
  return (
    <section className="coming-soon" data-placeholder={route?.path}>
      <h1>{title}</h1>
      <p className="alert alert-info">
        <Trans>This page is coming soon.</Trans>
      </p>
    </section>
  )
}
