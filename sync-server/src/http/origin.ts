// State-changing calls from another site are refused (docs/security.md). The session cookie is
// SameSite=Lax already; this is the second lock, and it also covers logins and registrations,
// which carry no cookie. Browsers send `Origin` with every POST, so a call without one comes from
// a non-browser client, which a cookie-stealing page cannot be.
import type { MiddlewareHandler } from 'hono'
import type { Config } from '../config'
import type { AppEnv } from './env'
import { ApiError } from './errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function sameOriginOnly(
  config: Pick<Config, 'allowedOrigins' | 'trustProxy'>,
): MiddlewareHandler<AppEnv> {
  // Not async: a call it lets through goes on without a promise of its own (docs/0018).
  return (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    if (origin === undefined) return next()
    const host = (config.trustProxy && c.req.header('x-forwarded-host')) || c.req.header('host')
    if (isAllowed(origin, host, config.allowedOrigins)) return next()
    c.var.log.warn('foreign origin refused', {
      requestId: c.var.requestId,
      path: c.req.path,
      origin: origin.slice(0, 200),
    })
    throw new ApiError('foreignOrigin')
  }
}

/** Whether `origin` is the server's own (by the Host it was reached at) or an allowed one. */
export function isAllowed(
  origin: string,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    // Includes the literal `null` that sandboxed frames and some redirects send.
    return false
  }
  if (allowed.includes(url.origin)) return true
  return host !== undefined && url.host === host.toLowerCase()
}
