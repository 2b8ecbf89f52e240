// Forgotten password and the single-use links (docs/security.md#password-links), on both stores:
// the link works once, within an hour, ends every session of the account; the request answers the
// same for any address and mails only a real, usable account; both calls are rate limited; bad
// input changes nothing; no token reaches the log. Time is the harness clock.
import { VISITOR_ANSWER as VISITOR } from '@lfit/domain/api/answers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PasswordLinks } from '../src/auth/password-links'
import type { Collection, Store } from '../src/store/port'
import {
  PASSWORD,
  STORE_KINDS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type Answer,
  type OpenedStore,
  type TestServer,
} from './harness'

const ADMIN = userFor('admin')
const PARTICIPANT = { ...userFor('participant'), language: 'en' }
const EDUCATOR = userFor('educator')
const BLOCKED = { ...userFor('regEditor'), status: 'blocked' as const }
/** A self-registered applicant nobody has accepted yet: blocked, no role, added by themselves. */
const APPLICANT = {
  username: 'applicant@test.lfit',
  roles: [],
  status: 'blocked' as const,
  addedBy: 'applicant@test.lfit',
}
const MINUTE = 60_000
const LIMIT = { windowMs: 15 * MINUTE, perIp: 8, perUsername: 4 }
const NEW_PASSWORD = 'a-brand-new-password'

/** Waits until the work queued by the request of `answer` after answering it is done. */
async function workDone(server: TestServer, answer: Answer): Promise<void> {
  const requestId = answer.headers.get('x-request-id')
  await vi.waitFor(() =>
    expect(server.log.lines).toContainEqual(
      expect.objectContaining({
        message: 'work after the answer done',
        fields: expect.objectContaining({ requestId }),
      }),
    ),
  )
}

/**
 * The store, but every read and write of `users` waits until `open()` is called: what an answer
 * needs from the users collection cannot come before then.
 */
function usersHeldBack(store: Store): { store: Store; open: () => void } {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  const held = (collection: Collection): Collection =>
    new Proxy(collection, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver)
        if (typeof value !== 'function') return value
        return async (...args: unknown[]) => {
          await opened
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      },
    })
  return {
    open,
    store: {
      kind: store.kind,
      collection: (name) =>
        name === 'users' ? held(store.collection(name)) : store.collection(name),
      drop: () => store.drop(),
      close: () => store.close(),
    },
  }
}

const errorOf = (answer: Answer) =>
  (answer.body as { error?: { code?: string; message?: { sl?: string; en?: string } } }).error

