import { describe, expect, it } from 'vitest'
import { RateLimiter } from './rate-limit'

describe('RateLimiter', () => {
  const make = () => {
    let now = 0
    const limiter = new RateLimiter({ windowMs: 1000, perIp: 3, perUsername: 2 }, () => now)
    return { limiter, at: (ms: number) => (now = ms) }
  }

  it('allows up to the limit per key within a window, then again in the next window', () => {
    const { limiter, at } = make()
    const keys = limiter.keysFor('login', '10.0.0.1', 'ana')
    expect(limiter.allows(keys)).toBe(true)
    limiter.count(keys)
    limiter.count(keys)
    expect(limiter.allows(keys)).toBe(false)
    // Another username from the same address still has room under the address limit.
    const other = limiter.keysFor('login', '10.0.0.1', 'bor')
    expect(limiter.allows(other)).toBe(true)
    limiter.count(other)
    expect(limiter.allows(limiter.keysFor('login', '10.0.0.1', 'cene'))).toBe(false)
    at(999)
    expect(limiter.allows(keys)).toBe(false)
    at(1000)
    expect(limiter.allows(keys)).toBe(true)
  })

  it('keeps scopes apart and forgets a key on reset', () => {
    const { limiter } = make()
    const login = limiter.keysFor('login', 'ip', 'ana')
    limiter.count(login)
    limiter.count(login)
    expect(limiter.allows(limiter.keysFor('register', 'ip', 'ana'))).toBe(true)
    limiter.resetUsername('login', 'ana')
    expect(limiter.allows(login)).toBe(true)
  })
})
