// /api/dev/mail: what /test/email shows an administrator (docs/access-policy.md#developer-pages):
// the outbox's counts and its last messages, and a test message to the admin's own address. The
// list carries recipient, subject, kind, times and status, never a text or HTML (they may hold a
// single-use link), and a subject is masked as well in case a token ever reaches one.
import { Hono, type Context } from 'hono'
import { hasAnyRole } from '@lfit/domain/access/roles'
import {
  MAIL_QUEUE_SHOWN,
  MAIL_STATUSES,
  testMailRequestSchema,
  type MailQueueAnswer,
  type MailQueueEntry,
} from '@lfit/domain/dev-pages/wire'
import type { Config } from '../config'
import { parseBody } from '../http/body'
import { clientAddress } from '../http/client'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { RateLimiter } from '../http/rate-limit'
import type { Doc, Store } from '../store/port'
import { composeMail, greeting } from './compose'
import { MAIL_OUTBOX, type Mailer } from './outbox'

export interface MailDevDeps {
  stores: () => Promise<Store>
  mailer: Mailer
  limiter: RateLimiter
  config: Pick<Config, 'trustProxy' | 'mail'>
}

/** A run of 20 or more URL-safe characters: a link token (32 random bytes are 43). */
const TOKEN_LIKE = /[A-Za-z0-9_-]{20,}/g

/** Hides anything that could be a link token. */
export function maskTokens(text: string): string {
  return text.replace(TOKEN_LIKE, '••••')
}

function requireAdmin(c: Context<AppEnv>) {
  const session = c.get('session')
  if (!session) throw new ApiError('notLoggedIn')
  if (!hasAnyRole({ roles: session.roles }, ['admin'])) throw new ApiError('forbidden')
  return session
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const time = (value: unknown) => (typeof value === 'number' ? value : null)

function entryOf(doc: Doc): MailQueueEntry {
  const status = MAIL_STATUSES.find((s) => s === doc.status) ?? 'queued'
  return {
    to: text(doc.to),
    subject: maskTokens(text(doc.subject)),
    kind: text(doc.kind),
    queuedAt: time(doc.queuedAt) ?? 0,
    doneAt: time(doc.sentAt) ?? time(doc.failedAt),
    status,
    attempts: time(doc.attempts) ?? 0,
  }
}

export function createMailDevRoutes(deps: MailDevDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()

  routes.post('/queue', async (c) => {
    requireAdmin(c)
    const outbox = (await deps.stores()).collection(MAIL_OUTBOX)
    const counted = await Promise.all(MAIL_STATUSES.map((status) => outbox.count({ status })))
    const [queued = 0, sending = 0, sent = 0, failed = 0] = counted
    const latest = await outbox.find(
      {},
      {
        sort: { queuedAt: -1 },
        limit: MAIL_QUEUE_SHOWN,
        projection: {
          to: 1,
          subject: 1,
          kind: 1,
          queuedAt: 1,
          sentAt: 1,
          failedAt: 1,
          status: 1,
          attempts: 1,
        },
      },
    )
    const body: MailQueueAnswer = {
      transport: deps.config.mail.smtpUrl ? 'smtp' : 'file',
      counts: { queued, sending, sent, failed },
      messages: latest.map(entryOf),
    }
    return answer(c, body)
  })

  routes.post('/test', async (c) => {
    const session = requireAdmin(c)
    const { language } = parseBody(testMailRequestSchema, c.get('body'))
    const to = session.user.email || session.user.username
    const hello = greeting(session.user.firstName ?? '')
    const keys = deps.limiter.keysFor(
      'testMail',
      clientAddress(c, deps.config.trustProxy),
      session.user.username,
    )
    if (!deps.limiter.take(keys)) throw new ApiError('rateLimited')
    await deps.mailer.send(
      composeMail('testMessage', to, language, {
        sl: {
          subject: 'LFIT: preizkusno sporočilo',
          paragraphs: [
            hello.sl,
            'To je preizkusno sporočilo, ki ste ga poslali sebi s strani /test/email. Če ga berete, pošiljanje e-pošte deluje.',
          ],
        },
        en: {
          subject: 'LFIT: test message',
          paragraphs: [
            hello.en,
            'this is the test message you sent yourself from the /test/email page. If you are reading it, e-mail delivery works.',
          ],
        },
      }),
    )
    return answer(c, { to })
  })

  return routes
}