describe.each(STORE_KINDS)('password links on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [ADMIN, PARTICIPANT, EDUCATOR, BLOCKED, APPLICANT])
    server = await startServer({ store: db.store, config: { rateLimit: LIMIT, trustProxy: true } })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  /**
   * Asks for a link from its own address (so the per-client limit stays out of the way), and
   * waits for the work the answer did not wait for (the lookup and the mail) to be done.
   */
  let client = 0
  async function forgot(username: unknown, from = `198.51.100.${++client}`): Promise<Answer> {
    const asked = await server
      .browser()
      .auth('forgotPassword', { username }, { headers: { 'x-forwarded-for': from } })
    if (asked.status === 202) await workDone(server, asked)
    return asked
  }
  const linkCall = (call: 'checkPasswordLink' | 'newPassword', payload: unknown) =>
    server
      .browser()
      .auth(call, payload, { headers: { 'x-forwarded-for': `203.0.113.${++client}` } })

  const outbox = () => snapshot(db.store, 'mailOutbox')
  /** The token of the last reset mail to `to`. */
  async function tokenMailedTo(to: string): Promise<string> {
    const mails = (await outbox()).filter((m) => m.to === to && m.kind === 'passwordReset')
    const token = /token=([A-Za-z0-9_-]+)/.exec(String(mails.at(-1)?.text))?.[1]
    if (!token) throw new Error(`no reset link mailed to ${to}`)
    return token
  }

  it('mails a reset link in the account’s language that sets the password once', async () => {
    const asked = await forgot(' Participant@Test.LFIT ')
    expect(asked.status).toBe(202)
    expect(asked.body).toEqual({ ok: true })
    const [mail] = await outbox()
    expect(mail).toMatchObject({ kind: 'passwordReset', to: PARTICIPANT.username, language: 'en' })
    expect(mail?.subject).toMatch(/new password/)
    expect(mail?.text).toContain(`${server.config.publicUrl}/auth/newPassword?token=`)
    expect(mail?.html).toContain('/auth/newPassword?token=')
    const token = await tokenMailedTo(PARTICIPANT.username)
    // Only the token's hash is stored.
    expect(JSON.stringify(await snapshot(db.store, 'passwordLinks'))).not.toContain(token)

    const checked = await linkCall('checkPasswordLink', { token })
    expect(checked.body).toEqual({
      status: 'valid',
      purpose: 'reset',
      username: PARTICIPANT.username,
    })
    const set = await linkCall('newPassword', { token, password: NEW_PASSWORD })
    expect(set.status).toBe(200)
    expect(set.body).toEqual({ ok: true })
    expect((await server.browser().login(PARTICIPANT.username, NEW_PASSWORD)).status).toBe(200)
    expect((await server.browser().login(PARTICIPANT.username, PASSWORD)).status).toBe(401)

    const again = await linkCall('newPassword', { token, password: 'yet-another-password' })
    expect(again.status).toBe(410)
    expect(errorOf(again)).toMatchObject({ code: 'passwordLinkUsed' })
    expect(errorOf(again)?.message?.sl).toMatch(/že bila uporabljena/)
    expect((await linkCall('checkPasswordLink', { token })).body).toEqual({ status: 'used' })
    expect((await server.browser().login(PARTICIPANT.username, NEW_PASSWORD)).status).toBe(200)
  })

  it('redeeming a link ends every session of the account, on every device', async () => {
    const phone = server.browser()
    const laptop = server.browser()
    await phone.login(PARTICIPANT.username)
    await laptop.login(PARTICIPANT.username)
    const admin = await server.as('admin')
    await forgot(PARTICIPANT.username)
    const token = await tokenMailedTo(PARTICIPANT.username)
    // Asking alone changes nothing: whoever asked need not be the owner.
    expect((await phone.auth('user')).status).toBe(200)
    expect((await phone.auth('newPassword', { token, password: NEW_PASSWORD })).status).toBe(200)
    expect((await phone.auth('user')).body).toEqual(VISITOR)
    expect((await laptop.db('attendance', 'find', { query: {} })).status).toBe(401)
    expect((await admin.auth('user')).status).toBe(200)
  })

  it('a reset link expires after one hour; a new request replaces the old link', async () => {
    await forgot(PARTICIPANT.username)
    const first = await tokenMailedTo(PARTICIPANT.username)
    server.clock.advance(59 * MINUTE)
    expect((await linkCall('checkPasswordLink', { token: first })).body).toMatchObject({
      status: 'valid',
    })
    server.clock.advance(MINUTE)
    expect((await linkCall('checkPasswordLink', { token: first })).body).toEqual({
      status: 'expired',
    })
    const late = await linkCall('newPassword', { token: first, password: NEW_PASSWORD })
    expect(late.status).toBe(410)
    expect(errorOf(late)).toMatchObject({ code: 'passwordLinkExpired' })
    expect((await server.browser().login(PARTICIPANT.username)).status).toBe(200)

    await forgot(PARTICIPANT.username)
    const second = await tokenMailedTo(PARTICIPANT.username)
    await forgot(PARTICIPANT.username)
    const third = await tokenMailedTo(PARTICIPANT.username)
    expect((await linkCall('checkPasswordLink', { token: second })).body).toEqual({
      status: 'unknown',
    })
    expect((await linkCall('newPassword', { token: third, password: NEW_PASSWORD })).status).toBe(
      200,
    )
  })

  it('answers the same for an unknown, a blocked and a real address, and mails only the real one', async () => {
    const answers = [
      await forgot('nobody@test.lfit'),
      await forgot(BLOCKED.username),
      await forgot(APPLICANT.username),
      await forgot(EDUCATOR.username),
    ]
    for (const asked of answers) {
      expect(asked.status).toBe(202)
      expect(asked.body).toEqual({ ok: true })
      expect(asked.headers.getSetCookie()).toEqual([])
    }
    const mails = await outbox()
    expect(mails.map((m) => [m.to, m.kind])).toEqual([
      // An applicant waiting for acceptance learns that the welcome e-mail brings a link.
      [APPLICANT.username, 'passwordResetPending'],
      [EDUCATOR.username, 'passwordReset'],
    ])
    expect(mails[0]).toMatchObject({ language: 'sl' })
    expect(mails[0]?.text).toMatch(/čaka na potrditev/)
    expect(mails[0]?.text).not.toMatch(/token=/)
    const links = await snapshot(db.store, 'passwordLinks')
    expect(links.map((link) => [link.username, link.purpose])).toEqual([
      [EDUCATOR.username, 'reset'],
    ])
  })

  it('answers before the address is looked up: the same answer, the work done afterwards', async () => {
    const held = usersHeldBack(db.store)
    const blind = await startServer({ store: held.store, config: { rateLimit: LIMIT } })
    try {
      // Nothing of the users collection can be read yet, and both are answered all the same.
      const asked = await Promise.all(
        ['nobody@test.lfit', PARTICIPANT.username].map((username) =>
          blind.browser().auth('forgotPassword', { username }),
        ),
      )
      expect(asked.map((answer) => [answer.status, answer.body])).toEqual([
        [202, { ok: true }],
        [202, { ok: true }],
      ])
      expect(await outbox()).toEqual([])
      held.open()
      for (const answer of asked) await workDone(blind, answer)
      expect((await outbox()).map((mail) => [mail.to, mail.kind])).toEqual([
        [PARTICIPANT.username, 'passwordReset'],
      ])
    } finally {
      held.open()
      await blind.close()
    }
  })

  it('tells a welcome link from a reset link', async () => {
    const links = new PasswordLinks(async () => db.store, server.clock.read)
    const token = await links.issue(EDUCATOR.username, 'welcome')
    expect((await linkCall('checkPasswordLink', { token })).body).toEqual({
      status: 'valid',
      purpose: 'welcome',
      username: EDUCATOR.username,
    })
    expect((await linkCall('newPassword', { token, password: NEW_PASSWORD })).status).toBe(200)
    expect((await server.browser().login(EDUCATOR.username, NEW_PASSWORD)).status).toBe(200)
  })

  it('limits requests per address asked about and per client, with the bilingual message', async () => {
    for (let i = 0; i < LIMIT.perUsername; i += 1) {
      expect((await forgot(PARTICIPANT.username)).status).toBe(202)
    }
    const perAddress = await forgot(PARTICIPANT.username)
    expect(perAddress.status).toBe(429)
    expect(errorOf(perAddress)).toMatchObject({
      code: 'rateLimited',
      message: {
        sl: 'Preveč poskusov, poskusite pozneje',
        en: 'Too many attempts, try again later',
      },
    })
    expect(perAddress.headers.get('retry-after')).toBe('900')
    expect((await outbox()).length).toBe(LIMIT.perUsername)

    const from = '192.0.2.77'
    for (let i = 0; i < LIMIT.perIp; i += 1) {
      expect((await forgot(`someone${i}@test.lfit`, from)).status).toBe(202)
    }
    expect((await forgot(EDUCATOR.username, from)).status).toBe(429)
    expect((await forgot(EDUCATOR.username)).status).toBe(202)

    // Redeeming is limited per client too: guessing tokens gets nowhere.
    const guesser = server.browser()
    const guess = (i: number) =>
      guesser.auth(
        'newPassword',
        { token: `${'A'.repeat(40)}${String(i).padStart(3, '0')}`, password: NEW_PASSWORD },
        { headers: { 'x-forwarded-for': '192.0.2.99' } },
      )
    // A link that works is not a guess: checking it, even often, counts nothing.
    const token = await tokenMailedTo(EDUCATOR.username)
    for (let i = 0; i <= LIMIT.perIp; i += 1) {
      const checked = await guesser.auth(
        'checkPasswordLink',
        { token },
        { headers: { 'x-forwarded-for': '192.0.2.99' } },
      )
      expect(checked.body).toMatchObject({ status: 'valid' })
    }
    for (let i = 0; i < LIMIT.perIp; i += 1) expect((await guess(i)).status).toBe(410)
    const refused = await guess(LIMIT.perIp)
    expect(refused.status).toBe(429)
    expect(errorOf(refused)?.code).toBe('rateLimited')
    server.clock.advance(LIMIT.windowMs)
    expect((await guess(0)).status).toBe(410)
  })

  it('refuses bad input with 400 and a bilingual message, changing nothing', async () => {
    await forgot(PARTICIPANT.username)
    const token = await tokenMailedTo(PARTICIPANT.username)
    const before = await Promise.all(
      ['users', 'passwordLinks', 'mailOutbox', 'sessions'].map((name) => snapshot(db.store, name)),
    )
    const cases: [string, 'forgotPassword' | 'checkPasswordLink' | 'newPassword', unknown][] = [
      ['no address', 'forgotPassword', {}],
      ['an address that is not an e-mail', 'forgotPassword', { username: 'participant' }],
      ['an address that is not text', 'forgotPassword', { username: { $ne: null } }],
      ['an oversized address', 'forgotPassword', { username: `${'a'.repeat(400)}@test.lfit` }],
      ['no token to check', 'checkPasswordLink', {}],
      ['a token that is not text', 'checkPasswordLink', { token: { $gt: '' } }],
      ['no token', 'newPassword', { password: NEW_PASSWORD }],
      ['an oversized token', 'newPassword', { token: token.repeat(30), password: NEW_PASSWORD }],
      [
        'a malformed token',
        'newPassword',
        { token: `${token.slice(0, 42)}!`, password: NEW_PASSWORD },
      ],
      ['a cut-off token', 'newPassword', { token: token.slice(0, 30), password: NEW_PASSWORD }],
      ['no password', 'newPassword', { token }],
      ['a short password', 'newPassword', { token, password: 'short' }],
      ['an oversized password', 'newPassword', { token, password: 'x'.repeat(300) }],
      ['a password that is not text', 'newPassword', { token, password: ['a-long-password'] }],
    ]
    for (const [label, call, payload] of cases) {
      const refused =
        call === 'forgotPassword'
          ? await forgot((payload as { username?: unknown }).username)
          : await linkCall(call, payload)
      expect(refused.status, label).toBe(400)
      const error = errorOf(refused) as { code?: string; fields?: Record<string, unknown> }
      expect(error.code, label).toBe('invalidBody')
      for (const message of Object.values(error.fields ?? {})) {
        expect(message, label).toMatchObject({ sl: expect.any(String), en: expect.any(String) })
      }
      expect(Object.keys(error.fields ?? {}).length, label).toBe(1)
    }
    const after = await Promise.all(
      ['users', 'passwordLinks', 'mailOutbox', 'sessions'].map((name) => snapshot(db.store, name)),
    )
    expect(after).toEqual(before)
    // The link still works after all that.
    expect((await linkCall('newPassword', { token, password: NEW_PASSWORD })).status).toBe(200)
  })

  it('never writes a token, a link or a password into the log', async () => {
    await forgot(PARTICIPANT.username)
    const token = await tokenMailedTo(PARTICIPANT.username)
    await linkCall('checkPasswordLink', { token })
    await linkCall('newPassword', { token, password: NEW_PASSWORD })
    await linkCall('newPassword', { token, password: NEW_PASSWORD })
    const logged = JSON.stringify(server.log.lines)
    expect(logged).toMatch(/password set by link/)
    expect(logged).toMatch(/passwordReset/)
    for (const secret of [token, token.slice(0, 20), NEW_PASSWORD, 'token=']) {
      expect(logged).not.toContain(secret)
    }
  })
})
