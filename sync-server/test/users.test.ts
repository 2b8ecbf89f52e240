// The users collection through /api/db on both stores: admins create users with a generated
// password answered once, save them as the admin screen does, and never see a hash; others see
// names only; testHash tells an admin whether the initial password is still in use.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  PASSWORD,
  START,
  STORE_KINDS,
  openTestStore,
  seedUsers,
  startServer,
  userFor,
  type OpenedStore,
  type TestServer,
} from './harness'

const OTHER = { username: 'other@test.lfit', roles: ['participant' as const] }

type Row = Record<string, unknown>
const errorCode = (body: unknown) => (body as { error?: { code?: string } })?.error?.code

describe.each(STORE_KINDS)('users through the data API on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [
      ...(['admin', 'regEditor', 'participant', 'educator'] as const).map(userFor),
      OTHER,
    ])
    server = await startServer({ store: db.store })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it('admins create users with a generated 12-character password, answered once and never stored in clear', async () => {
    const admin = await server.as('admin')
    const created = await admin.db('users', 'insert', {
      insert: {
        username: 'New.User@X.si',
        status: 'active',
        roles: ['participant'],
        firstName: 'New',
        year: 2,
      },
    })
    expect(created.status).toBe(200)
    const { insertedIds, passwords } = created.body as {
      insertedIds: string[]
      passwords: string[]
    }
    const [password] = passwords
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/)
    const stored = (await db.store.collection('users').findById(insertedIds[0])) as Row
    expect(stored).toMatchObject({
      username: 'new.user@x.si',
      addedBy: userFor('admin').username,
      year: 2,
    })
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/)
    expect(JSON.stringify(stored)).not.toContain(password)
    expect(stored.reserved).toBe(new Date(START).toISOString())

    // Never answered again: not by find, findOne, findById or aggregate.
    for (const answer of [
      await admin.db('users', 'find', { query: {} }),
      await admin.db('users', 'findOne', { query: { username: 'new.user@x.si' } }),
      await admin.db('users', 'findById', { _id: insertedIds[0] }),
      await admin.db('users', 'aggregate', {
        pipeline: [{ $project: { h: '$passwordHash', i: '$initialPassword' } }],
      }),
    ]) {
      expect(answer.status).toBe(200)
      expect(JSON.stringify(answer.body)).not.toMatch(/argon2|passwordHash|initialPassword/)
    }
    expect((await server.browser().login('new.user@x.si', password)).status).toBe(200)

    const stillInitial = await admin.db('users', 'testHash', {
      query: { username: 'new.user@x.si' },
      field: 'initialPassword',
      unhashedValue: password,
    })
    expect(stillInitial.body).toEqual({ match: true })
    const wrong = await admin.db('users', 'testHash', {
      query: { username: 'new.user@x.si' },
      field: 'initialPassword',
      unhashedValue: 'something-else',
    })
    expect(wrong.body).toEqual({ match: false })
  })

  it('admins save users as the admin screen does: given fields set, blank ones removed, a password reset and answered once', async () => {
    const admin = await server.as('admin')
    const target = userFor('educator')
    const id = `user-${target.username}`
    const saved = await admin.db('users', 'save', {
      _id: id,
      roles: ['educator', 'participant'],
      lastName: 'Renamed',
      firstName: '',
    })
    expect(saved.body).toEqual({ ok: true })
    const after = (await db.store.collection('users').findById(id)) as Row
    expect(after).toMatchObject({
      username: target.username,
      status: 'active',
      roles: ['educator', 'participant'],
      lastName: 'Renamed',
    })
    expect(after).not.toHaveProperty('firstName')
    expect(after.passwordHash).toMatch(/^\$argon2id\$/)
    expect((await server.browser().login(target.username)).status).toBe(200)

    // The screen's "reset password" and "block" buttons send one field each.
    const reset = await admin.db('users', 'save', { _id: id, password: 'Reset-Pass-42' })
    expect(reset.body).toEqual({ ok: true, password: 'Reset-Pass-42' })
    expect((await server.browser().login(target.username)).status).toBe(401)
    const educator = server.browser()
    expect((await educator.login(target.username, 'Reset-Pass-42')).status).toBe(200)
    expect((await admin.db('users', 'save', { _id: id, status: 'blocked' })).body).toEqual({
      ok: true,
    })
    expect(errorCode((await educator.auth('user')).body)).toBe('userBlocked')
    // A reset to a password under 10 characters is refused with the domain's message.
    const short = await admin.db('users', 'save', { _id: id, password: 'Short-42' })
    expect(short.status).toBe(400)
    expect(short.body).toMatchObject({
      error: { fields: { password: { en: 'password must have at least 10 characters' } } },
    })
    await admin.db('users', 'save', { _id: id, status: 'active' })

    const fresh = await admin.db('users', 'save', {
      _id: 'user-new',
      username: 'fresh@x.si',
      status: 'active',
    })
    expect(fresh.body).toEqual({ ok: true, password: expect.stringMatching(/^[A-Za-z2-9]{12}$/) })

    const invalid = await admin.db('users', 'save', {
      _id: id,
      username: target.username,
      status: 'gone',
    })
    expect(invalid.status).toBe(400)
    expect(errorCode(invalid.body)).toBe('invalidBody')

    // A programme year outside 1 to 5 is refused with the form's words and changes nothing.
    const badYear = await admin.db('users', 'save', { _id: id, username: target.username, year: 6 })
    expect(badYear.status).toBe(400)
    expect(JSON.stringify(badYear.body)).toContain('programme year must be 1 to 5')
    expect(((await db.store.collection('users').findById(id)) as Row).year).toBeUndefined()

    const passwordBySet = await admin.db('users', 'upsert', {
      query: { _id: id },
      update: { $set: { password: 'sneaky' } },
    })
    expect(passwordBySet.status).toBe(403)
    expect(errorCode(passwordBySet.body)).toBe('readOnlyField')
    expect((await admin.db('users', 'deleteOne', { _id: id })).body).toEqual({ deleted: 1 })
    expect((await server.browser().login(target.username, 'Reset-Pass-42')).status).toBe(401)
  })

  it('staff see others by name only; a participant reads only their own record', async () => {
    const editor = await server.as('educator')
    const users = (await editor.db('users', 'find', { query: { roles: 'participant' } }))
      .body as Row[]
    expect(users.map((user) => user.username).sort()).toEqual([
      OTHER.username,
      userFor('participant').username,
    ])
    for (const user of users) expect(Object.keys(user).sort()).not.toContain('email')
    const byEmail = await editor.db('users', 'find', { query: { email: OTHER.username } })
    expect(byEmail.status).toBe(400)
    expect(errorCode(byEmail.body)).toBe('unknownField')
    // A username is an e-mail address: a participant gets their own record and no one else's.
    const participant = await server.as('participant')
    const seen = (await participant.db('users', 'find', { query: { roles: 'participant' } }))
      .body as Row[]
    expect(seen.map((user) => user.username)).toEqual([userFor('participant').username])
  })

  it('testHash is for admins on the listed field only, and rate limited', async () => {
    const admin = await server.as('admin')
    const target = { username: userFor('participant').username }
    const onHash = await admin.db('users', 'testHash', {
      query: target,
      field: 'passwordHash',
      unhashedValue: PASSWORD,
    })
    expect(onHash.status).toBe(403)
    const regEditor = await server.as('regEditor')
    const notAdmin = await regEditor.db('users', 'testHash', {
      query: target,
      field: 'initialPassword',
      unhashedValue: PASSWORD,
    })
    expect(notAdmin.status).toBe(403)
    const limit = server.config.rateLimit.perUsername
    for (let attempt = 0; attempt < limit; attempt++) {
      const answer = await admin.db('users', 'testHash', {
        query: target,
        field: 'initialPassword',
        unhashedValue: PASSWORD,
      })
      expect(answer.body).toEqual({ match: true })
    }
    const limited = await admin.db('users', 'testHash', {
      query: target,
      field: 'initialPassword',
      unhashedValue: PASSWORD,
    })
    expect(limited.status).toBe(429)
  })
})
