// Which screen each route of the domain table shows, loaded on demand (one chunk per screen).
// A route without an entry shows the "coming soon" placeholder; its roles are enforced all the
// same, by the router and the layout. To give a route its screen, add one line here.
import type { ComponentType } from 'react'
import { CONTENT_PAGE_PATH, type RouteDef } from '@lfit/domain/access/routes'
import { hasContentPage } from '../content/page-names'
import type { ScreenWords } from '../i18n/i18n'

type ScreenModule = { default: ComponentType }

/** A screen on the device's offline data: it gets the one local database and sync engine. */
async function offline<M>(
  module: Promise<M>,
  screen: (loaded: M) => ComponentType,
): Promise<ScreenModule> {
  const [loaded, { withOffline }] = await Promise.all([module, import('../offline/app-offline')])
  return { default: withOffline(screen(loaded)) }
}

const timetablePrint = () =>
  import('../timetable/TimetablePrint').then((m) => ({ default: m.TimetablePrint }))
const contentPage = () => import('../content/ContentRoute')

const SCREENS: Record<string, () => Promise<ScreenModule>> = {
  '/': () => import('../screens/HomeScreen'),
  '/notrack': () => import('../screens/NoTrackScreen'),
  '/auth/login': () => import('../auth/LoginScreen'),
  '/auth/logout': () => import('../auth/LogoutScreen'),
  '/auth/password': () => import('../auth/PasswordScreen'),
  '/auth/register': () => import('../auth/RegisterScreen'),
  '/auth/forgotpassword': () => import('../auth/ForgotPasswordScreen'),
  '/auth/newpassword': () => import('../auth/NewPasswordScreen'),
  '/auth/selectmyroles': () => import('../auth/SelectRolesScreen'),
  '/auth/users': () => import('../admin/UsersScreen'),
  '/analitika': () => import('../analytics/AnalyticsScreen'),
  '/prijave': () => import('../applications/ApplicationsScreen'),
  '/urnik': () => import('../timetable/TimetableRoute'),
  '/urnikprn': timetablePrint,
  '/urnik-print': timetablePrint,
  '/etab': () => offline(import('../attendance/EtabScreen'), (m) => m.EtabScreen),
  '/prisotnost': () => offline(import('../attendance/AttendanceGrid'), (m) => m.AttendanceGrid),
  '/prisotnosti': () =>
    offline(import('../attendance/AttendanceOverview'), (m) => m.AttendanceOverview),
  '/prisotnostgraf': () =>
    offline(import('../attendance/AttendanceGraph'), (m) => m.AttendanceGraph),
  '/odsotnost': () => offline(import('../absences/AbsencesScreen'), (m) => m.AbsencesScreen),
  '/odsotnostosebe': () => offline(import('../absences/PersonAbsences'), (m) => m.PersonAbsences),
  '/prijavazadan': () => import('../signups/EventSignupScreen'),
  '/udelezenci': () =>
    offline(import('../participants/ParticipantsScreen'), (m) => m.ParticipantsScreen),
  '/prijavezadan': () => import('../signup-lists/EventDaySignupsScreen'),
  '/prijavenadogodke': () => import('../signup-lists/EventSignupsScreen'),
  '/rezervacija': () => import('../signups/ReservationScreen'),
  '/mojracun': () => offline(import('../account/AccountScreen'), (m) => m.AccountScreen),
  '/nadomescanje': () => import('../makeups/public/MakeupPolicyScreen'),
  '/prijavanadomescanje': () =>
    offline(import('../makeups/signup/MakeupSignupScreen'), (m) => m.MakeupSignupScreen),
  '/sosolci': () => import('../classmates/ClassmatesScreen'),
  '/nadomescanja': () =>
    offline(import('../makeups/admin/MakeupsAdminScreen'), (m) => m.MakeupsAdminScreen),
  '/gradiva': () => offline(import('../materials/MyMaterialScreen'), (m) => m.MyMaterialScreen),
  '/gradivaseznam': () =>
    offline(import('../materials/MaterialListScreen'), (m) => m.MaterialListScreen),
  '/gradivaprojekta': () =>
    offline(import('../materials/ProjectMaterialScreen'), (m) => m.ProjectMaterialScreen),
  '/knjiznjica': () => offline(import('../library/LibraryScreen'), (m) => m.LibraryScreen),
  '/librarymedia': () =>
    offline(import('../library-media/LibraryMediaScreen'), (m) => m.LibraryMediaScreen),
  '/projects': () => offline(import('../projects/ProjectsScreen'), (m) => m.ProjectsScreen),
  '/projectmedia': () =>
    offline(import('../projects/ProjectMediaScreen'), (m) => m.ProjectMediaScreen),
  '/mediji': () => offline(import('../media/MediaScreen'), (m) => m.MediaScreen),
  '/posnetek': () => offline(import('../media/PlayerScreen'), (m) => m.PlayerScreen),
  '/urejanjeurnika': () =>
    import('../planner/PlannerScreen').then((m) => ({ default: m.PlannerScreen })),
  '/dir': () => import('../file-directory/FileDirectoryScreen'),
  '/urejanjestrani': () => import('../content/edit/PageEditorScreen'),
  '/poster': () => import('../poster/PosterScreen'),
  '/atmcertslist': () => import('../certificates/CertificatesListScreen'),
  '/atmcerts': () => import('../certificates/CertificateScreen'),
  '/organisedeventcerts': () => import('../certificates/EventCertificatesScreen'),
  '/potrdilo': () => import('../certificates/VerifyScreen'),
  '/photos': () => import('../photos/PhotosScreen'),
  '/test': () => import('../screens/TestIndexScreen'),
  '/test/snack': () => import('../screens/SnackTestScreen'),
  '/test/db': () => import('../screens/test/DbTestScreen'),
  '/test/email': () => import('../screens/test/EmailTestScreen'),
  '/test/editor': () => import('../screens/test/EditorTestScreen'),
  '/test/ebus': () => import('../screens/test/EbusTestScreen'),
  '/test/socket': () => import('../screens/test/SocketTestScreen'),
}

/**
 * The words a route's screen needs besides the app's (web/build/catalog-groups.ts): none for the
 * home page and the content pages, the tablet's for /ETAB, the screens' for every other.
 */
export function screenWordsOf(route: RouteDef): ScreenWords | undefined {
  if (route.path === '/' || route.path === CONTENT_PAGE_PATH) return undefined
  // The studio tablet's screen, opened cold while a class waits: its own words only (docs/0057).
  return route.path.toLowerCase() === '/etab' ? 'tablet' : 'screens'
}

const comingSoon = () => import('../screens/ComingSoon')

export function screenFor(route: RouteDef): () => Promise<ScreenModule> {
  const path = route.path.toLowerCase()
  if (path === CONTENT_PAGE_PATH || hasContentPage(path.slice(1)))
    return SCREENS[path] ?? contentPage
  return SCREENS[path] ?? comingSoon
}

/** The routes that still show the placeholder (listed in the README). */
export function placeholderRoutes(routes: readonly RouteDef[]): string[] {
  return routes.filter((route) => screenFor(route) === comingSoon).map((r) => r.path)
}
