// What the navigation offers a user: the routes of the domain table that this user may open,
// grouped for the menu, with a few frequent destinations shown in the app bar itself.
import { canVisit, CONTENT_PAGE_PATH, ROUTES, type RouteDef } from '@lfit/domain/access/routes'
import type { UserLike } from '@lfit/domain/access/roles'

/** The app bar's quick links, in order, for whoever may open them. */
const QUICK = [
  '/urnik',
  '/ETAB',
  '/prisotnost',
  '/odsotnost',
  '/odsotnostOsebe',
  '/gradiva',
  '/prijave',
  '/auth/users',
]
const MAX_QUICK = 5

/**
 * Pages that are reached from elsewhere, not from the menu. /urnik-print is /urnikPrn's second
 * address (the timetable's print link, with `?year=`): the menu names one page once.
 */
const NOT_IN_MENU = new Set(['/', CONTENT_PAGE_PATH, '/noTrack', '/urnik-print'])

export interface NavGroups {
  /** Public information and the timetable. */
  programme: RouteDef[]
  /** Pages that need a login, in the default layout. */
  work: RouteDef[]
  /** Print views and certificates (minimal layout). */
  print: RouteDef[]
}

export function navGroups(user: UserLike): NavGroups {
  const visible = ROUTES.filter(
    (route) =>
      (route.kind === 'public' || route.kind === 'protected') &&
      !NOT_IN_MENU.has(route.path) &&
      canVisit(user, route.path),
  )
  return {
    programme: visible.filter((r) => r.kind === 'public' && r.layout === 'default'),
    work: visible.filter((r) => r.kind === 'protected' && r.layout === 'default'),
    print: visible.filter((r) => r.layout === 'minimal'),
  }
}

export function quickLinks(user: UserLike): string[] {
  return QUICK.filter((path) => canVisit(user, path)).slice(0, MAX_QUICK)
}
