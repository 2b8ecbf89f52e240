// The one route table (docs/product-rules.md), as data: the server guards pages and the web app
// builds its router and menus from it, so who may open which page is decided in exactly one place.
import type { Role, UserLike } from './roles'
import { hasAnyRole, VISIT_READERS } from './roles'
import { PAGE_EDITOR_ROLES } from '../pages/access'

export type RouteKind = 'public' | 'auth' | 'test' | 'protected'
export type Layout = 'default' | 'minimal'

export interface RouteDef {
  path: string
  kind: RouteKind
  /** null = anyone (visitor included); [] = any logged-in user; [..] = any of these roles. */
  roles: readonly Role[] | null
  layout: Layout
}

/**
 * The route table has four public `/{name}` pages whose names are the organisers' own; they are content pages, so one
 * pattern stands for all of them and the web app decides whether a page of that name exists.
 */
export const CONTENT_PAGE_PATH = '/$name'

const open = (path: string, layout: Layout = 'default'): RouteDef => ({
  path,
  kind: 'public',
  roles: null,
  layout,
})

const auth = (path: string): RouteDef => ({ path, kind: 'auth', roles: null, layout: 'default' })

const test = (path: string, roles: readonly Role[] | null = null): RouteDef => ({
  path,
  kind: 'test',
  roles,
  layout: 'default',
})

const guarded = (path: string, roles: readonly Role[], layout: Layout = 'default'): RouteDef => ({
  path,
  kind: 'protected',
  roles,
  layout,
})

export const ROUTES: readonly RouteDef[] = [
  open('/'),
  open('/faq'),
  open('/urnik'),
  open('/metoda'),
  open('/novice'),
  open('/koncept'),
  open('/kontakt'),
  open('/noTrack'),
  open('/solnina'),
  open('/lokacija'),
  open('/navodila'),
  open('/ucitelji'),
  // Print variants of the timetable: no menu or chrome on paper.
  open('/urnikPrn', 'minimal'),
  open('/kurikulum'),
  open('/prednosti'),
  open('/prisotnosti'),
  open('/urnik-print', 'minimal'),
  open('/nadaljevanje'),
  open('/nadomescanje'),
  open('/predstavitve'),
  open('/prijavaZaDan'),
  open('/rezervacija'),
  open('/organizatorji'),
  open('/prisotnostGraf'),
  // Anyone checks a certificate's code here, typed or from its QR (docs/access-policy.md#certificates).
  open('/potrdilo'),
  open(CONTENT_PAGE_PATH),

  auth('/auth/login'),
  auth('/auth/logout'),
  auth('/auth/password'),
  auth('/auth/register'),
  // The forgotten-password request and the page of its e-mailed link (docs/security.md#password-links).
  auth('/auth/forgotPassword'),
  auth('/auth/newPassword'),

  test('/test'),
  test('/test/db'),
  test('/test/ebus'),
  test('/test/email'),
  test('/test/editor'),
  test('/test/socket'),
  test('/test/snack', ['admin']),

  guarded('/ETAB', ['admin', 'presenceEditor']),
  guarded('/mediji', ['admin', 'regEditor', 'mediaEditor']),
  guarded('/photos', []),
  guarded('/poster', ['admin', 'regEditor'], 'minimal'),
  // The route table's roles for material and the library, plus the roles that exist only for them:
  // seesAllMaterial reads all material, seesLibrary reads and librarian keeps the library
  // (docs/access-policy.md#materials).
  guarded('/gradiva', ['participant', 'mediaEditor', 'regEditor', 'educator', 'seesAllMaterial']),
  guarded('/prijave', ['admin', 'regEditor']),
  guarded('/sosolci', ['participant', 'educator']),
  guarded('/ATMcerts', ['admin', 'regEditor'], 'minimal'),
  guarded('/mojRacun', ['admin', 'participant', 'educator']),
  guarded('/projects', ['admin', 'mediaEditor', 'projectEditor']),
  // The file directory: the original table's roles and the file managers the docs name besides
  // (registration editors, librarians), whose uploads it lists (docs/product-rules.md#files).
  guarded('/dir', ['admin', 'mediaEditor', 'projectEditor', 'regEditor', 'librarian']),
  guarded('/odsotnost', ['admin', 'presenceEditor']),
  guarded('/auth/users', ['admin']),
  // The public pages and the news, written in the app (docs/0050-public-pages-and-news-are-data.md).
  guarded('/urejanjeStrani', PAGE_EDITOR_ROLES),
  guarded('/knjiznjica', [
    'participant',
    'mediaEditor',
    'projectEditor',
    'librarian',
    'seesLibrary',
  ]),
  guarded('/prisotnost', ['admin', 'presenceEditor']),
  guarded('/udelezenci', ['admin', 'regEditor']),
  guarded('/ATMcertsList', ['admin', 'regEditor'], 'minimal'),
  guarded('/libraryMedia', ['admin', 'mediaEditor', 'projectEditor', 'librarian']),
  guarded('/nadomescanja', ['admin', 'regEditor', 'makeupEditor']),
  guarded('/prijaveZaDan', ['admin', 'regEditor']),
  guarded('/projectMedia', ['admin', 'mediaEditor', 'projectEditor']),
  guarded('/gradivaSeznam', [
    'participant',
    'mediaEditor',
    'regEditor',
    'educator',
    'seesAllMaterial',
  ]),
  guarded('/odsotnostOsebe', ['admin', 'participant', 'educator', 'presenceEditor', 'regEditor']),
  guarded('/gradivaProjekta', ['participant', 'mediaEditor', 'projectEditor']),
  guarded('/prijaveNaDogodke', ['admin', 'regEditor']),
  guarded('/auth/selectMyRoles', ['admin']),
  guarded('/OrganisedEventCerts', ['admin', 'regEditor'], 'minimal'),
  guarded('/prijavaNadomescanje', ['participant', 'makeupEditor', 'regEditor', 'educator']),

  // The app's own pages beyond the original route table (docs/product-rules.md#roles-and-routes).
  // One recording's player (docs/product-rules.md#recordings): whoever reads some material (the
  // readers of materials/access.ts, which the route test holds this to; not imported, so the
  // first route does not load the material rules); the device holds only what its reader may read.
  // The programme's calendar planned in the app (docs/0049-devices-follow-the-calendar.md): the
  // roles of the calendar's writers (CALENDAR_EDITORS, docs/access-policy.md#calendar).
  guarded('/urejanjeUrnika', ['admin', 'calendarEditor']),
  guarded('/posnetek', [
    'admin',
    'mediaEditor',
    'regEditor',
    'projectEditor',
    'educator',
    'seesAllMaterial',
    'participant',
  ]),
  // The visit statistics: the readers the policy table grants `analytics` (docs/access-policy.md#visits).
  guarded('/analitika', VISIT_READERS),
]

