// Login throttling (docs/0004-sessions-and-login-throttling.md): the attempt is counted before
// the password is checked, so concurrent guesses cannot outrun the limit; the hard limits are
// per (account, address) and per address, so an attacker elsewhere cannot lock the owner out;
// across addresses an account has only a much higher ceiling; a device that logged in before is
// held neither to it nor to its address's limit across accounts (docs/0030), only to its own
// account at its address. Client addresses come from X-Forwarded-For (TRUST_PROXY).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Argon2 from '@node-rs/argon2'
import {
  PASSWORD,
  openTestStore,
  seedUsers,
  startServer,
  userFor,
  type Browser,
  type OpenedStore,
  type TestServer,
} from './harness'

/** Every argon2 verification the server runs, counted. */
const verifications = vi.hoisted(() => ({ count: 0 }))
vi.mock('@node-rs/argon2', async (original) => {
  const argon2 = await original<typeof Argon2>()
  return {
    ...argon2,
    verify: (...args: Parameters<typeof argon2.verify>) => {
      verifications.count += 1
      return argon2.verify(...args)
    },
  }
})

const ADMIN = userFor('admin')
const PARTICIPANT = userFor('participant')
const MINUTE = 60_000
const LIMIT = { windowMs: 15 * MINUTE, perIp: 8, perUsername: 4 }

const login = (browser: Browser, username: string, password: string, from: string) =>
  browser.auth('login', { username, password }, { headers: { 'x-forwarded-for': from } })

describe('login throttling', () => {
  let db: OpenedStore
  let server: TestServer
  beforeEach(async () => {
    db = await openTestStore('embedded')
    await seedUsers(db.store, [ADMIN, PARTICIPANT])
    server = await startServer({ store: db.store, config: { rateLimit: LIMIT, trustProxy: true } })
    verifications.count = 0
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it('80 parallel wrong guesses for one account check at most the limit of passwords', async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, () =>
        login(server.browser(), ADMIN.username, 'guess', '203.0.113.9'),
      ),
    )
    expect(verifications.count).toBeLessThanOrEqual(LIMIT.perUsername)
    expect(answers.filter((a) => a.status === 401)).toHaveLength(LIMIT.perUsername)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(80 - LIMIT.perUsername)
  })

  it('an attacker from other addresses cannot lock the admin out of their own address', async () => {
    for (const from of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      for (let guess = 0; guess < LIMIT.perUsername; guess++) {
        expect((await login(server.browser(), ADMIN.username, `g${guess}`, from)).status).toBe(401)
      }
      // That attacker address has spent its guesses at this account, even with the password.
      expect((await login(server.browser(), ADMIN.username, PASSWORD, from)).status).toBe(429)
    }
    const admin = server.browser()
    expect((await login(admin, ADMIN.username, PASSWORD, '192.0.2.10')).status).toBe(200)
    expect(
      (await admin.auth('user', {}, { headers: { 'x-forwarded-for': '192.0.2.10' } })).status,
    ).toBe(200)
  })

  it('a successful login clears its own address’s failures at that account', async () => {
    const from = '192.0.2.20'
    // Two rounds of three typos: six at the account, over its limit of four without the clearing.
    for (let round = 0; round < 2; round++) {
      for (let guess = 0; guess < LIMIT.perUsername - 1; guess++) {
        expect((await login(server.browser(), PARTICIPANT.username, 'typo', from)).status).toBe(401)
      }
      expect((await login(server.browser(), PARTICIPANT.username, PASSWORD, from)).status).toBe(200)
    }
  })

  it('a studio behind one address: other people’s failures there do not lock out a device that logged in before', async () => {
    const studio = '192.0.2.50'
    const student = server.browser()
    expect((await login(student, PARTICIPANT.username, PASSWORD, studio)).status).toBe(200)
    expect((await student.auth('logout')).status).toBe(200)
    // A class logging in at the start of a lesson: the address's limit of failures, spread over
    // accounts, then the address is spent for anyone new.
    for (let person = 0; person < LIMIT.perIp; person++) {
      const answer = await login(server.browser(), `student${person}@test.lfit`, 'typo', studio)
      expect(answer.status).toBe(401)
    }
    expect((await login(server.browser(), ADMIN.username, PASSWORD, studio)).status).toBe(429)
    // The browser that has logged in to its account here before still gets in, at once.
    expect((await login(student, PARTICIPANT.username, PASSWORD, studio)).status).toBe(200)
    expect(
      (await student.auth('user', {}, { headers: { 'x-forwarded-for': studio } })).status,
    ).toBe(200)
    // Its own typos are still limited, by its account at its address.
    for (let guess = 0; guess < LIMIT.perUsername; guess++) {
      expect((await login(student, PARTICIPANT.username, 'typo', studio)).status).toBe(401)
    }
    expect((await login(student, PARTICIPANT.username, PASSWORD, studio)).status).toBe(429)
  })

  it('across many addresses an account meets a ceiling, which a device that logged in before passes', async () => {
    const owner = server.browser()
    expect((await login(owner, ADMIN.username, PASSWORD, '192.0.2.30')).status).toBe(200)
    let refused = 0
    // Attackers on fresh addresses, each within its own address's limits.
    for (let address = 0; address < 40 && refused === 0; address++) {
      for (let guess = 0; guess < LIMIT.perUsername; guess++) {
        const answer = await login(server.browser(), ADMIN.username, 'x', `198.18.0.${address}`)
        if (answer.status === 429) refused += 1
        else expect(answer.status).toBe(401)
      }
    }
    expect(refused).toBeGreaterThan(0)
    const checked = verifications.count
    // A new device on a new address is held to the ceiling too, with no password checked.
    const stranger = await login(server.browser(), ADMIN.username, PASSWORD, '192.0.2.99')
    expect(stranger.status).toBe(429)
    expect(verifications.count).toBe(checked)
    // The owner's device (and only it) still gets in, from any address.
    expect((await login(owner, ADMIN.username, PASSWORD, '192.0.2.31')).status).toBe(200)
    server.clock.advance(LIMIT.windowMs)
    expect((await login(server.browser(), ADMIN.username, PASSWORD, '192.0.2.99')).status).toBe(200)
  })
})
