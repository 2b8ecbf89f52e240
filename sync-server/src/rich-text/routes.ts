// POST /api/richText/sanitize: the editor page shows what the server would store
// (docs/access-policy.md#developer-pages). It stores nothing and changes nothing, so anyone may
// call it; the input is bounded and the calls of one address are rate-limited on their own
// counter, so the sanitiser cannot be used to keep the server busy.
import { Hono } from 'hono'
import { sanitizeRequestSchema } from '@lfit/domain/dev-pages/wire'
import type { Config } from '../config'
import { parseBody } from '../http/body'
import { clientAddress } from '../http/client'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import { RateLimiter } from '../http/rate-limit'
import { sanitizeRichText } from './sanitize'

/**
 * Per address and minute: the editor page asks after each pause in typing, and a studio of
 * several editors shares one address.
 */
export const SANITIZE_LIMIT = { windowMs: 60_000, perIp: 120, perUsername: 120 }

export function createRichTextRoutes(deps: {
  config: Pick<Config, 'trustProxy'>
  clock: () => number
}): Hono<AppEnv> {
  const limiter = new RateLimiter(SANITIZE_LIMIT, deps.clock)
  const routes = new Hono<AppEnv>()
  routes.post('/sanitize', (c) => {
    const keys = limiter.keysFor('sanitize', clientAddress(c, deps.config.trustProxy))
    if (!limiter.take(keys)) throw new ApiError('rateLimited')
    const { html } = parseBody(sanitizeRequestSchema, c.get('body'))
    return answer(c, { html: sanitizeRichText(html) })
  })
  return routes
}
