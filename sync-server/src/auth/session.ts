// Who is calling: read from the token cookie on every /api call and checked against the users
// collection (at most a minute old) and the sessions collection (sessions.ts). A blocked user's
// cookie is cleared and the call refused with 401; a vanished user is logged (docs/product-rules.md) and
// treated as a visitor, as is a token whose session has ended.
import type { Context, MiddlewareHandler, Next } from 'hono'
import type { SessionAnswerInput } from '@lfit/domain/api/answers'
import { isBlocked, type PublicUser } from '@lfit/domain/users/user'
import type { Caller } from '@lfit/domain/access/policy'
import type { Role } from '@lfit/domain/access/roles'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import type { Tokens } from './token'
import { actingSession } from './acting'
import { publicUser, type CachedView, type UserDirectory } from './users'

export interface Session {
  user: PublicUser
  /** The roles the user acts with: all of theirs, or the subset an admin chose. */
  roles: Role[]
  /** The chosen subset, or null when acting with every role. */
  acting: Role[] | null
  /** The server-side session's id (set for the caller of a request). */
  id?: string
  /**
   * The administrator really signed in, while they act as `user`: the token and the session
   * record stay theirs (docs/0045-acting-as-another-user.md).
   */
  actor?: PublicUser
}

/** Calls that work (as a visitor) even with a blocked user's cookie, so the user can leave. */
const OPEN_WHEN_BLOCKED = [
  '/api/auth/login',
  '/api/auth/logout',
  '/api/auth/register',
  '/api/auth/forgotPassword',
  '/api/auth/checkPasswordLink',
  '/api/auth/newPassword',
]

export function sessionOf(doc: Parameters<typeof publicUser>[0], acting?: readonly string[]) {
  return sessionFor(publicUser(doc), acting)
}

/** The session of a user already in public form (the directory's parsed view). */
function sessionFor(user: PublicUser, acting?: readonly string[]): Session {
  // Only roles the user still holds count: a role removed since the token was issued is gone.
  const chosen = acting ? user.roles.filter((role) => acting.includes(role)) : null
  return { user, roles: chosen ?? [...user.roles], acting: chosen }
}

/** The caller as the access policy and sync see them. */
export function callerOf(session: Session | null): Caller {
  return session ? { username: session.user.username, roles: session.roles } : null
}

/** What /api/auth/* answers about the signed-in user (never a secret). */
export function sessionAnswer(session: Session): SessionAnswerInput {
  return {
    user: {
      ...session.user,
      roles: session.roles,
      ...(session.acting ? { allRoles: session.user.roles } : {}),
      ...(session.actor ? { actor: actorName(session.actor) } : {}),
    },
  }
}

/** The actor as the answer names them: the username and the name, nothing else. */
function actorName({ username, firstName, lastName }: PublicUser) {
  return {
    username,
    ...(firstName === undefined ? {} : { firstName }),
    ...(lastName === undefined ? {} : { lastName }),
  }
}

/**
 * Reads the caller's session. A token, user and session remembered recently enough (nearly every
 * call) are answered without waiting: each remembered read is the same check as the waiting one,
 * so logout, a block or a password change still end the session on the next request.
 */
export function readSession(tokens: Tokens, users: UserDirectory): MiddlewareHandler<AppEnv> {
  const waiting = readSessionWaiting(tokens, users)
  // Not async: a signed-in caller whose token, user and live session are all remembered goes on
  // without a promise of its own (docs/0018-find-under-load.md). Every other case, a visitor
  // included, takes the full check below, which asks the same memories first.
  return (c, next) => {
    // Read once: the waiting check goes on from these claims, not from a second read.
    const claims = tokens.remembered(c)
    if (!claims || claims === 'invalid') return waiting(c, next, claims)
    const cached = users.rememberedView(claims.username)
    if (!cached || isBlocked(cached.doc as { status?: string })) return waiting(c, next, claims)
    if (!users.sessions.remembered(claims.session, claims.username)) return waiting(c, next, claims)
    if (claims.as === undefined) {
      c.set('session', { ...sessionFor(cached.user, claims.acting), id: claims.session })
      return next()
    }
    const target = users.rememberedView(claims.as)
    const acting = target && actingSession(cached.user, target, claims.session)
    if (!acting) return waiting(c, next, claims)
    c.set('session', acting)
    return next()
  }
}

/** The full check, from the claims `tokens.remembered` gave (undefined: not remembered). */
function readSessionWaiting(tokens: Tokens, users: UserDirectory) {
  return async (
    c: Context<AppEnv>,
    next: Next,
    remembered: ReturnType<Tokens['remembered']>,
  ): Promise<Response | void> => {
    c.set('session', null)
    let claims = remembered
    if (claims === undefined) claims = await tokens.verifyCookie(c)
    if (claims === null) return next()
    if (claims === 'invalid') {
      tokens.clear(c)
      return next()
    }
    let cached = users.rememberedView(claims.username)
    if (cached === undefined) cached = await users.cachedView(claims.username)
    if (cached && isBlocked(cached.doc as { status?: string })) {
      cached = await blockConfirmed(users, claims.username, claims.session)
    }
    if (!cached) {
      c.var.log.error('user not found', { requestId: c.var.requestId, username: claims.username })
      tokens.clear(c)
      return next()
    }
    if (isBlocked(cached.doc as { status?: string })) {
      c.var.log.warn('blocked user logged out', {
        requestId: c.var.requestId,
        username: claims.username,
      })
      tokens.clear(c)
      if (OPEN_WHEN_BLOCKED.includes(c.req.path)) return next()
      throw new ApiError('userBlocked', {}, { status: 401 })
    }
    // Ended by logout, a password change or a block, or expired: a visitor from now on.
    let live = users.sessions.remembered(claims.session, claims.username)
    if (live === undefined) live = await users.sessions.find(claims.session, claims.username)
    if (!live) {
      tokens.clear(c)
      return next()
    }
    if (claims.as === undefined) {
      c.set('session', { ...sessionFor(cached.user, claims.acting), id: claims.session })
      return next()
    }
    let target = users.rememberedView(claims.as)
    if (target === undefined) target = await users.cachedView(claims.as)
    const acting = target && actingSession(cached.user, target, claims.session)
    if (acting) {
      c.set('session', acting)
      return next()
    }
    // No longer allowed (the admin lost the role, the user was blocked or made an admin): the
    // admin is themself again, and their token says so from now on.
    c.var.log.warn('acting as ended', {
      requestId: c.var.requestId,
      actor: claims.username,
      as: claims.as,
    })
    await tokens.issue(c, { username: claims.username, session: claims.session })
    c.set('session', { ...sessionFor(cached.user), id: claims.session })
    return next()
  }
}

/**
 * The user again, when a cached block meets a live session. A block ends every session of the
 * user (db-api/users.ts), so a live session beside a cached block means a login after an unblock
 * made through another server instance, whose user cache this one does not share: the refusal is
 * read again from the store instead of being kept for the cache's minute (docs/0033). Still
 * blocked there, the session is ended, so the next call is refused from the cache at once.
 */
async function blockConfirmed(
  users: UserDirectory,
  username: string,
  session: string,
): Promise<CachedView | null> {
  if (!(await users.sessions.find(session, username))) return users.rememberedView(username) ?? null
  await users.fresh(username)
  const fresh = users.rememberedView(username) ?? null
  if (fresh && isBlocked(fresh.doc as { status?: string })) await users.sessions.end(session)
  return fresh
}
