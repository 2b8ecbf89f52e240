// /api/signups (docs/product-rules.md#sign-up-lists): a visitor's sign-up for a training day
// (/prijavaZaDan) or reservation (/rezervacija), and a registration editor's decisions on them.
// Visitors send through here, not the data API, because each sign-up e-mails the address typed
// in: the calls are rate limited per client address so that nobody can use the form to flood
// someone's mailbox. Every e-mail is queued only after the change it reports is stored.
import { Hono, type Context } from 'hono'
import { decide } from '@lfit/domain/access/policy'
import {
  decideSignup,
  SIGNUP_COLLECTIONS,
  signupDecisionSchema,
  signupNoteSchema,
  storedSignupSchema,
  visitorSignupSchema,
  type SignupDecision,
  type SignupKind,
  type StoredSignup,
} from '@lfit/domain/records/signups'
import type { Config } from '../config'
import { clientAddress } from '../http/client'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { RateLimiter } from '../http/rate-limit'
import { signupDecisionMail, signupReceivedMail } from '../mail/signups'
import { OutboxMailer, type Mailer } from '../mail/outbox'
import type { Store } from '../store/port'
import { newId } from '../store/id'

export interface SignupDeps {
  stores: () => Promise<Store>
  limiter: RateLimiter
  config: Pick<Config, 'trustProxy' | 'rateLimit'>
  clock: () => number
  mailer?: Mailer
}

export function createSignupRoutes(deps: SignupDeps): Hono<AppEnv> {
  const { stores, limiter, clock } = deps
  const mailer = deps.mailer ?? new OutboxMailer(stores, clock)
  const routes = new Hono<AppEnv>()

  const collection = async (kind: SignupKind) =>
    (await stores()).collection(SIGNUP_COLLECTIONS[kind])

  const receive = (kind: SignupKind) => async (c: Context<AppEnv>) => {
    // Counted before the body is checked: a stream of bad forms is as much an abuse as good ones.
    const keys = limiter.keysFor('signup', clientAddress(c, deps.config.trustProxy))
    if (!limiter.take(keys)) {
      c.var.log.warn('rate limited', { requestId: c.var.requestId, scope: 'signup' })
      c.header('Retry-After', String(Math.ceil(deps.config.rateLimit.windowMs / 1000)))
      throw new ApiError('rateLimited')
    }
    const now = clock()
    const { language, ...fields } = parseBody(visitorSignupSchema(kind, now), c.var.body)
    const stored: StoredSignup = storedSignupSchema.parse({
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
      _id: newId(),
      createdAt: new Date(now).toISOString(),
      status: 'received',
      language,
    })
    await (await collection(kind)).insert(stored)
    await mailer.send(signupReceivedMail(kind, stored))
    return answer(c, { signup: stored })
  }

  routes.post('/eventDay', receive('signup'))
  routes.post('/reservation', receive('reservation'))

  /** The registrars only: whoever may save the sign-ups by the access policy. */
  const requireRegistrar = (c: Context<AppEnv>, kind: SignupKind) => {
    const session = c.var.session
    if (!session) throw new ApiError('notLoggedIn')
    const caller = { username: session.user.username, roles: session.roles }
    if (!decide(SIGNUP_COLLECTIONS[kind], 'save', caller).allowed) throw new ApiError('forbidden')
    return caller
  }

  const load = async (kind: SignupKind, id: string): Promise<StoredSignup> => {
    const found = await (await collection(kind)).findById(id)
    if (!found) throw new ApiError('signupNotFound')
    return storedSignupSchema.parse(found)
  }

  const decision = (action: SignupDecision) => async (c: Context<AppEnv>) => {
    const body = parseBody(signupDecisionSchema, c.var.body)
    const caller = requireRegistrar(c, body.kind)
    const current = await load(body.kind, body.id)
    const to = decideSignup(current.status, action)
    if (!to) throw new ApiError('signupUnchanged')
    // Only if nobody changed the status meanwhile: two registrars never send two e-mails.
    const result = await (
      await collection(body.kind)
    ).upsert(
      {
        _id: body.id,
        status: current.status === 'received' ? { $in: ['received', null] } : current.status,
      },
      {
        $set: {
          status: to,
          decidedAt: new Date(clock()).toISOString(),
          decidedBy: caller.username,
        },
      },
      { upsert: false },
    )
    if (result.matched === 0) throw new ApiError('conflict')
    const changed = { ...current, status: to }
    await mailer.send(
      signupDecisionMail(body.kind, changed, to === 'confirmed' ? 'confirmed' : 'cancelled'),
    )
    return answer(c, { signup: changed })
  }

  routes.post('/confirm', decision('confirm'))
  routes.post('/cancel', decision('cancel'))

  routes.post('/note', async (c) => {
    const body = parseBody(signupNoteSchema, c.var.body)
    requireRegistrar(c, body.kind)
    const current = await load(body.kind, body.id)
    const update = body.note ? { $set: { note: body.note } } : { $unset: { note: '' } }
    await (await collection(body.kind)).upsert({ _id: body.id }, update, { upsert: false })
    const { note: _old, ...rest } = current
    return answer(c, { signup: body.note ? { ...rest, note: body.note } : rest })
  })

  return routes
}
