// Where a user lands after logging in when no page asked for the login: their daily work. A
// presence editor opens the studio tablet's attendance book, a participant their timetable;
// everyone else the home page, which lists their pages (docs/product-rules.md#roles-and-routes).
import { canVisit } from './routes'
import { hasRole, type Role, type UserLike } from './roles'

/** In order: the first role the user holds picks the page (a presence editor who is also a
 *  participant keeps the book first). */
const LANDINGS: readonly { role: Role; path: string }[] = [
  { role: 'presenceEditor', path: '/ETAB' },
  { role: 'participant', path: '/urnik' },
]

export const HOME_PATH = '/'

export function landingPath(user: UserLike): string {
  const landing = LANDINGS.find(({ role, path }) => hasRole(user, role) && canVisit(user, path))
  return landing?.path ?? HOME_PATH
}
