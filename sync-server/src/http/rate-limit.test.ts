import { describe, expect, it } from 'vitest'
import { ACCOUNT_CEILING_FACTOR, RateLimiter } from './rate-limit'

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
    limiter.forget(login[1]?.key ?? '')
    expect(limiter.allows(login)).toBe(true)
  })

  it('takes an attempt only when every key has room, counting it in the same step', () => {
    const { limiter } = make()
    const keys = limiter.keysFor('password', 'ip', 'ana')
    expect(limiter.take(keys)).toBe(true)
    expect(limiter.take(keys)).toBe(true)
    // The username is spent: refused, and the address's count is not touched by the refusal.
    expect(limiter.take(keys)).toBe(false)
    expect(limiter.take(limiter.keysFor('password', 'ip', 'bor'))).toBe(true)
    expect(limiter.take(limiter.keysFor('password', 'ip', 'cene'))).toBe(false)
    limiter.refund(keys)
    expect(limiter.take(keys)).toBe(true)
  })
})

describe('login keys', () => {
  const limit = { windowMs: 1000, perIp: 6, perUsername: 2 }
  const spend = (limiter: RateLimiter, ip: string, username: string, device = false) => {
    let taken = 0
    while (limiter.take(limiter.loginKeys(ip, username, device))) taken += 1
    return taken
  }

  it('hold each address to its limit per account, and to a wider one across accounts', () => {
    const limiter = new RateLimiter(limit, () => 0)
    expect(spend(limiter, 'a', 'ana')).toBe(2)
    // The owner elsewhere is not held by the attacker's address.
    expect(limiter.take(limiter.loginKeys('b', 'ana', false))).toBe(true)
    expect(spend(limiter, 'a', 'bor')).toBe(2)
    expect(spend(limiter, 'a', 'cene')).toBe(2)
    expect(spend(limiter, 'a', 'dana')).toBe(0)
  })

  it('hold an account to a ceiling across addresses that a known device does not meet', () => {
    const limiter = new RateLimiter(limit, () => 0)
    let taken = 0
    for (let address = 0; address < 100; address++) taken += spend(limiter, `x${address}`, 'ana')
    expect(taken).toBe(limit.perUsername * ACCOUNT_CEILING_FACTOR)
    expect(limiter.take(limiter.loginKeys('home', 'ana', false))).toBe(false)
    expect(limiter.take(limiter.loginKeys('home', 'ana', true))).toBe(true)
  })

  it('hold a known device to its own account at its address only, not to the address across accounts', () => {
    const limiter = new RateLimiter(limit, () => 0)
    for (const name of ['bor', 'cene', 'dana']) expect(spend(limiter, 'studio', name)).toBe(2)
    expect(limiter.take(limiter.loginKeys('studio', 'ana', false))).toBe(false)
    expect(limiter.take(limiter.loginKeys('studio', 'ana', true))).toBe(true)
    // Its own account at its address still has the hard limit: a known device cannot guess on.
    expect(spend(limiter, 'studio', 'ana', true)).toBe(1)
  })

  it('after a success forget the pair and do not count the success elsewhere', () => {
    const limiter = new RateLimiter(limit, () => 0)
    const keys = limiter.loginKeys('a', 'ana', false)
    limiter.take(keys)
    limiter.take(keys)
    limiter.succeeded(keys)
    expect(spend(limiter, 'a', 'ana')).toBe(2)
    // The success is not counted at the address: three failures there, three of six left.
    const other = (name: string) => limiter.take(limiter.loginKeys('a', name, false))
    expect(['bor', 'cene', 'dana', 'eva'].map(other)).toEqual([true, true, true, false])
  })
})