/**
 * A content page's name: one segment of letters, digits, '-' or '_'. Dots are excluded so that
 * files (/robots.txt, /sw.js) are never taken for pages, and the first segments of server paths
 * and of the auth pages are not page names.
 */
const CONTENT_PAGE_NAME = /^\/[a-z0-9][a-z0-9_-]*$/
const NOT_CONTENT_PAGES: ReadonlySet<string> = new Set(['/api', '/auth', '/builds'])

/** The form used for matching: no query or hash, no trailing slash (except '/'), lower case. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? ''
  const trimmed = bare.replace(/\/+$/, '')
  const rooted = trimmed.startsWith('/') ? trimmed : `/${trimmed}`
  return rooted.toLowerCase()
}

const EXACT: ReadonlyMap<string, RouteDef> = new Map(
  ROUTES.filter((route) => route.path !== CONTENT_PAGE_PATH).map((route) => [
    normalizePath(route.path),
    route,
  ]),
)
const CONTENT_PAGE = ROUTES.find((route) => route.path === CONTENT_PAGE_PATH)

/** The route a path opens: exact routes first, then the content-page pattern. */
export function findRoute(path: string): RouteDef | undefined {
  const normal = normalizePath(path)
  const exact = EXACT.get(normal)
  if (exact) return exact
  if (CONTENT_PAGE_NAME.test(normal) && !NOT_CONTENT_PAGES.has(normal)) return CONTENT_PAGE
  return undefined
}

/** The content page shown on '/', never at a path of its own ('/home' is no page). */
export const HOME_CONTENT_PAGE = 'home'

/**
 * Whether `path` is a page of the app, so the server answers it 200 rather than 404: a route of
 * the table, or a content page the build has (`contentPages`: the names of the Markdown pages,
 * known at build time). The content-page pattern alone is not enough: `/no-such-page` fits it.
 */
export function isKnownPage(path: string, contentPages: ReadonlySet<string>): boolean {
  const route = findRoute(path)
  if (route !== CONTENT_PAGE) return route !== undefined
  const name = normalizePath(path).slice(1)
  return name !== HOME_CONTENT_PAGE && contentPages.has(name)
}

/**
 * Every page's path in the matching form (lower case, no trailing slash): the table's routes
 * and the build's content pages. The service worker answers only these from its cache.
 */
export function knownPagePaths(contentPages: Iterable<string>): string[] {
  const paths = new Set(EXACT.keys())
  for (const name of contentPages) {
    const path = normalizePath(`/${name}`)
    if (isKnownPage(path, new Set([name.toLowerCase()]))) paths.add(path)
  }
  return [...paths].sort()
}

export type RouteAccess = 'allowed' | 'needsLogin' | 'forbidden' | 'notFound'

/** Whether `user` (null or undefined = a visitor) may open `path`, and if not, why not. */
export function routeAccess(user: UserLike, path: string): RouteAccess {
  const route = findRoute(path)
  if (!route) return 'notFound'
  if (route.roles === null) return 'allowed'
  if (!user) return 'needsLogin'
  if (route.roles.length === 0) return 'allowed'
  return hasAnyRole(user, route.roles) ? 'allowed' : 'forbidden'
}

export function canVisit(user: UserLike, path: string): boolean {
  return routeAccess(user, path) === 'allowed'
}
