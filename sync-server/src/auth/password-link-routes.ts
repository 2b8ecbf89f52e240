// /api/auth/forgotPassword, checkPasswordLink and newPassword (docs/security.md#password-links):
// "Forgot your password?" mails a single-use link, and the link page checks and redeems it. The
// request is answered before the address is looked up, so nobody learns which addresses have accounts;
// the token travels only in the e-mail and the link page's request bodies, never in a log.
import { Hono, type Context } from 'hono'
import type { Lang } from '@lfit/domain/messages/bilingual'
import { TOOLKIT_MESSAGES } from '@lfit/domain/messages/validation'
import { normalizeUsername } from '@lfit/domain/users/email'
import {
  checkPasswordLinkSchema,
  forgotPasswordSchema,
  MAX_ADDRESS_LENGTH,
  setPasswordSchema,
} from '@lfit/domain/users/password-link'
import { awaitsAcceptance, isBlocked } from '@lfit/domain/users/user'
import type { Config } from '../config'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { RateLimiter } from '../http/rate-limit'
import type { Mailer } from '../mail/outbox'
import { passwordResetMail, passwordResetPendingMail } from '../mail/password'
import type { AfterAnswer } from './after-answer'
import type { TakeAttempt } from './attempts'
import { SET_PASSWORD_PATH, type PasswordLinks, type Redeemed } from './password-links'
import { hashPassword, MAX_PASSWORD_LENGTH } from './passwords'
import type { UserDirectory } from './users'

export interface PasswordLinkDeps {
  users: UserDirectory
  links: PasswordLinks
  limiter: RateLimiter
  mailer: Mailer
  config: Pick<Config, 'publicUrl'>
  take: TakeAttempt
  addressOf: (c: Context<AppEnv>) => string
  /** Where the forgotten-password work waits until the request has been answered. */
  afterAnswer: AfterAnswer
}

/** The server's cap on a password comes on top of the domain's rule, before any hashing. */
const redeemSchema = setPasswordSchema.extend({
  password: setPasswordSchema.shape.password.max(MAX_PASSWORD_LENGTH, {
    error: TOOLKIT_MESSAGES.maxLength(MAX_PASSWORD_LENGTH),
  }),
})

const REFUSALS = {
  expired: 'passwordLinkExpired',
  used: 'passwordLinkUsed',
  unknown: 'passwordLinkUnknown',
} as const

const languageOf = (user: Record<string, unknown>): Lang => (user.language === 'en' ? 'en' : 'sl')

export function createPasswordLinkRoutes(deps: PasswordLinkDeps): Hono<AppEnv> {
  const { users, links, limiter, mailer, take, addressOf } = deps
  const routes = new Hono<AppEnv>()

  routes.post('/forgotPassword', async (c) => {
    const raw = c.var.body as { username?: unknown }
    const claimed =
      typeof raw?.username === 'string'
        ? normalizeUsername(raw.username).slice(0, MAX_ADDRESS_LENGTH)
        : undefined
    // Every request counts, per address asked about and per client: each may send an e-mail.
    // The address is not logged: it may be a stranger's.
    take(c, limiter.keysFor('forgotPassword', addressOf(c), claimed), 'forgotPassword')
    const { username } = parseBody(forgotPasswordSchema, c.var.body)
    // Answered before the address is looked up: known or unknown, the answer is the same and
    // takes the same work (docs/0030-links-logins-and-answers.md).
    const { log, requestId } = c.var
    deps.afterAnswer.queue('forgotPassword', requestId, async () => {
      const kind = await mailResetLink(username)
      if (kind) log.info('mail queued', { requestId, kind })
    })
    return answer(c, { ok: true }, 202)
  })

  /**
   * A usable account gets a link, an applicant a mail without one, anyone else nothing; answers
   * the kind of mail queued.
   */
  async function mailResetLink(username: string): Promise<string | undefined> {
    const user = await users.fresh(username)
    let mail
    if (user && awaitsAcceptance(user)) {
      // No link: the account cannot log in until it is accepted, and acceptance mails one.
      mail = passwordResetPendingMail(username, languageOf(user))
    } else if (user && !isBlocked(user as { status?: string })) {
      const token = await links.issue(username, 'reset')
      const url = `${deps.config.publicUrl}${SET_PASSWORD_PATH}?token=${token}`
      mail = passwordResetMail(username, languageOf(user), url)
    }
    if (mail) await mailer.send(mail)
    return mail?.kind
  }

  /** Whose usable link this is, or why it is not usable; the account must still exist. */
  const usable = async (checked: Redeemed) => {
    if (!checked.ok) return checked
    const user = await users.fresh(checked.username)
    return user ? { ...checked, user } : ({ ok: false, reason: 'unknown' } as const)
  }

  routes.post('/checkPasswordLink', async (c) => {
    const keys = take(c, limiter.keysFor('passwordLink', addressOf(c)), 'passwordLink')
    const { token } = parseBody(checkPasswordLinkSchema, c.var.body)
    const found = await usable(await links.check(token))
    if (!found.ok) return answer(c, { status: found.reason })
    // A link that works is no guess: only the others count, so a studio behind one address can
    // open its welcome links at once.
    limiter.refund(keys)
    return answer(c, { status: 'valid', purpose: found.purpose, username: found.username })
  })

  routes.post('/newPassword', async (c) => {
    const keys = take(c, limiter.keysFor('passwordLink', addressOf(c)), 'passwordLink')
    const { token, password } = parseBody(redeemSchema, c.var.body)
    // Checked before the (deliberately slow) hashing, used up only once the hash is ready.
    const found = await usable(await links.check(token))
    if (!found.ok) throw new ApiError(REFUSALS[found.reason])
    const passwordHash = await hashPassword(password)
    const redeemed = await links.redeem(token)
    if (!redeemed.ok) throw new ApiError(REFUSALS[redeemed.reason])
    const username = redeemed.username
    const collection = await users.collection()
    await collection.upsert({ _id: found.user._id }, { $set: { passwordHash } }, { upsert: false })
    users.forgetAll()
    limiter.refund(keys)
    // Every session of the account ends, this browser's too: whoever had the old password is out.
    await users.sessions.endAllOf([username])
    // The owner proved the mailbox: their failed logins from here no longer hold them back.
    const [pair] = limiter.loginKeys(addressOf(c), username, true)
    if (pair) limiter.forget(pair.key)
    c.var.log.info('password set by link', {
      requestId: c.var.requestId,
      username,
      purpose: redeemed.purpose,
    })
    return answer(c, { ok: true })
  })

  return routes
}
