// An administrator acting as another user, to see what they see (docs/0045-acting-as-another-user.md):
// who may be acted as, the session that results, the calls refused meanwhile, and the record of
// every call made meanwhile under both names, in the log and in the `actingLog` collection.
import type { MiddlewareHandler } from 'hono'
import { READ_OPERATIONS, SYNC_PULL_PATH } from '@lfit/domain/api/calls'
import { isAdmin } from '@lfit/domain/access/roles'
import { isBlocked, type PublicUser } from '@lfit/domain/users/user'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import type { Store } from '../store/port'
import type { Session } from './session'
import type { CachedView } from './users'

/** Where every call made while acting is kept (internal: no policy entry, no sync). */
export const ACTING_LOG = 'actingLog'

export type ActAsRefusal = 'forbidden' | 'actAsAdmin' | 'actAsBlocked'

/**
 * Whether `actor` (by their own roles, not a subset they act with) may act as `target`: only an
 * administrator, never as an administrator (themselves included: that would let one admin's
 * writes pass as another's, and shows nothing an admin does not see already), never as a
 * blocked or not yet accepted account (it sees nothing).
 */
export function actAsRefusal(actor: PublicUser, target: CachedView): ActAsRefusal | null {
  if (!isAdmin(actor)) return 'forbidden'
  if (isAdmin(target.user)) return 'actAsAdmin'
  if (isBlocked(target.doc as { status?: string })) return 'actAsBlocked'
  return null
}

/**
 * The session of `actor` acting as `target`: the target's user and roles, so every rule sees
 * what the target would see, and the actor kept beside them; null when the acting is no longer
 * allowed (the actor lost the admin role, the target was blocked or made an admin).
 */
export function actingSession(actor: PublicUser, target: CachedView, id: string): Session | null {
  if (actAsRefusal(actor, target) !== null) return null
  return { user: target.user, roles: [...target.user.roles], acting: null, id, actor }
}

/**
 * Calls that speak for the account holder themself, refused while acting: a password, the roles
 * an admin acts with, a deletion request, signing the holder out everywhere.
 */
const NOT_WHILE_ACTING = new Set([
  '/api/auth/password',
  '/api/auth/selectMyRoles',
  '/api/me/deletion',
  '/api/me/deletion/withdraw',
  '/api/me/signOutEverywhere',
])

export function refuseWhileActing(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (c.get('session')?.actor && NOT_WHILE_ACTING.has(c.req.path)) {
      throw new ApiError('notWhileActing')
    }
    return next()
  }
}

const READ_ENDINGS = READ_OPERATIONS.map((operation) => `/${operation}`)

/** A call that only reads: not kept in the acting log (the api log line still names both). */
function onlyReads(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') return true
  if (path === SYNC_PULL_PATH || path === '/api/auth/user') return true
  return path.startsWith('/api/db/') && READ_ENDINGS.some((ending) => path.endsWith(ending))
}

/**
 * Keeps every call that may write, made while acting, with both names, its path and its
 * answer's status; never a body, so no secret. Kept after the answer: a failed keep is logged
 * and does not change the answer.
 */
export function recordActing(store: () => Promise<Store>, clock: () => number) {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const session = c.get('session')
    if (!session?.actor || onlyReads(c.req.method, c.req.path)) return next()
    const actor = session.actor.username
    const as = session.user.username
    try {
      await next()
    } finally {
      const entry = {
        _id: c.get('requestId'),
        at: new Date(clock()).toISOString(),
        actor,
        as,
        method: c.req.method,
        path: c.req.path.slice(0, 200),
        status: c.res.status,
      }
      try {
        await (await store()).collection(ACTING_LOG).insert(entry)
      } catch (error) {
        c.get('log').error('acting log not kept', {
          requestId: entry._id,
          actor,
          as,
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
  }
  return middleware
}
