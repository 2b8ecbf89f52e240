// /api/auth: login, logout, register, password, user and selectMyRoles (spec §2, §4, §7).
// Guessable calls (login, register, password) are rate limited per client address and per
// username; failures say as little as possible (one message for "no such user" and "wrong
// password", checked in the same time).
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { isAdmin } from '@lfit/domain/access/roles'
import { normalizeUsername } from '@lfit/domain/users/email'
import { creationStamp, isBlocked } from '@lfit/domain/users/user'
import { registrationSchema } from '@lfit/domain/users/validation'
import type { Config } from '../config'
import { clientAddress } from '../http/client'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { RateLimiter } from '../http/rate-limit'
import { hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from './passwords'
import { sessionAnswer, sessionOf, type Session } from './session'
import type { Tokens } from './token'
import type { UserDirectory } from './users'

export interface AuthDeps {
  users: UserDirectory
  tokens: Tokens
  limiter: RateLimiter
  config: Pick<Config, 'trustProxy' | 'rateLimit'>
  clock: () => number
}

const text = (max: number) => z.string().min(1).max(max)

const loginSchema = z.object({ username: text(320), password: text(MAX_PASSWORD_LENGTH) })

const passwordSchema = z.object({
  oldPassword: text(MAX_PASSWORD_LENGTH),
  newPassword: text(MAX_PASSWORD_LENGTH),
})

const selectRolesSchema = z.object({ roles: z.array(z.string().max(50)).max(50).optional() })

function requireSession(c: Context<AppEnv>): Session {
  const session = c.var.session
  if (!session) throw new ApiError('notLoggedIn')
  return session
}

export function createAuthRoutes(deps: AuthDeps): Hono<AppEnv> {
  const { users, tokens, limiter, clock } = deps
  const auth = new Hono<AppEnv>()

  /** Refuses the attempt when over the limit; answers the keys to count it under. */
  const guard = (c: Context<AppEnv>, scope: string, username?: string) => {
    const keys = limiter.keysFor(scope, clientAddress(c, deps.config.trustProxy), username)
    if (!limiter.allows(keys)) {
      c.var.log.warn('rate limited', { requestId: c.var.requestId, scope, username })
      c.header('Retry-After', String(Math.ceil(deps.config.rateLimit.windowMs / 1000)))
      throw new ApiError('rateLimited')
    }
    return keys
  }

  auth.post('/login', async (c) => {
    const body = parseBody(loginSchema, c.var.body)
    const username = normalizeUsername(body.username)
    const keys = guard(c, 'login', username)
    const user = await users.fresh(username)
    if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) {
      // Only failures count, so a studio full of people logging in on one address is fine.
      limiter.count(keys)
      c.var.log.info('login failed', { requestId: c.var.requestId, username })
      throw new ApiError('badCredentials')
    }
    // Said only to someone who knows the password.
    if (isBlocked(user as { status?: string })) throw new ApiError('userBlocked')
    limiter.resetUsername('login', username)
    await tokens.issue(c, { username })
    c.var.log.info('login', { requestId: c.var.requestId, username })
    return answer(c, sessionAnswer(sessionOf(user)))
  })

  auth.post('/logout', (c) => {
    tokens.clear(c)
    return answer(c, { ok: true })
  })

  auth.post('/user', (c) => answer(c, sessionAnswer(requireSession(c))))

  auth.post('/register', async (c) => {
    const raw = c.var.body as { username?: unknown }
    const claimed = typeof raw?.username === 'string' ? normalizeUsername(raw.username) : undefined
    // Every attempt counts: a successful one creates an account.
    const keys = guard(c, 'register', claimed?.slice(0, 320))
    limiter.count(keys)
    const form = parseBody(registrationSchema, c.var.body)
    if (form.password.length > MAX_PASSWORD_LENGTH) {
      throw new ApiError('invalidValue', { field: 'password' })
    }
    const passwordHash = await hashPassword(form.password)
    const { password: _password, ...fields } = form
    const record = {
      ...fields,
      // The username is an e-mail address (spec §5); the account's e-mail is the same.
      email: form.username,
      roles: [],
      passwordHash,
      ...creationStamp(form.username, new Date(clock())),
    }
    const collection = await users.collection()
    const { insertedIds } = await collection.insert(record)
    c.var.log.info('registered', { requestId: c.var.requestId, username: form.username })
    const created = { ...record, _id: insertedIds[0] }
    return answer(c, sessionAnswer(sessionOf(created)), 201)
  })

  auth.post('/password', async (c) => {
    const session = requireSession(c)
    const body = parseBody(passwordSchema, c.var.body)
    const username = session.user.username
    const keys = guard(c, 'password', username)
    const user = await users.fresh(username)
    if (!user || !(await verifyPassword(user.passwordHash, body.oldPassword))) {
      limiter.count(keys)
      throw new ApiError('badCredentials')
    }
    const collection = await users.collection()
    await collection.upsert(
      { _id: user._id },
      { $set: { passwordHash: await hashPassword(body.newPassword) } },
      { upsert: false },
    )
    users.forgetAll()
    c.var.log.info('password changed', { requestId: c.var.requestId, username })
    return answer(c, { ok: true })
  })

  auth.post('/selectMyRoles', async (c) => {
    const session = requireSession(c)
    // Decided on the user's real roles: an admin acting as a participant can switch back.
    if (!isAdmin(session.user)) throw new ApiError('forbidden')
    const { roles: wanted } = parseBody(selectRolesSchema, c.var.body)
    const held: readonly string[] = session.user.roles
    if (wanted?.some((role) => !held.includes(role))) {
      throw new ApiError('invalidValue', { field: 'roles' })
    }
    // Empty or missing: act with every role again.
    const acting = wanted?.length ? session.user.roles.filter((r) => wanted.includes(r)) : null
    const username = session.user.username
    await tokens.issue(c, acting ? { username, acting } : { username })
    c.var.log.info('acting with roles', { requestId: c.var.requestId, username, roles: acting })
    const roles = acting ?? [...session.user.roles]
    return answer(c, sessionAnswer({ user: session.user, roles, acting }))
  })

  return auth
}
