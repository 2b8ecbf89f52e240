// An administrator acting as another user (docs/0045-acting-as-another-user.md): only an admin,
// never as another admin or a blocked account; the acting admin reads and is refused what the
// user would be; every write names both (the synced record's stamp, its history, the acting log,
// the log line); the session stays the admin's and one call ends it. Both stores.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import type { PushResponse } from '@lfit/domain/sync/protocol'
import {
  START,
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
const OTHER_ADMIN = { ...userFor('admin'), username: 'second.admin@test.lfit' }
const EDITOR = userFor('presenceEditor')
const PARTICIPANT = userFor('participant')
const BLOCKED = {
  ...userFor('participant'),
  username: 'blocked@test.lfit',
  status: 'blocked' as const,
}

type SessionBody = { user: { username: string; roles: string[]; actor?: { username: string } } }
const errorOf = (body: unknown) =>
  (body as { error?: { code?: string; message?: { sl?: string; en?: string } } }).error

describe.each(STORE_KINDS)('acting as another user on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [ADMIN, OTHER_ADMIN, EDITOR, PARTICIPANT, BLOCKED])
    server = await startServer({ store: db.store })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it.each([
    ['a visitor', null, EDITOR.username, 401, 'notLoggedIn'],
    ['a presence editor', 'presenceEditor', PARTICIPANT.username, 403, 'forbidden'],
    ['an admin, as another admin', 'admin', OTHER_ADMIN.username, 403, 'actAsAdmin'],
    ['an admin, as themself', 'admin', ADMIN.username, 403, 'actAsAdmin'],
    ['an admin, as a blocked account', 'admin', BLOCKED.username, 409, 'actAsBlocked'],
    ['an admin, as nobody', 'admin', 'nobody@test.lfit', 404, 'userNotFound'],
    ['an admin, with no username', 'admin', '', 400, 'invalidBody'],
  ] as const)(
    '%s is refused with a bilingual reason and nothing changes',
    async (_, role, target, status, code) => {
      const browser = role ? await server.as(role) : server.browser()
      const before = browser.cookies.get('token')
      const answer = await browser.auth('actAs', { username: target })
      expect(answer.status).toBe(status)
      const error = errorOf(answer.body)
      if (status !== 400) expect(error?.code).toBe(code)
      expect(error?.message?.sl).toBeTruthy()
      expect(error?.message?.en).toBeTruthy()
      expect(error?.message?.sl).not.toBe(error?.message?.en)
      expect(browser.cookies.get('token')).toBe(before)
      if (role) {
        const me = (await browser.auth('user')).body as SessionBody
        expect(me.user.actor).toBeUndefined()
      }
      expect(await snapshot(db.store, 'actingLog')).toEqual([])
    },
  )

  it('the admin sees what the user sees, and one call ends it on the same session', async () => {
    const admin = await server.as('admin')
    const started = await admin.auth('actAs', { username: EDITOR.username })
    expect(started.status).toBe(200)
    expect((started.body as SessionBody).user).toMatchObject({
      username: EDITOR.username,
      roles: ['presenceEditor'],
      actor: { username: ADMIN.username },
    })
    const me = (await admin.auth('user')).body as SessionBody
    expect(me.user.username).toBe(EDITOR.username)
    expect(me.user.actor?.username).toBe(ADMIN.username)
    // The admin's own page is refused, as it would be to the presence editor...
    expect((await admin.post('/api/dev/mail/queue')).status).toBe(403)
    // ...and users are read as the editor's directory view: no e-mail address.
    const users = await admin.db('users', 'find', { query: { username: PARTICIPANT.username } })
    expect(users.status).toBe(200)
    expect((users.body as Record<string, unknown>[])[0]).not.toHaveProperty('email')
    // Calls that speak for the account holder themself wait for the end.
    const password = await admin.auth('password', {
      oldPassword: 'test-password-1',
      newPassword: 'a-new-password-2',
    })
    expect(password.status).toBe(403)
    expect(errorOf(password.body)?.code).toBe('notWhileActing')
    // The session is still the admin's own: no session was started for the editor.
    const sessions = await snapshot(db.store, 'sessions')
    expect(sessions.map((session) => session.username)).toEqual([ADMIN.username])

    const ended = await admin.auth('stopActing')
    expect(ended.status).toBe(200)
    expect((ended.body as SessionBody).user.username).toBe(ADMIN.username)
    expect((ended.body as SessionBody).user.actor).toBeUndefined()
    expect((await admin.post('/api/dev/mail/queue')).status).toBe(200)
  })

  it('a write made while acting is recorded under both names, and no log line holds a secret', async () => {
    const admin = await server.as('admin')
    await admin.auth('actAs', { username: EDITOR.username })
    const recordId = `lfit_20261116:${PARTICIPANT.username}`
    const push = await admin.db('attendance', 'upsertBatch', {
      v: 1,
      batch: [
        {
          id: `m-${randomUUID()}`,
          collection: 'attendance',
          recordId,
          hlc: encodeHlc({ wall: START, counter: 0, node: 'tablet' }),
          deviceId: 'tablet',
          fields: { mark: 'present' },
        },
      ],
    })
    expect(push.status).toBe(200)
    expect((push.body as PushResponse).results[0]?.status).toBe('applied')

    const [record] = await db.store.collection('attendance').find({ _id: recordId })
    expect((record?.stamps as Record<string, unknown>).mark).toMatchObject({
      user: EDITOR.username,
      actor: ADMIN.username,
    })
    const [history] = await snapshot(db.store, 'history')
    expect(history).toMatchObject({ user: EDITOR.username, actor: ADMIN.username })
    const acting = await snapshot(db.store, 'actingLog')
    expect(acting).toEqual([
      expect.objectContaining({
        actor: ADMIN.username,
        as: EDITOR.username,
        method: 'POST',
        path: '/api/db/attendance/upsertBatch',
        status: 200,
      }),
    ])
    const apiLine = server.log.lines.find(
      (line) => line.message === 'api' && line.fields.path === '/api/db/attendance/upsertBatch',
    )
    expect(apiLine?.fields).toMatchObject({ actor: ADMIN.username, as: EDITOR.username })
    const started = server.log.lines.find((line) => line.message === 'acting as started')
    expect(started?.fields).toMatchObject({ actor: ADMIN.username, as: EDITOR.username })
    const logged = JSON.stringify(server.log.lines)
    expect(logged).not.toContain(admin.cookies.get('token'))
    expect(logged).not.toContain('test-password-1')
  })

  it('acting ends by itself when the user is blocked meanwhile: the admin is themself again', async () => {
    const admin = await server.as('admin')
    await admin.auth('actAs', { username: PARTICIPANT.username })
    await db.store
      .collection('users')
      .upsert(
        { username: PARTICIPANT.username },
        { $set: { status: 'blocked' } },
        { upsert: false },
      )
    // Past the user cache's minute (docs/security.md#sessions).
    server.clock.advance(61_000)
    const me = (await admin.auth('user')).body as SessionBody
    expect(me.user.username).toBe(ADMIN.username)
    expect(me.user.actor).toBeUndefined()
  })
})
