// POST /api/richText/sanitize: the editor page shows what the server would store
// (docs/access-policy.md#developer-pages). It stores nothing and changes nothing, so anyone may
// call it; the input is bounded (MAX_SANITIZE_CHARS), the calls of one address are rate-limited
// on their own counter, and the calls of everyone run one at a time through a short queue, each
// on a turn of the event loop of its own, so six at once delay another request by one run, not
// six, and a seventh is answered 503 (docs/0032-image-work-is-queued-and-shared-bytes-are-kept.md).
import { Hono } from 'hono'
import { sanitizeRequestSchema } from '@lfit/domain/dev-pages/wire'
import type { Config } from '../config'
import { Admission, Busy, busy } from '../http/admission'
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

/** One run at a time, four waiting; a wait beyond a second and a half is not a preview. */
export const SANITIZE_QUEUE = { concurrency: 1, queueLength: 4, queueTimeoutMs: 1_500 }

export function createRichTextRoutes(deps: {
  config: Pick<Config, 'trustProxy'>
  clock: () => number
}): Hono<AppEnv> {
  const limiter = new RateLimiter(SANITIZE_LIMIT, deps.clock)
  const turns = new Admission(SANITIZE_QUEUE)
  const routes = new Hono<AppEnv>()
  routes.post('/sanitize', async (c) => {
    const keys = limiter.keysFor('sanitize', clientAddress(c, deps.config.trustProxy))
    if (!limiter.take(keys)) throw new ApiError('rateLimited')
    const { html } = parseBody(sanitizeRequestSchema, c.get('body'))
    let release: () => void
    try {
      release = await turns.enter()
    } catch (error) {
      if (error instanceof Busy) throw busy(c, 'serverBusy')
      throw error
    }
    try {
      // Its own turn of the event loop: the requests that came in meanwhile go first.
      await new Promise((resolve) => setImmediate(resolve))
      return answer(c, { html: sanitizeRichText(html) })
    } finally {
      release()
    }
  })
  return routes
}
