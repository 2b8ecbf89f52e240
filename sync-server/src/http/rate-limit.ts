// Counts attempts per key (a client address, a username) in fixed windows. Counters live in
// this process only; the spec allows that much state per server (issue 3: rate-limit counters),
// and a client spread over two instances gets at most twice the attempts.
import type { RateLimit } from '../config'

/** Most keys kept; beyond it the oldest windows are forgotten first, so memory stays bounded. */
const MAX_KEYS = 50_000

interface Window {
  start: number
  count: number
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>()

  constructor(
    private readonly limit: RateLimit,
    private readonly clock: () => number,
  ) {}

  /** Whether another attempt by every one of these keys would still be within its limit. */
  allows(keys: readonly { key: string; max: number }[]): boolean {
    return keys.every(({ key, max }) => this.current(key).count < max)
  }

  /** Counts one attempt for each key. */
  count(keys: readonly { key: string }[]): void {
    for (const { key } of keys) {
      const window = this.current(key)
      window.count += 1
      // Re-inserting keeps the Map ordered by last use, so eviction drops the stalest.
      this.windows.delete(key)
      this.windows.set(key, window)
    }
    while (this.windows.size > MAX_KEYS) {
      const oldest = this.windows.keys().next().value as string
      this.windows.delete(oldest)
    }
  }

  /** Forgets a username's attempts (a successful login clears its failures). */
  resetUsername(scope: string, username: string): void {
    this.windows.delete(usernameKey(scope, username))
  }

  /** The keys of one attempt: by client address and, when known, by username. */
  keysFor(scope: string, ip: string, username?: string): { key: string; max: number }[] {
    const keys = [{ key: `${scope}:ip:${ip}`, max: this.limit.perIp }]
    if (username) keys.push({ key: usernameKey(scope, username), max: this.limit.perUsername })
    return keys
  }

  private current(key: string): Window {
    const now = this.clock()
    const window = this.windows.get(key)
    if (window && now - window.start < this.limit.windowMs) return window
    return { start: now, count: 0 }
  }
}

const usernameKey = (scope: string, username: string) => `${scope}:user:${username}`
