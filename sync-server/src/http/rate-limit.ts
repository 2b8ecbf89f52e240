// Counts attempts per key (a client address, a username) in fixed windows. Counters live in
// this process only (docs/0004: rate-limit counters are the one state kept per server),
// and a client spread over two instances gets at most twice the attempts. Logins are keyed so
// that an attacker cannot lock an owner out (docs/0004-sessions-and-login-throttling.md).
import type { RateLimit } from '../config'

/**
 * An account's failed logins across every address may reach this many times the per-address
 * limit before a device that never logged in to it is refused: high enough that a few attacker
 * addresses cannot reach it, low enough to cap a spread-out guessing attack.
 */
export const ACCOUNT_CEILING_FACTOR = 10

export interface Attempt {
  key: string
  max: number
}

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
  allows(keys: readonly Attempt[]): boolean {
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

  /**
   * Counts one attempt for every key if each still has room, else counts nothing and answers
   * false. Check and count are one synchronous step, so concurrent requests cannot all pass the
   * check before any of them is counted (the password check comes after, and awaits).
   */
  take(keys: readonly Attempt[]): boolean {
    if (!this.allows(keys)) return false
    this.count(keys)
    return true
  }

  /** Takes back one counted attempt of each key (one that turned out not to be a failure). */
  refund(keys: readonly { key: string }[]): void {
    for (const { key } of keys) {
      const window = this.windows.get(key)
      if (window && window.count > 0) window.count -= 1
    }
  }

  /** Forgets a key's attempts. */
  forget(key: string): void {
    this.windows.delete(key)
  }

  /**
   * The keys of one login: the account at this address (hard, always first); the address across
   * accounts (hard) and the account across addresses (a much higher ceiling) only for a device
   * that has not logged in to the account before. A `knownDevice` is held to its own account at
   * its address alone, so other people's failures at a shared address (a studio, a class logging
   * in at once) or at the account elsewhere never lock it out (docs/0030-links-logins-and-answers.md).
   */
  loginKeys(ip: string, username: string, knownDevice: boolean): Attempt[] {
    const pair = { key: `login:pair:${ip}:${username}`, max: this.limit.perUsername }
    if (knownDevice) return [pair]
    return [
      pair,
      { key: `login:ip:${ip}`, max: this.limit.perIp },
      { key: usernameKey('login', username), max: this.limit.perUsername * ACCOUNT_CEILING_FACTOR },
    ]
  }

  /**
   * A login with these keys succeeded: the pair's failures are forgotten (the owner got it
   * right), and the success itself is not counted against the address or the account, so a
   * studio full of people logging in from one address is fine.
   */
  succeeded(keys: readonly Attempt[]): void {
    const [pair, ...others] = keys
    if (pair) this.forget(pair.key)
    this.refund(others)
  }

  /** The keys of one attempt: by client address and, when known, by username. */
  keysFor(scope: string, ip: string, username?: string): Attempt[] {
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
