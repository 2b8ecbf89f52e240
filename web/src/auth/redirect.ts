// Where the login page sends the user afterwards: back to the page that asked for the login, but
// only within this site (never to another origin) and never back to login or logout. Without
// such a page the user lands where their roles say (domain/src/access/landing.ts).
import { landingPath } from '@lfit/domain/access/landing'
import type { UserLike } from '@lfit/domain/access/roles'

/** The page that asked for the login, or null when none did (or it is not a safe target). */
export function requestedTarget(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return null
  if (target.includes('\\') || /^\/auth\/(login|logout)(?:[/?#]|$)/i.test(target)) return null
  return target
}

/** Where to go after logging in as `user`. */
export function afterLogin(target: unknown, user: UserLike): string {
  return requestedTarget(target) ?? landingPath(user)
}
