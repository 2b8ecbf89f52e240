// The site's own visit statistics: the analytics script served from /a/script.js posts
// one anonymous page view per page shown to /a/event. Nothing identifies the visitor: no cookie,
// no user, no address is stored. Bad events are refused with the one error shape and store
// nothing; beyond a rate per client address events are dropped, so the collection cannot be
// flooded.
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Config } from '../config'
import { arrivedBody } from '../http/body'
import { clientAddress } from '../http/client'
import { limitBody } from '../http/body-limit'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { RateLimiter } from '../http/rate-limit'
import type { Store } from '../store/port'

export const ANALYTICS_COLLECTION = 'analytics'
const MAX_EVENT_BYTES = 2_048
/**
 * Bodies beyond this are refused (413) before they are read; between this and MAX_EVENT_BYTES
 * an event is read and refused as invalid, like any other bad event.
 */
const MAX_EVENT_BODY_BYTES = 16 * 1024
/** Page views per client address per minute: far above a person reading, far below a flood. */
const EVENTS_PER_MINUTE = 120

export const pageViewSchema = z
  .object({
    type: z.literal('pageview'),
    path: z.string().min(1).max(300).startsWith('/'),
    referrer: z.string().max(500).nullable().optional(),
    lang: z.enum(['en', 'sl']).nullable().optional(),
    width: z.number().int().min(0).max(20_000).optional(),
    /** The browser's clock; kept only as sent, the server's time is what counts. */
    ts: z.number().int().nonnegative().optional(),
  })
  .strict()

export interface AnalyticsDeps {
  stores: () => Promise<Store>
  config: Pick<Config, 'trustProxy'>
  clock: () => number
}

export function createAnalyticsRoutes(deps: AnalyticsDeps): Hono<AppEnv> {
  const limiter = new RateLimiter(
    { windowMs: 60_000, perIp: EVENTS_PER_MINUTE, perUsername: EVENTS_PER_MINUTE },
    deps.clock,
  )
  const analytics = new Hono<AppEnv>()

  analytics.post('/event', limitBody(MAX_EVENT_BODY_BYTES), async (c) => {
    const keys = limiter.keysFor('analytics', clientAddress(c, deps.config.trustProxy))
    // Beyond the limit events are dropped, not refused: statistics never show a visitor an
    // error, and a flood still stores nothing more.
    if (!limiter.allows(keys)) return c.body(null, 204)
    limiter.count(keys)
    const text = await arrivedBody(c, () => c.req.text())
    if (text.length > MAX_EVENT_BYTES) throw new ApiError('invalidValue', { field: 'event' })
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new ApiError('invalidValue', { field: 'event' })
    }
    const event = pageViewSchema.safeParse(json)
    if (!event.success) throw new ApiError('invalidValue', { field: 'event' })
    const store = await deps.stores()
    await store
      .collection(ANALYTICS_COLLECTION)
      .insert({ _id: randomUUID(), ...event.data, at: deps.clock() })
    return c.body(null, 204)
  })

  return analytics
}
