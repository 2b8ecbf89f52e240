// /api/certificates (docs/access-policy.md#certificates). The issuers (CERTIFICATE_ISSUER_ROLES)
// list the standing, issue, re-issue and revoke; anyone logged in reads their own certificates;
// anyone at all verifies a code through /verify, which answers only the holder's name, the scope,
// the issue date and whether it is valid, and answers every wrong, malformed or unknown code with
// the same "not found", counted against the caller's address by the login rate limiter. The two
// answers a certificate is printed from (/get, /verify) carry `verifyAt`, the verification page at
// PUBLIC_URL, for its QR code and printed address (docs/operations.md#links-in-e-mails).
import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { z } from 'zod'
import { hasAnyRole } from '@lfit/domain/access/roles'
import {
  CERTIFICATE_LANGUAGES,
  certificateScopeSchema,
  MAX_REVOKE_REASON,
  verificationOf,
  verifyPageAt,
} from '@lfit/domain/certificates/record'
import { CERTIFICATE_ISSUER_ROLES } from '@lfit/domain/certificates/roles'
import type { Config } from '../config'
import { clientAddress } from '../http/client'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { RateLimiter } from '../http/rate-limit'
import type { UserDirectory } from '../auth/users'
import type { Mailer } from '../mail/outbox'
import type { Store } from '../store/port'
import { CertificateBook } from './book'
import { EventCertificates } from './events'
import { certificateMac } from './secret'
import { createEventCertificateRoutes } from './event-routes'
import { requireIssuer } from './issuer'

export interface CertificateDeps {
  book: CertificateBook
  events: EventCertificates
  limiter: RateLimiter
  config: Pick<Config, 'trustProxy' | 'rateLimit' | 'publicUrl'>
}

const attendanceScope = certificateScopeSchema.options[0].or(certificateScopeSchema.options[1])
const id = z.string().min(1).max(20)
const reason = z.string().trim().min(1).max(MAX_REVOKE_REASON)
const languages = z.array(z.enum(CERTIFICATE_LANGUAGES)).min(1).max(2)

const listSchema = z.object({ scope: attendanceScope }).strict()
const issueSchema = z
  .object({
    scope: attendanceScope,
    people: z.array(z.string().min(1).max(320)).min(1).max(500),
    languages: languages.default(['sl', 'en']),
  })
  .strict()
const revokeSchema = z.object({ id, reason }).strict()
const idSchema = z.object({ id }).strict()
const verifySchema = z.object({ code: z.string().max(64) }).strict()

export function createCertificateRoutes(deps: CertificateDeps): Hono<AppEnv> {
  const { book, limiter } = deps
  const verifyAt = verifyPageAt(deps.config.publicUrl)
  const routes = new Hono<AppEnv>()

  routes.post('/list', async (c) => {
    requireIssuer(c)
    const { scope } = parseBody(listSchema, c.get('body'))
    return answer(c, { rows: await book.list(scope) })
  })

  routes.post('/issue', async (c) => {
    const issuer = requireIssuer(c)
    const body = parseBody(issueSchema, c.get('body'))
    return answer(c, await book.issue(body.scope, body.people, body.languages, issuer))
  })

  routes.post('/reissue', async (c) => {
    const issuer = requireIssuer(c)
    const body = parseBody(revokeSchema, c.get('body'))
    return answer(c, await book.reissue(body.id, body.reason, issuer))
  })

  routes.post('/revoke', async (c) => {
    const issuer = requireIssuer(c)
    const body = parseBody(revokeSchema, c.get('body'))
    return answer(c, { certificate: await book.revoke(body.id, body.reason, issuer) })
  })

  /** The caller's own certificates. */
  routes.post('/mine', async (c) => {
    const session = c.get('session')
    if (!session) throw new ApiError('notLoggedIn')
    return answer(c, { certificates: await book.ofPerson(session.user.username) })
  })

  /** One certificate, whole: to its holder and the issuers; anyone else is told it is not there. */
  routes.post('/get', async (c) => {
    const session = c.get('session')
    if (!session) throw new ApiError('notLoggedIn')
    const body = parseBody(idSchema, c.get('body'))
    const certificate = await book.find(body.id)
    const issuer = hasAnyRole({ roles: session.roles }, CERTIFICATE_ISSUER_ROLES)
    if (!certificate || (!issuer && certificate.person !== session.user.username)) {
      throw new ApiError('certificateNotFound')
    }
    return answer(c, { certificate, verifyAt })
  })

  routes.post('/verify', async (c) => {
    const keys = limiter.keysFor('certificate', clientAddress(c, deps.config.trustProxy))
    // Refused at the limit before the code is even looked at, so a guesser learns nothing more.
    if (!limiter.allows(keys)) {
      c.get('log').warn('rate limited', { requestId: c.get('requestId'), scope: 'certificate' })
      c.header('Retry-After', String(Math.ceil(deps.config.rateLimit.windowMs / 1000)))
      throw new ApiError('rateLimited')
    }
    const parsed = verifySchema.safeParse(c.get('body'))
    const certificate = parsed.success ? await book.verify(parsed.data.code) : null
    if (!certificate) {
      limiter.count(keys)
      throw new ApiError('certificateNotFound')
    }
    return answer(c, { ...verificationOf(certificate), verifyAt })
  })

  routes.route('/events', createEventCertificateRoutes(deps.events))
  return routes
}

/**
 * The certificate routes with their book, for app.ts. An app built without a secret (tests,
 * benchmarks) keys codes with a random one of its own, never a known one.
 */
export function mountCertificates(deps: {
  stores: () => Promise<Store>
  users: UserDirectory
  clock: () => number
  mailer: Mailer
  limiter: RateLimiter
  config: Pick<Config, 'trustProxy' | 'rateLimit' | 'certificateSecret' | 'publicUrl'>
}): Hono<AppEnv> {
  const secret = deps.config.certificateSecret ?? randomBytes(32).toString('base64url')
  const book = new CertificateBook({ ...deps, mac: certificateMac(secret) })
  const events = new EventCertificates({ ...deps, book, publicUrl: deps.config.publicUrl })
  return createCertificateRoutes({ book, events, limiter: deps.limiter, config: deps.config })
}
