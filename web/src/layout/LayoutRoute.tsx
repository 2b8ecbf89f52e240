// The layout route: picks the default or minimal layout, sets the page title from the route
// table, and shows "no access" instead of the screen when the user lacks the route's role.
import { useSyncExternalStore } from 'react'
import { Outlet, useMatches } from '@tanstack/react-router'
import { useLingui } from '@lingui/react'
import { findRoute, routeAccess, type Layout } from '@lfit/domain/access/routes'
import { routeTitle } from '../app/route-titles'
import { NoAccessPage } from '../errors/NoAccessPage'
import { useSession } from '../session/session'
import { DefaultLayout } from './DefaultLayout'
import { MinimalLayout } from './MinimalLayout'
import { contentSlug } from '../content/page-names'
import { contentPageSummary, loadedPage, onPageLoaded } from '../content/page-text'
import { usePageMeta } from './page-title'

export function LayoutRoute({ layout }: { layout: Layout }) {
  const { i18n } = useLingui()
  const { user } = useSession()
  // The path of the screen the Outlet renders now. (During a navigation the address already
  // shows the next path while the previous screen is still on display: deciding access by the
  // address would let a screen the user may not open render for a moment and fetch its data.)
  const pathname = useMatches({ select: (matches) => matches[matches.length - 1]?.pathname ?? '/' })
  const route = findRoute(pathname)
  const descriptor = route ? routeTitle(route.path) : undefined
  const title = descriptor ? i18n._(descriptor) : null
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  // A content page's own title and description, as its editors wrote them ('/' is the home
  // page), once its text has loaded.
  const slug = contentSlug(pathname)
  useSyncExternalStore(
    onPageLoaded,
    () => loadedPage(slug),
    () => loadedPage(slug),
  )
  const page = contentPageSummary(slug, lang)
  usePageMeta({
    title: pathname === '/' ? title : (page?.title ?? title),
    description: page?.description,
    pathname,
    lang,
  })
  const access = routeAccess(user, pathname)
  // data-route and data-access tell tests (and styles) which route is on screen and why.
  const content = (
    <div className="route" data-route={route?.path} data-access={access}>
      {access === 'forbidden' ? <NoAccessPage title={title ?? ''} /> : <Outlet />}
    </div>
  )
  return layout === 'minimal' ? (
    <MinimalLayout>{content}</MinimalLayout>
  ) : (
    <DefaultLayout>{content}</DefaultLayout>
  )
}
