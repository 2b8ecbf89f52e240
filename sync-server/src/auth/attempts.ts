// Counting the guessable auth calls against the rate limits (docs/0004-sessions-and-login-throttling.md):
// one refusal for all of them, 429 with the bilingual message and a Retry-After.
import type { Context } from 'hono'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import type { Attempt, RateLimiter } from '../http/rate-limit'

export type TakeAttempt = (
  c: Context<AppEnv>,
  keys: Attempt[],
  scope: string,
  username?: string,
) => Attempt[]

/**
 * Counts an attempt, or refuses it when over the limit. Counted before anything is awaited, so
 * concurrent guesses cannot all pass the check first; a success may give it back. `username` is
 * logged with a refusal; leave it out where the address may belong to nobody.
 */
export function attemptCounter(limiter: RateLimiter, windowMs: number): TakeAttempt {
  return (c, keys, scope, username) => {
    if (limiter.take(keys)) return keys
    c.var.log.warn('rate limited', { requestId: c.var.requestId, scope, username })
    c.header('Retry-After', String(Math.ceil(windowMs / 1000)))
    throw new ApiError('rateLimited')
  }
}
