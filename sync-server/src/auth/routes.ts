// /api/auth: login, logout, register, password, user and selectMyRoles (docs/security.md).
// Guessable calls (login, register, password) are rate limited, logins so that an attacker
// cannot lock the owner out (docs/0004-sessions-and-login-throttling.md); failures say as little
// as possible (one message for "no such user" and "wrong password", checked in the same time;
// one answer to a registration whether or not the address has an account).
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { isAdmin } from '@lfit/domain/access/roles'
import { VISITOR_ANSWER } from '@lfit/domain/api/answers'
import { TOOLKIT_MESSAGES } from '@lfit/domain/messages/validation'
import { normalizeUsername } from '@lfit/domain/users/email'
import {
  awaitsAcceptance,
  creationStamp,
  isBlocked,
  NEW_REGISTRATION_STATUS,
} from '@lfit/domain/users/user'
import { newPasswordSchema, registrationSchema } from '@lfit/domain/users/validation'
import type { Config } from '../config'
import { clientAddress } from '../http/client'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { RateLimiter } from '../http/rate-limit'
import { registrationAttemptMail, welcomeMail } from '../mail/messages'
import { OutboxMailer, type Mailer } from '../mail/outbox'
import { recordApplication } from '../people/enrolments'
import { DuplicateKeyError } from '../store/port'
import type { AfterAnswer } from './after-answer'
import { attemptCounter } from './attempts'
import { createPasswordLinkRoutes } from './password-link-routes'
import type { PasswordLinks } from './password-links'
import { actAsRefusal } from './acting'
import { hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from './passwords'
import { sessionAnswer, sessionOf, type Session } from './session'
import type { Tokens } from './token'
import type { UserDirectory } from './users'

export interface AuthDeps {
  users: UserDirectory
  tokens: Tokens
  limiter: RateLimiter
  config: Pick<Config, 'trustProxy' | 'rateLimit' | 'publicUrl'>
  clock: () => number
  /** Where e-mails go; the outbox in the default database unless given. */
  mailer?: Mailer
  /** The single-use links that set a password (forgotten password, welcome). */
  passwordLinks: PasswordLinks
  /** Work done after the answer (the forgotten-password lookup and mail). */
  afterAnswer: AfterAnswer
}

const text = (max: number) => z.string().min(1).max(max)

const loginSchema = z.object({ username: text(320), password: text(MAX_PASSWORD_LENGTH) })

const passwordSchema = z.object({
  oldPassword: text(MAX_PASSWORD_LENGTH),
  // The domain's rule for a chosen password (at least 10 characters, docs/security.md).
  newPassword: newPasswordSchema.max(MAX_PASSWORD_LENGTH, {
    error: TOOLKIT_MESSAGES.maxLength(MAX_PASSWORD_LENGTH),
  }),
})

const selectRolesSchema = z.object({ roles: z.array(z.string().max(50)).max(50).optional() })

const actAsSchema = z.object({ username: text(320) })

function requireSession(c: Context<AppEnv>): Session {
  const session = c.var.session
  if (!session) throw new ApiError('notLoggedIn')
  return session
}

export function createAuthRoutes(deps: AuthDeps): Hono<AppEnv> {
  const { users, tokens, limiter, clock } = deps
  const mailer = deps.mailer ?? new OutboxMailer(() => users.store(), clock)
  const auth = new Hono<AppEnv>()

  const take = attemptCounter(limiter, deps.config.rateLimit.windowMs)

  const addressOf = (c: Context<AppEnv>) => clientAddress(c, deps.config.trustProxy)

  auth.post('/login', async (c) => {
    const body = parseBody(loginSchema, c.var.body)
    const username = normalizeUsername(body.username)
    const knownDevice = (await tokens.knownDevice(c)) === username
    const keys = take(c, limiter.loginKeys(addressOf(c), username, knownDevice), 'login', username)
    const user = await users.fresh(username)
    if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) {
      c.var.log.info('login failed', { requestId: c.var.requestId, username })
      throw new ApiError('badCredentials')
    }
    // An application nobody has accepted yet is answered, and counted, as a wrong password: its
    // password is whatever anyone who registered the address chose, so any other answer would
    // tell them whether the address was free (docs/0030-links-logins-and-answers.md).
    if (awaitsAcceptance(user)) {
      c.var.log.info('login failed', { requestId: c.var.requestId, username, awaiting: true })
      throw new ApiError('badCredentials')
    }
    limiter.succeeded(keys)
    // Said only to someone who knows the password of an account an admin has blocked.
    if (isBlocked(user as { status?: string })) throw new ApiError('userBlocked')
    // A login over an existing session replaces it.
    const previous = await tokens.read(c)
    if (previous && previous !== 'invalid') await users.sessions.end(previous.session)
    const session = await users.sessions.start(username)
    await tokens.issue(c, { username, session })
    await tokens.rememberDevice(c, username)
    c.var.log.info('login', { requestId: c.var.requestId, username })
    return answer(c, sessionAnswer(sessionOf(user)))
  })

  auth.post('/logout', async (c) => {
    const claims = await tokens.read(c)
    if (claims && claims !== 'invalid') await users.sessions.end(claims.session)
    tokens.clear(c)
    return answer(c, { ok: true })
  })

  // A visitor is an answer, not a refusal (docs/0043-a-visitor-is-an-answer.md); a blocked user
  // is still refused with 401 userBlocked by the session check before this.
  auth.post('/user', (c) => {
    const session = c.var.session
    return answer(c, session ? sessionAnswer(session) : VISITOR_ANSWER)
  })

  auth.post('/register', async (c) => {
    const raw = c.var.body as { username?: unknown }
    const claimed = typeof raw?.username === 'string' ? normalizeUsername(raw.username) : undefined
    // Every attempt counts: a successful one creates an account.
    const username = claimed?.slice(0, 320)
    take(c, limiter.keysFor('register', addressOf(c), username), 'register', username)
    const form = parseBody(registrationSchema, c.var.body)
    if (form.password.length > MAX_PASSWORD_LENGTH) {
      throw new ApiError('invalidValue', { field: 'password' })
    }
    // Hashed for a known address as well, so the answer takes as long either way.
    const passwordHash = await hashPassword(form.password)
    const { password: _password, year, project, ...fields } = form
    const record = {
      ...fields,
      // The username is an e-mail address (docs/product-rules.md, Users); the account's e-mail
      // is the same.
      email: form.username,
      // Not active, no role: a registration editor accepts the account first. (The schema has no
      // status, so one sent by the registrant never gets here.)
      status: NEW_REGISTRATION_STATUS,
      roles: [],
      passwordHash,
      ...creationStamp(form.username, new Date(clock())),
    }
    const collection = await users.collection()
    let mail
    try {
      await collection.insert(record)
      // The application itself: an enrolment in the chosen year, by the applicant
      // (docs/product-rules.md#enrolment). Only for a new account: the owner of a known
      // address may not be who is asking.
      await recordApplication(await users.store(), {
        person: form.username,
        year,
        project,
        at: new Date(clock()).toISOString(),
      })
      c.var.log.info('registered', { requestId: c.var.requestId, username: form.username })
      mail = welcomeMail(form.username, form.firstName, form.language)
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error
      // The answer below is the same as for a new account: only the owner learns, by e-mail.
      c.var.log.info('registration for a known address', { requestId: c.var.requestId })
      mail = registrationAttemptMail(form.username, form.language)
    }
    await mailer.send(mail)
    c.var.log.info('mail queued', { requestId: c.var.requestId, kind: mail.kind })
    return answer(c, { ok: true }, 202)
  })

  auth.post('/password', async (c) => {
    const session = requireSession(c)
    const body = parseBody(passwordSchema, c.var.body)
    const username = session.user.username
    const keys = take(c, limiter.keysFor('password', addressOf(c), username), 'password', username)
    const user = await users.fresh(username)
    if (!user || !(await verifyPassword(user.passwordHash, body.oldPassword))) {
      throw new ApiError('badCredentials')
    }
    limiter.refund(keys)
    const collection = await users.collection()
    await collection.upsert(
      { _id: user._id },
      { $set: { passwordHash: await hashPassword(body.newPassword) } },
      { upsert: false },
    )
    users.forgetAll()
    // Whoever else holds a session of this user (a lost phone, a thief) is out; this one stays.
    await users.sessions.endAllOf([username], session.id)
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
    // The same session, now acting with other roles.
    const claims = { username, session: session.id as string }
    await tokens.issue(c, acting ? { ...claims, acting } : claims)
    c.var.log.info('acting with roles', { requestId: c.var.requestId, username, roles: acting })
    const roles = acting ?? [...session.user.roles]
    return answer(c, sessionAnswer({ user: session.user, roles, acting }))
  })

  // Acting as another user (docs/0045-acting-as-another-user.md): the token stays the admin's,
  // with the user acted as beside; every check is made on the admin's own roles.
  auth.post('/actAs', async (c) => {
    const session = requireSession(c)
    const actor = session.actor ?? session.user
    if (!isAdmin(actor)) throw new ApiError('forbidden')
    const username = normalizeUsername(parseBody(actAsSchema, c.var.body).username)
    const target = await users.cachedView(username)
    if (!target) throw new ApiError('userNotFound', { username: username.slice(0, 320) })
    const refusal = actAsRefusal(actor, target)
    if (refusal) throw new ApiError(refusal)
    await tokens.issue(c, { username: actor.username, session: session.id as string, as: username })
    c.var.log.info('acting as started', {
      requestId: c.var.requestId,
      actor: actor.username,
      as: username,
    })
    return answer(
      c,
      sessionAnswer({ user: target.user, roles: [...target.user.roles], acting: null, actor }),
    )
  })

  auth.post('/stopActing', async (c) => {
    const session = requireSession(c)
    const actor = session.actor
    // Not acting: nothing to end, the caller is answered as they are.
    if (!actor) return answer(c, sessionAnswer(session))
    await tokens.issue(c, { username: actor.username, session: session.id as string })
    c.var.log.info('acting as ended', {
      requestId: c.var.requestId,
      actor: actor.username,
      as: session.user.username,
    })
    return answer(c, sessionAnswer({ user: actor, roles: [...actor.roles], acting: null }))
  })

  // Forgotten password and the links that set one (docs/security.md#password-links).
  auth.route(
    '/',
    createPasswordLinkRoutes({ ...deps, links: deps.passwordLinks, mailer, take, addressOf }),
  )

  return auth
}
