// Sessions end on the server (docs/0004-sessions-and-login-throttling.md): logout, a password
// change or reset, and a block revoke the token itself, so a copied cookie is worth nothing
// afterwards. Registration answers the same for a new and a known address and tells the owner by
// e-mail (the outbox). Both stores; time is the harness clock.
import { VISITOR_ANSWER as VISITOR } from '@lfit/domain/api/answers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyPassword } from '../src/auth/passwords'
import {
  PASSWORD,
  STORE_KINDS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type Browser,
  type OpenedStore,
  type TestServer,
} from './harness'

const ADMIN = userFor('admin')
const PARTICIPANT = userFor('participant')
const HOUR = 3_600_000

const errorCode = (body: unknown) => (body as { error?: { code?: string } })?.error?.code

/** A second device holding a copy of `browser`'s cookie (as a thief would). */
function copyOf(server: TestServer, browser: Browser): Browser {
  const copy = server.browser()
  for (const [name, value] of browser.cookies) copy.cookies.set(name, value)
  return copy
}

describe.each(STORE_KINDS)('sessions on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [ADMIN, PARTICIPANT])
    server = await startServer({ store: db.store })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it('two logins in the same second get different tokens', async () => {
    const first = server.browser()
    const second = server.browser()
    await first.login(PARTICIPANT.username)
    await second.login(PARTICIPANT.username)
    expect(first.cookies.get('token')).toBeTruthy()
    expect(first.cookies.get('token')).not.toBe(second.cookies.get('token'))
  })

  it('logout ends the token on the server: a copy of the cookie is refused afterwards', async () => {
    const browser = server.browser()
    await browser.login(PARTICIPANT.username)
    const stolen = copyOf(server, browser)
    expect((await stolen.auth('user')).status).toBe(200)
    expect((await browser.auth('logout')).status).toBe(200)
    const after = await stolen.auth('user')
    expect(after.status).toBe(200)
    expect(after.body).toEqual(VISITOR)
    // Another session of the same user is not touched by this logout.
  })

  it('logout of one device leaves the user’s other devices logged in', async () => {
    const phone = server.browser()
    const tablet = server.browser()
    await phone.login(PARTICIPANT.username)
    await tablet.login(PARTICIPANT.username)
    await phone.auth('logout')
    expect((await tablet.auth('user')).status).toBe(200)
  })

  it('changing the own password ends the other sessions and keeps this one', async () => {
    const here = server.browser()
    const elsewhere = server.browser()
    await here.login(PARTICIPANT.username)
    await elsewhere.login(PARTICIPANT.username)
    const changed = await here.auth('password', {
      oldPassword: PASSWORD,
      newPassword: 'new-pass-1',
    })
    expect(changed.status).toBe(200)
    expect((await here.auth('user')).status).toBe(200)
    expect((await elsewhere.auth('user')).body).toEqual(VISITOR)
  })

  it('an admin resetting a password ends every session of that user, and not the admin’s', async () => {
    const participant = server.browser()
    await participant.login(PARTICIPANT.username)
    const admin = await server.as('admin')
    const adminElsewhere = await server.as('admin')
    const id = `user-${PARTICIPANT.username}`
    const reset = await admin.db('users', 'save', { _id: id, password: 'Reset-Pass-42' })
    expect(reset.status).toBe(200)
    expect((await participant.auth('user')).body).toEqual(VISITOR)
    expect((await admin.auth('user')).status).toBe(200)
    expect((await adminElsewhere.auth('user')).status).toBe(200)

    // The admin resetting their own password stays logged in here, and nowhere else.
    const own = await admin.db('users', 'save', {
      _id: `user-${ADMIN.username}`,
      password: 'Own-Reset-42',
    })
    expect(own.status).toBe(200)
    expect((await admin.auth('user')).status).toBe(200)
    expect((await adminElsewhere.auth('user')).body).toEqual(VISITOR)
  })

  it('a block ends the sessions at once, and unblocking does not bring them back', async () => {
    const participant = server.browser()
    await participant.login(PARTICIPANT.username)
    const stolen = copyOf(server, participant)
    const admin = await server.as('admin')
    const id = `user-${PARTICIPANT.username}`
    expect((await admin.db('users', 'save', { _id: id, status: 'blocked' })).status).toBe(200)
    expect((await participant.db('attendance', 'find', { query: {} })).status).toBe(401)
    expect((await admin.db('users', 'save', { _id: id, status: 'active' })).status).toBe(200)
    expect((await stolen.auth('user')).body).toEqual(VISITOR)
  })

  it('a block by query (upsert) ends the sessions of every user it blocks', async () => {
    const participant = server.browser()
    await participant.login(PARTICIPANT.username)
    const stolen = copyOf(server, participant)
    const admin = await server.as('admin')
    const query = { username: PARTICIPANT.username }
    const block = { query, update: { $set: { status: 'blocked' } } }
    expect((await admin.db('users', 'upsert', block)).status).toBe(200)
    const unblock = { query, update: { $set: { status: 'active' } } }
    expect((await admin.db('users', 'upsert', unblock)).status).toBe(200)
    expect((await stolen.auth('user')).body).toEqual(VISITOR)
    expect((await admin.auth('user')).status).toBe(200)
  })

  it('deleting a user ends their sessions: re-created under the same name, the old cookie is refused', async () => {
    const participant = server.browser()
    await participant.login(PARTICIPANT.username)
    const stolen = copyOf(server, participant)
    const admin = await server.as('admin')
    const id = `user-${PARTICIPANT.username}`
    expect((await admin.db('users', 'deleteOne', { _id: id })).status).toBe(200)
    expect(await snapshot(db.store, 'sessions')).not.toContainEqual(
      expect.objectContaining({ username: PARTICIPANT.username }),
    )
    const again = { _id: id, username: PARTICIPANT.username, status: 'active', roles: ['admin'] }
    expect((await admin.db('users', 'save', again)).status).toBe(200)
    expect((await stolen.auth('user')).body).toEqual(VISITOR)
    expect((await admin.auth('user')).status).toBe(200)
  })

  it('expired sessions are removed from the store', async () => {
    await server.browser().login(PARTICIPANT.username)
    const live = await snapshot(db.store, 'sessions')
    expect(live).toHaveLength(1)
    expect(live[0]).toMatchObject({ username: PARTICIPANT.username })
    server.clock.advance(25 * HOUR)
    await server.browser().login(ADMIN.username)
    const left = await snapshot(db.store, 'sessions')
    expect(left.map((s) => s.username)).toEqual([ADMIN.username])
  })

  it('sessions and the mail outbox cannot be reached through the data API', async () => {
    const admin = await server.as('admin')
    for (const collection of ['sessions', 'mailOutbox']) {
      for (const operation of ['find', 'aggregate', 'deleteOne', 'save']) {
        const answer = await admin.db(collection, operation, {
          query: {},
          pipeline: [],
          _id: 'x',
        })
        expect(answer.status).toBe(404)
        expect(errorCode(answer.body)).toBe('unknownCollection')
      }
    }
  })

  it('registration answers the same for a new and a known address, logs nobody in, and mails the owner', async () => {
    const form = {
      username: 'Ana.Novak@Example.com',
      password: 'a-good-password',
      firstName: 'Ana',
      lastName: 'Novak',
      country: 'SI',
      phone: '041 123 456',
      year: 1,
    }
    const first = server.browser()
    const created = await first.auth('register', form)
    const again = server.browser()
    const repeated = await again.auth('register', { ...form, password: 'another-password' })
    const known = server.browser()
    const existing = await known.auth('register', { ...form, username: PARTICIPANT.username })
    for (const answer of [created, repeated, existing]) {
      expect(answer.status).toBe(created.status)
      expect(answer.body).toEqual(created.body)
      expect(answer.headers.getSetCookie()).toEqual([])
    }
    expect(created.status).toBe(202)
    expect(created.body).toEqual({ ok: true })
    for (const browser of [first, again, known]) expect(browser.cookies.size).toBe(0)
    // The first password stands; the second attempt changed nothing. (The login answers both
    // alike until the application is accepted, docs/0030, so the stored hash is asked.)
    const stored = await db.store.collection('users').findOne({ username: 'ana.novak@example.com' })
    expect(await verifyPassword(stored?.passwordHash, 'a-good-password')).toBe(true)
    expect(await verifyPassword(stored?.passwordHash, 'another-password')).toBe(false)

    const outbox = await snapshot(db.store, 'mailOutbox')
    const to = (address: string) => outbox.filter((mail) => mail.to === address)
    const [welcome, ...others] = to('ana.novak@example.com')
    expect(others).toHaveLength(1)
    expect(welcome).toMatchObject({ kind: 'applicationReceived', to: 'ana.novak@example.com' })
    expect(welcome?.text).toMatch(/Ana/)
    expect(others[0]).toMatchObject({ kind: 'registrationAttempt' })
    expect(to(PARTICIPANT.username)).toMatchObject([{ kind: 'registrationAttempt' }])
    for (const mail of outbox) {
      // In the registrant's language (Slovenian unless they chose English), text and HTML.
      expect(mail.subject).toMatch(/LFIT/)
      expect(mail).toMatchObject({ language: 'sl' })
      expect(mail.text).toMatch(/prijav|registracij/i)
      expect(mail.html).toMatch(/^<!doctype html>/)
      expect(JSON.stringify(mail)).not.toMatch(/a-good-password|another-password|argon2/)
    }
    // The log says a message was queued, never to whom or what it says.
    const logged = JSON.stringify(server.log.lines)
    expect(logged).toMatch(/mail queued/)
    for (const mail of outbox) expect(logged).not.toContain(String(mail.text).slice(0, 40))
  })
})
