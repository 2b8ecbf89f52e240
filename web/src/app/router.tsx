// The router, generated from the domain route table: one route per table entry under its layout.
// One guard for all of them (the domain's routeAccess): a visitor on a protected route goes to
// the login page and comes back after login; a logged-in user without the role sees "no access"
// (the layout renders that instead of the screen, so no screen code runs and no data is fetched).
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router'
import { CONTENT_PAGE_PATH, routeAccess, ROUTES, type RouteDef } from '@lfit/domain/access/routes'
import { errorMessage } from '@lfit/domain/api/errors'
import { loginHref } from '../auth/redirect'
import { hasContentPage } from '../content/page-names'
import { followLanguageQuery } from '../i18n/i18n'
import { sessionState, type SessionState } from '../session/session'
import { checkAfterNavigation, reloadIntoNewBuild } from '../pwa/updates'
import { ErrorPage, RouteError } from '../errors/ErrorPage'
import { NotFoundPage } from '../errors/NotFoundPage'
import { LayoutRoute } from '../layout/LayoutRoute'
import { screenFor, screenWordsOf } from './screens'
import { loadScreenWords } from '../i18n/i18n'
import { parseEtabSearch } from '../attendance/etab-search'
import { ReadPending, ScreenReadFailed } from '../ui/ServerRead'
import { screenReadOf } from './screen-reads'
import { useCalendarVersion } from '../calendar/calendar-version'

export interface RouterContext {
  session: () => SessionState
}

let lastHref: string | null = null
const inBrowser = typeof document !== 'undefined'
const never = () => new Promise<never>(() => undefined)

const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location, context }) => {
    // A server render (docs/0023) is one page load of its own: no navigation, no update check.
    const navigated = inBrowser && lastHref !== null && lastHref !== location.href
    if (inBrowser) lastHref = location.href
    followLanguageQuery(location.searchStr)
    if (navigated) {
      if (await reloadIntoNewBuild(location.href)) await never()
      checkAfterNavigation()
    }
    if (routeAccess(context.session().user, location.pathname) === 'needsLogin') {
      throw redirect({ href: loginHref(location.href), replace: true })
    }
  },
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
})

const layouts = {
  default: createRoute({
    getParentRoute: () => rootRoute,
    id: 'default',
    component: () => <LayoutRoute layout="default" />,
  }),
  minimal: createRoute({
    getParentRoute: () => rootRoute,
    id: 'minimal',
    component: () => <LayoutRoute layout="minimal" />,
  }),
}

/**
 * Screens whose state is in the URL's search part, with the function that validates it: it
 * never throws, so a bad value falls back to the screen's default instead of an error page.
 */
const SEARCH: Record<string, (raw: Record<string, unknown>) => object> = {
  '/etab': parseEtabSearch,
}

/**
 * A route's screen together with the words it needs besides the app's (the screens' catalog, or
 * the tablet's), so no screen shows before its words; the home page and the content pages use
 * only the app's words.
 */
function withScreenWords(def: RouteDef) {
  const load = screenFor(def)
  const words = screenWordsOf(def)
  if (!words) return load
  return () => Promise.all([load(), loadScreenWords(words)]).then(([screen]) => screen)
}

/**
 * A route's screen that renders again whenever the tab takes another calendar: every screen
 * derives what it shows from `schedule()` as it renders, and the router keeps a route's screen
 * mounted, so this one subscription at the routes is how they follow it, their typing and
 * choices kept (docs/0049-devices-follow-the-calendar.md). The lazy screen's preload is kept.
 */
function followingCalendar(Screen: ReturnType<typeof lazyRouteComponent>) {
  const Following = () => {
    useCalendarVersion()
    return <Screen />
  }
  return Object.assign(Following, { preload: Screen.preload })
}

function pageRoute(def: RouteDef) {
  const screenRead = screenReadOf(def.path)
  return createRoute({
    getParentRoute: () => layouts[def.layout],
    path: def.path,
    validateSearch: SEARCH[def.path.toLowerCase()],
    // The pattern route `/$name` is a content page: a name without a page is a fatal 404.
    beforeLoad: ({ location }) => {
      const name = location.pathname.slice(1).toLowerCase()
      if (def.path === CONTENT_PAGE_PATH && (name === 'home' || !hasContentPage(name))) {
        throw new RouteError(404, errorMessage('routeValidation', { path: location.pathname }))
      }
    },
    component: followingCalendar(lazyRouteComponent(withScreenWords(def))),
    // The screen's server read (docs/0036), asked only of a user the route lets in: the layout
    // shows "no access" instead of the screen, and the read would only be refused.
    ...(screenRead && {
      loaderDeps: ({ search }) => screenRead.deps(search),
      loader: ({ deps, context, location }) =>
        routeAccess(context.session().user, location.pathname) === 'allowed'
          ? screenRead.read(deps)
          : null,
      pendingComponent: ReadPending,
      errorComponent: ScreenReadFailed,
    }),
  })
}

const routeTree = rootRoute.addChildren([
  layouts.default.addChildren(ROUTES.filter((r) => r.layout === 'default').map(pageRoute)),
  layouts.minimal.addChildren(ROUTES.filter((r) => r.layout === 'minimal').map(pageRoute)),
])

/** The app's router; the server render (docs/0023) gives it a memory history at its page. */
export function createAppRouter(server?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    history: server?.history,
    context: { session: sessionState },
    caseSensitive: false,
    trailingSlash: 'never',
    // The browser's scroll positions; a server render has none (and no window to keep them on).
    scrollRestoration: !server,
    defaultPreload: 'intent',
    // Errors and unknown paths go to the root: the error page replaces the whole app.
    notFoundMode: 'root',
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>
