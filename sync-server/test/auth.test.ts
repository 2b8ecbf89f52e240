// /api/auth over HTTP on both stores: the session cookie, the 60-second user cache and blocked
// users, rate limits per address and per username, registration, password change and
// selectMyRoles. Time is the harness clock, never a sleep.
import { VISITOR_ANSWER as VISITOR } from '@lfit/domain/api/answers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  PASSWORD,
  STORE_KINDS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type OpenedStore,
  type TestServer,
} from './harness'

const ADMIN = userFor('admin')
const PARTICIPANT = userFor('participant')
const BOTH = { username: 'both@test.lfit', roles: ['admin', 'presenceEditor'] as const }
const MINUTE = 60_000

const errorCode = (body: unknown) => (body as { error?: { code?: string } })?.error?.code
const userOf = (body: unknown) => (body as { user: Record<string, unknown> }).user

describe.each(STORE_KINDS)('auth on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [ADMIN, PARTICIPANT, { ...BOTH, roles: [...BOTH.roles] }])
    server = await startServer({
      store: db.store,
      config: { rateLimit: { windowMs: 15 * MINUTE, perIp: 8, perUsername: 4 } },
    })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it('logs in with an HttpOnly, SameSite=Lax cookie for one day and answers the user without secrets', async () => {
    const browser = server.browser()
    const login = await browser.login(PARTICIPANT.username)
    expect(login.status).toBe(200)
    const [cookie] = login.headers.getSetCookie()
    expect(cookie).toMatch(/^token=[\w-]+\.[\w-]+\.[\w-]+;/)
    expect(cookie).toMatch(/Max-Age=86400/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).not.toMatch(/Secure/)
    expect(userOf(login.body)).toMatchObject({
      username: PARTICIPANT.username,
      roles: ['participant'],
    })
    const me = await browser.auth('user')
    expect(me.status).toBe(200)
    expect(userOf(me.body)).toMatchObject({ username: PARTICIPANT.username, status: 'active' })
    for (const answer of [login.body, me.body]) {
      expect(JSON.stringify(answer)).not.toMatch(/passwordHash|initialPassword|argon2/)
    }

    const logout = await browser.auth('logout')
    expect(logout.status).toBe(200)
    expect(browser.cookies.has('token')).toBe(false)
    const after = await browser.auth('user')
    expect(after.status).toBe(200)
    expect(after.body).toEqual(VISITOR)
  })

  it('a session expires after one day', async () => {
    const browser = server.browser()
    await browser.login(PARTICIPANT.username)
    server.clock.advance(24 * 60 * MINUTE - 1000)
    expect((await browser.auth('user')).status).toBe(200)
    server.clock.advance(2000)
    expect((await browser.auth('user')).body).toEqual(VISITOR)
  })

  it('a forged or tampered token makes a visitor', async () => {
    const browser = server.browser()
    await browser.login(PARTICIPANT.username)
    const token = browser.cookies.get('token') as string
    const [header, payload, signature] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString()) as object
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: ADMIN.username })).toString(
      'base64url',
    )
    browser.cookies.set('token', `${header}.${forged}.${signature}`)
    const answer = await browser.auth('user')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(VISITOR)
  })

  it('answers one message for an unknown user and a wrong password', async () => {
    const unknown = await server.browser().login('nobody@test.lfit')
    const wrong = await server.browser().login(PARTICIPANT.username, 'not-the-password')
    for (const answer of [unknown, wrong]) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({
        error: {
          code: 'badCredentials',
          message: {
            sl: 'Napačno uporabniško ime ali geslo (nova registracija se lahko prijavi, ko jo potrdimo)',
            en: 'Wrong username or password (a new registration can log in once it is accepted)',
          },
        },
      })
      expect(answer.headers.getSetCookie()).toEqual([])
    }
  })

  it('matches usernames case-insensitively, as they are stored in lower case', async () => {
    expect((await server.browser().login('Participant@Test.LFIT')).status).toBe(200)
  })

  it('refuses a username or password that is not a string (operator injection) with 400', async () => {
    for (const payload of [
      { username: { $ne: null }, password: PASSWORD },
      { username: PARTICIPANT.username, password: { $ne: null } },
      { username: { $gt: '' }, password: { $gt: '' } },
      { username: [PARTICIPANT.username], password: PASSWORD },
    ]) {
      const browser = server.browser()
      const answer = await browser.auth('login', payload)
      expect(answer.status).toBe(400)
      expect(errorCode(answer.body)).toBe('invalidBody')
      expect(browser.cookies.size).toBe(0)
    }
  })

  it('limits failed logins per username: the right password is refused until the window ends', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await server.browser().login(PARTICIPANT.username, 'guess')).status).toBe(401)
    }
    const limited = await server.browser().login(PARTICIPANT.username)
    expect(limited.status).toBe(429)
    expect(errorCode(limited.body)).toBe('rateLimited')
    expect(limited.headers.get('retry-after')).toBe('900')
    // Another user from the same address is not locked out by someone else's failures.
    expect((await server.browser().login(ADMIN.username)).status).toBe(200)
    server.clock.advance(15 * MINUTE)
    expect((await server.browser().login(PARTICIPANT.username)).status).toBe(200)
  })

  it('limits failed logins per address across usernames', async () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const answer = await server.browser().login(`guess${attempt}@test.lfit`, 'guess')
      expect(answer.status).toBe(401)
    }
    expect((await server.browser().login(ADMIN.username)).status).toBe(429)
    server.clock.advance(15 * MINUTE)
    expect((await server.browser().login(ADMIN.username)).status).toBe(200)
  })

  it('a blocked user keeps access for at most the 60-second cache, then loses it and the cookie', async () => {
    const browser = server.browser()
    await browser.login(PARTICIPANT.username)
    expect((await browser.auth('user')).status).toBe(200)
    // Blocked by another server process (straight in the store): this one notices within 60 s.
    await db.store
      .collection('users')
      .upsert({ username: PARTICIPANT.username }, { $set: { status: 'blocked' } })
    server.clock.advance(30_000)
    expect((await browser.auth('user')).status).toBe(200)
    server.clock.advance(30_000)
    const blocked = await browser.db('attendance', 'find', { query: {} })
    expect(blocked.status).toBe(401)
    expect(errorCode(blocked.body)).toBe('userBlocked')
    expect(blocked.headers.getSetCookie().join()).toMatch(/token=;.*Max-Age=0/)
    expect(browser.cookies.has('token')).toBe(false)
    expect((await browser.auth('user')).body).toEqual(VISITOR)
    // The password is right, but a blocked user cannot log in again.
    const again = await browser.login(PARTICIPANT.username)
    expect(again.status).toBe(403)
    expect(errorCode(again.body)).toBe('userBlocked')
    expect(browser.cookies.has('token')).toBe(false)
  })

  it('a user blocked through the API on this server loses access at once', async () => {
    const participant = server.browser()
    await participant.login(PARTICIPANT.username)
    const admin = server.browser()
    await admin.login(ADMIN.username)
    const blocking = await admin.db('users', 'upsert', {
      query: { username: PARTICIPANT.username },
      update: { $set: { status: 'blocked' } },
    })
    expect(blocking.status).toBe(200)
    expect(errorCode((await participant.auth('user')).body)).toBe('userBlocked')
  })

  it('registers a user with the domain rules, logs nobody in, and keeps the account waiting for acceptance', async () => {
    const form = {
      username: ' Ana.Novak@Example.com ',
      password: 'a-good-password',
      firstName: 'Ana',
      lastName: 'Novak',
      country: 'SI',
      phone: '041 123 456',
      year: 1,
    }
    const browser = server.browser()
    const created = await browser.auth('register', form)
    expect(created.status).toBe(202)
    expect(created.body).toEqual({ ok: true })
    expect(browser.cookies.size).toBe(0)
    const stored = await db.store.collection('users').findOne({ username: 'ana.novak@example.com' })
    expect(stored).toMatchObject({
      username: 'ana.novak@example.com',
      phone: '38641123456',
      status: 'blocked',
      roles: [],
      addedBy: 'ana.novak@example.com',
    })
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(stored).not.toHaveProperty('password')
    const early = server.browser()
    const refused = await early.login('ana.novak@example.com', 'a-good-password')
    expect(refused.status).toBe(401)
    expect(errorCode(refused.body)).toBe('badCredentials')
    expect(early.cookies.has('token')).toBe(false)

    // The admin accepts the account on /auth/users by setting it active.
    const admin = server.browser()
    await admin.login(ADMIN.username)
    const accepting = await admin.db('users', 'upsert', {
      query: { username: 'ana.novak@example.com' },
      update: { $set: { status: 'active' } },
    })
    expect(accepting.status).toBe(200)
    expect((await server.browser().login('ana.novak@example.com', 'a-good-password')).status).toBe(
      200,
    )

    // A known address gets the same answer (sessions.test.ts checks the owner's e-mail).
    const again = await server.browser().auth('register', form)
    expect(again.status).toBe(202)
    expect(again.body).toEqual({ ok: true })
  })

  it('a stranger who registers with a chosen status and roles gets neither, cannot log in and reads nothing', async () => {
    const form = {
      username: 'stranger@example.com',
      password: 'stranger-pass-1',
      firstName: 'S',
      lastName: 'Tranger',
      country: 'AT',
      phone: '38641123456',
      year: 1,
      status: 'active',
      roles: ['admin'],
    }
    const stranger = server.browser()
    expect((await stranger.auth('register', form)).status).toBe(202)
    const stored = await db.store.collection('users').findOne({ username: form.username })
    expect(stored).toMatchObject({ status: 'blocked', roles: [] })
    const login = await stranger.login(form.username, form.password)
    // The answer to a wrong password: the stranger chose this one, so any other would say that
    // the address was free.
    const wrong = await server.browser().login(form.username, 'not-the-password')
    expect([login.status, login.body]).toEqual([wrong.status, wrong.body])
    expect(errorCode(login.body)).toBe('badCredentials')
    expect(stranger.cookies.has('token')).toBe(false)
    expect((await stranger.auth('user')).body).toEqual(VISITOR)
    for (const collection of ['users', 'attendance', 'absences']) {
      const read = await stranger.db(collection, 'find', { query: {} })
      expect(read.status, collection).toBeGreaterThanOrEqual(401)
      expect(read.status, collection).toBeLessThan(500)
    }
    // Registering a taken address with a chosen password and logging in with it answers the same.
    const taken = { ...form, username: PARTICIPANT.username }
    expect((await stranger.auth('register', taken)).status).toBe(202)
    const takenLogin = await server.browser().login(taken.username, taken.password)
    expect([takenLogin.status, takenLogin.body]).toEqual([login.status, login.body])
  })

  it('refuses a name with a line break, storing and mailing nothing', async () => {
    const before = await snapshot(db.store, 'users')
    const answer = await server.browser().auth('register', {
      username: 'crlf@example.com',
      password: 'a-good-password',
      firstName: 'Ana\r\n\r\nYour account is closed: log in at https://evil.example',
      lastName: 'Novak',
      country: 'SI',
      phone: '041 123 456',
      year: 1,
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      error: {
        fields: {
          firstName: {
            sl: 'ime mora biti v eni vrstici, brez prelomov vrstic in drugih kontrolnih znakov',
            en: 'a name is one line, without line breaks or other control characters',
          },
        },
      },
    })
    expect(await snapshot(db.store, 'users')).toEqual(before)
    expect(await db.store.collection('mailOutbox').count({})).toBe(0)
  })

  it('refuses a chosen password under 10 characters on registration and change, storing nothing', async () => {
    const SHORT = {
      sl: 'geslo mora imeti vsaj 10 znakov',
      en: 'password must have at least 10 characters',
    }
    const before = await snapshot(db.store, 'users')
    const registration = await server.browser().auth('register', {
      username: 'short@example.com',
      password: 'nine-char',
      firstName: 'S',
      lastName: 'Hort',
      country: 'SI',
      phone: '041 123 456',
      year: 1,
    })
    expect(registration.status).toBe(400)
    expect(registration.body).toMatchObject({ error: { fields: { password: SHORT } } })
    const browser = server.browser()
    await browser.login(PARTICIPANT.username)
    const change = await browser.auth('password', {
      oldPassword: PASSWORD,
      newPassword: 'nine-char',
    })
    expect(change.status).toBe(400)
    expect(change.body).toMatchObject({ error: { fields: { newPassword: SHORT } } })
    expect(await snapshot(db.store, 'users')).toEqual(before)
    expect((await server.browser().login(PARTICIPANT.username)).status).toBe(200)
  })

  it('refuses an invalid registration with the spec messages per field, storing nothing', async () => {
    const before = await snapshot(db.store, 'users')
    const answer = await server.browser().auth('register', {
      username: 'not-an-email',
      password: '',
      phone: '123',
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      error: {
        code: 'invalidBody',
        fields: {
          username: { sl: 'e-naslov ni veljaven', en: 'e-mail not valid' },
          password: { sl: 'obvezno', en: 'required' },
          firstName: { sl: 'obvezno', en: 'required' },
          phone: { sl: 'številka ni veljavna', en: 'mobile number not valid' },
        },
      },
    })
    expect(await snapshot(db.store, 'users')).toEqual(before)
  })

  it('rate limits registrations per address', async () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      expect((await server.browser().auth('register', {})).status).toBe(400)
    }
    expect((await server.browser().auth('register', {})).status).toBe(429)
  })

  it('changes the own password only with the old one', async () => {
    const browser = server.browser()
    await browser.login(PARTICIPANT.username)
    const wrong = await browser.auth('password', { oldPassword: 'nope', newPassword: 'new-pass-1' })
    expect(wrong.status).toBe(401)
    const right = await browser.auth('password', {
      oldPassword: PASSWORD,
      newPassword: 'new-pass-1',
    })
    expect(right.status).toBe(200)
    expect((await server.browser().login(PARTICIPANT.username)).status).toBe(401)
    expect((await server.browser().login(PARTICIPANT.username, 'new-pass-1')).status).toBe(200)
    expect(
      (await server.browser().auth('password', { oldPassword: 'a', newPassword: 'b' })).status,
    ).toBe(401)
  })

  it('lets an admin act with a subset of their roles, and the server honours it', async () => {
    const browser = server.browser()
    await browser.login(BOTH.username)
    expect((await browser.db('users', 'find', { query: {} })).body).toContainEqual(
      expect.objectContaining({ email: ADMIN.username }),
    )
    const chosen = await browser.auth('selectMyRoles', { roles: ['presenceEditor'] })
    expect(chosen.status).toBe(200)
    expect(userOf(chosen.body)).toMatchObject({
      roles: ['presenceEditor'],
      allRoles: ['admin', 'presenceEditor'],
    })
    expect(userOf((await browser.auth('user')).body)).toMatchObject({ roles: ['presenceEditor'] })
    // As a presence editor: names only, no contact details, and no user administration.
    const users = (await browser.db('users', 'find', { query: {} })).body as Record<
      string,
      unknown
    >[]
    expect(users.length).toBe(3)
    for (const user of users) expect(user).not.toHaveProperty('email')
    const insert = await browser.db('users', 'insert', {
      insert: { username: 'x@y.si', status: 'active' },
    })
    expect(insert.status).toBe(403)
    // Still an admin underneath: may switch back.
    const back = await browser.auth('selectMyRoles', { roles: [] })
    expect(userOf(back.body).roles).toEqual(['admin', 'presenceEditor'])
    expect((await browser.db('users', 'find', { query: {} })).body).toContainEqual(
      expect.objectContaining({ email: ADMIN.username }),
    )
  })

  it('refuses selectMyRoles to non-admins and roles the admin does not hold', async () => {
    const participant = await server.as('participant')
    expect((await participant.auth('selectMyRoles', { roles: ['participant'] })).status).toBe(403)
    const admin = await server.as('admin')
    const foreign = await admin.auth('selectMyRoles', { roles: ['presenceEditor'] })
    expect(foreign.status).toBe(400)
    expect(errorCode(foreign.body)).toBe('invalidValue')
    expect((await server.browser().auth('selectMyRoles', { roles: [] })).status).toBe(401)
  })

  it('never writes a password or a hash into the log', async () => {
    const browser = server.browser()
    await browser.login(PARTICIPANT.username)
    await browser.login(PARTICIPANT.username, 'wrong-secret-guess')
    await browser.auth('password', { oldPassword: PASSWORD, newPassword: 'brand-new-secret' })
    const logged = JSON.stringify(server.log.lines)
    for (const secret of [PASSWORD, 'wrong-secret-guess', 'brand-new-secret', '$argon2']) {
      expect(logged).not.toContain(secret)
    }
    expect(server.log.lines.some((line) => line.fields.requestId)).toBe(true)
  })
})
