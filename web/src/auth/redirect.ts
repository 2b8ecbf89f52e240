// Where the login page sends the user afterwards: back to the page that asked for the login, with
// its query (the studio tablet's day lives there), but only within this site (never to another
// origin) and never back to login or logout. Without such a page the user lands where their
// roles say (domain/src/access/landing.ts).
import { landingPath } from '@lfit/domain/access/landing'
import type { UserLike } from '@lfit/domain/access/roles'

/** Any origin of our own: a target is read against it and must stay on it. */
const HERE = 'https://this-site.invalid'

/** The page that asked for the login, or null when none did (or it is not a safe target). */
export function requestedTarget(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return null
  // Browsers drop tabs and line breaks from URLs ("/\t/evil" is "//evil"): refused, as are
  // backslashes (read as slashes) and every other control character.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return null
  let url: URL
  try {
    url = new URL(target, HERE)
  } catch {
    return null
  }
  if (url.origin !== HERE || /^\/auth\/(login|logout)(?:\/|$)/i.test(url.pathname)) return null
  return target
}

/** Where to go after logging in as `user`. */
export function afterLogin(target: unknown, user: UserLike): string {
  return requestedTarget(target) ?? landingPath(user)
}

/** Where a visitor logs in before coming back to `href` (path, query and hash of this site). */
export function loginHref(href: string): string {
  return `/auth/login?redirect=${encodeURIComponent(href)}`
}
