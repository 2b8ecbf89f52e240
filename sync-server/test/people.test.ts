// Applications and enrolment over HTTP on both stores (docs/product-rules.md#enrolment):
// registration creates an application and never access, whatever the body says; a registrar
// accepts (account active, participant role, e-mail with a set-password link in the person's
// language), declines with a reason, reopens, withdraws, accepts many; every change is in the
// enrolment's history; the roster comes from accepted enrolments, names only; nobody else may
// call the registrar routes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_BULK } from '@lfit/domain/people/applications'
import type { Role } from '@lfit/domain/access/roles'
import { MAIL_OUTBOX } from '../src/mail/outbox'
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

const REG = userFor('regEditor')

const APPLICANT = {
  username: 'Mia.Kos@Example.com',
  password: 'mias-good-password',
  firstName: 'Mia',
  lastName: 'Kos',
  country: 'SI',
  phone: '041 123 456',
  language: 'en',
  year: '2',
  project: 'LFIT2025',
}
const MIA = 'mia.kos@example.com'
const MIA_ID = `2:${MIA}`

const errorCode = (body: unknown) => (body as { error?: { code?: string } })?.error?.code
type Row = Record<string, unknown> & { history: Record<string, unknown>[] }
const rowOf = (body: unknown) => (body as { application: Row }).application
const participantsOf = (body: unknown) =>
  (body as { participants: Record<string, unknown>[] }).participants

describe.each(STORE_KINDS)('applications and enrolment on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  let registrar: Browser

  const mails = async (to: string) =>
    (await snapshot(db.store, MAIL_OUTBOX)).filter((mail) => mail.to === to)

  const register = async (form: Record<string, unknown>) => {
    const answer = await server.browser().auth('register', form)
    expect(answer.status).toBe(202)
  }

  beforeEach(async () => {
    db = await openTestStore(kind)
    const roles: Role[] = [
      'admin',
      'regEditor',
      'fullRegEditor',
      'presenceEditor',
      'participant',
      'mediaEditor',
    ]
    await seedUsers(db.store, [
      ...roles.map(userFor),
      { username: 'ana@test.lfit', roles: ['participant'], firstName: 'Ana', lastName: 'Novak' },
    ])
    await db.store
      .collection('users')
      .upsert({ username: 'ana@test.lfit' }, { $set: { phone: '38641000000', year: 1 } })
    await db.store.collection('enrolments').insert({
      _id: '1:ana@test.lfit',
      person: 'ana@test.lfit',
      year: 1,
      status: 'accepted',
      history: [
        {
          at: '2026-09-01T08:00:00.000Z',
          by: REG.username,
          action: 'apply',
          from: null,
          to: 'applied',
        },
        {
          at: '2026-09-02T08:00:00.000Z',
          by: REG.username,
          action: 'accept',
          from: 'applied',
          to: 'accepted',
        },
      ],
    })
    server = await startServer({ store: db.store })
    registrar = await server.as('regEditor')
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it('registration is an application: whatever the body says, no access, no readable record, an applied enrolment by the applicant', async () => {
    const forged = {
      ...APPLICANT,
      status: 'active',
      roles: ['admin', 'participant'],
      enrolment: { status: 'accepted' },
      history: [{ by: 'admin', action: 'accept' }],
      addedBy: 'admin@test.lfit',
      _id: 'user-admin@test.lfit',
      passwordHash: 'x',
    }
    await register(forged)
    const stored = await db.store.collection('users').findOne({ username: MIA })
    expect(stored).toMatchObject({ status: 'blocked', roles: [], addedBy: MIA, language: 'en' })
    expect(stored).not.toHaveProperty('year')
    expect(stored).not.toHaveProperty('enrolment')
    expect(stored).not.toHaveProperty('history')
    expect(stored?._id).not.toBe('user-admin@test.lfit')
    expect(await db.store.collection('enrolments').find({ person: MIA })).toEqual([
      {
        _id: MIA_ID,
        person: MIA,
        year: 2,
        project: 'LFIT2025',
        status: 'applied',
        history: [{ at: expect.any(String), by: MIA, action: 'apply', from: null, to: 'applied' }],
      },
    ])
    const [received, ...others] = await mails(MIA)
    expect(others).toEqual([])
    expect(received).toMatchObject({ kind: 'applicationReceived', language: 'en' })
    expect(received?.subject).toBe('LFIT: application received')

    const applicant = server.browser()
    const login = await applicant.login(MIA, APPLICANT.password)
    expect(login.status).toBe(401)
    expect(errorCode(login.body)).toBe('badCredentials')
    expect(applicant.cookies.has('token')).toBe(false)
    for (const collection of ['users', 'enrolments', 'attendance']) {
      const read = await applicant.db(collection, 'find', { query: {} })
      expect(read.status, collection).toBe(401)
    }
    for (const path of ['/api/people/roster', '/api/people/applications']) {
      expect((await applicant.post(path, {})).status, path).toBe(401)
    }
  })

  it('registering again with a known address creates no application and changes nothing', async () => {
    const before = await snapshot(db.store, 'enrolments')
    const users = await snapshot(db.store, 'users')
    await register({ ...APPLICANT, username: 'ana@test.lfit', year: 3 })
    expect(await snapshot(db.store, 'enrolments')).toEqual(before)
    expect(await snapshot(db.store, 'users')).toEqual(users)
  })

  it("a registrar lists the applications with the applicant's names, contact, year, project, status and date", async () => {
    await register(APPLICANT)
    const list = await registrar.post('/api/people/applications', {})
    expect(list.status).toBe(200)
    const rows = (list.body as { applications: Row[] }).applications
    expect(rows.map((r) => r.id)).toEqual(['1:ana@test.lfit', MIA_ID])
    expect(rows[1]).toMatchObject({
      person: MIA,
      firstName: 'Mia',
      lastName: 'Kos',
      email: MIA,
      phone: '38641123456',
      year: 2,
      project: 'LFIT2025',
      status: 'applied',
      appliedAt: new Date(server.clock.now).toISOString(),
    })
    const filtered = await registrar.post('/api/people/applications', { status: 'applied' })
    expect((filtered.body as { applications: Row[] }).applications.map((r) => r.id)).toEqual([
      MIA_ID,
    ])
    const bad = await registrar.post('/api/people/applications', { year: 9 })
    expect(bad.status).toBe(400)
  })

  it("accept activates the account with the participant role, keeps it in the history and mails a single-use set-password link in the person's language", async () => {
    await register(APPLICANT)
    const accepted = await registrar.post('/api/people/accept', { id: MIA_ID })
    expect(accepted.status).toBe(200)
    expect(rowOf(accepted.body)).toMatchObject({ id: MIA_ID, status: 'accepted' })
    expect(rowOf(accepted.body).history.at(-1)).toEqual({
      at: new Date(server.clock.now).toISOString(),
      by: REG.username,
      action: 'accept',
      from: 'applied',
      to: 'accepted',
    })
    const user = await db.store.collection('users').findOne({ username: MIA })
    expect(user).toMatchObject({
      status: 'active',
      roles: ['participant'],
      year: 2,
      projects: ['LFIT2025'],
    })
    const welcome = (await mails(MIA)).find((mail) => mail.kind === 'applicationAccepted')
    expect(welcome).toMatchObject({ language: 'en', subject: 'LFIT: application accepted' })
    const link = /http:\/\/\S+\/auth\/newPassword\?token=([\w-]+)/.exec(String(welcome?.text))
    expect(link?.[0].startsWith(server.config.publicUrl)).toBe(true)
    expect(String(welcome?.html)).toContain(`/auth/newPassword?token=${link?.[1]}`)
    // Only its hash is stored, as a welcome link of this person.
    const links = await db.store.collection('passwordLinks').find({ username: MIA })
    expect(links).toMatchObject([{ purpose: 'welcome', usedAt: null }])
    expect(JSON.stringify(links)).not.toContain(String(link?.[1]))

    const mia = server.browser()
    expect((await mia.login(MIA, APPLICANT.password)).status).toBe(200)
    const roster = participantsOf((await mia.post('/api/people/roster')).body)
    expect(roster).toContainEqual({
      username: MIA,
      firstName: 'Mia',
      lastName: 'Kos',
      year: 2,
      status: 'active',
    })
    // Accepting again is refused and changes nothing.
    const before = await snapshot(db.store, 'enrolments')
    const again = await registrar.post('/api/people/accept', { id: MIA_ID })
    expect(again.status).toBe(409)
    expect(errorCode(again.body)).toBe('enrolmentNotAllowed')
    expect(await snapshot(db.store, 'enrolments')).toEqual(before)
  })

  it("decline needs a reason, mails it escaped in the person's language; reopen puts it back; every step is in the history", async () => {
    await register({ ...APPLICANT, language: 'sl' })
    const before = await snapshot(db.store, 'enrolments')
    const bare = await registrar.post('/api/people/decline', { id: MIA_ID, reason: '  ' })
    expect(bare.status).toBe(400)
    expect(bare.body).toMatchObject({ error: { fields: { reason: { en: 'give a reason' } } } })
    const missing = await registrar.post('/api/people/decline', { id: MIA_ID })
    expect(missing.status).toBe(400)
    expect(await snapshot(db.store, 'enrolments')).toEqual(before)

    const reason = 'All places are taken <b>this</b> year'
    const declined = await registrar.post('/api/people/decline', { id: MIA_ID, reason })
    expect(declined.status).toBe(200)
    expect(rowOf(declined.body).status).toBe('declined')
    const mail = (await mails(MIA)).find((m) => m.kind === 'applicationDeclined')
    expect(mail).toMatchObject({ language: 'sl', subject: 'LFIT: vloga ni bila sprejeta' })
    expect(mail?.text).toContain(`Razlog: ${reason}`)
    expect(mail?.html).toContain('&lt;b&gt;this&lt;/b&gt;')
    expect(mail?.html).not.toContain('<b>')
    // Still no access after a decline.
    expect(await db.store.collection('users').findOne({ username: MIA })).toMatchObject({
      status: 'blocked',
      roles: [],
    })

    server.clock.advance(60_000)
    const reopened = await registrar.post('/api/people/reopen', { id: MIA_ID })
    expect(rowOf(reopened.body).status).toBe('applied')
    const accepted = await registrar.post('/api/people/accept', { id: MIA_ID })
    expect(
      rowOf(accepted.body).history.map((h) => [h.action, h.by, h.from, h.to, h.reason ?? null]),
    ).toEqual([
      ['apply', MIA, null, 'applied', null],
      ['decline', REG.username, 'applied', 'declined', reason],
      ['reopen', REG.username, 'declined', 'applied', null],
      ['accept', REG.username, 'applied', 'accepted', null],
    ])
    expect((await mails(MIA)).map((m) => m.kind)).toEqual([
      'applicationReceived',
      'applicationDeclined',
      'applicationAccepted',
    ])
  })

  it('withdraw takes a participant off the roster with a reason and an e-mail; complete ends a year', async () => {
    const presence = await server.as('presenceEditor')
    const names = async () =>
      participantsOf((await presence.post('/api/people/roster')).body).map((p) => p.username)
    expect(await names()).toEqual(['ana@test.lfit'])
    expect((await registrar.post('/api/people/withdraw', { id: '1:ana@test.lfit' })).status).toBe(
      400,
    )
    const withdrawn = await registrar.post('/api/people/withdraw', {
      id: '1:ana@test.lfit',
      reason: 'moved abroad',
    })
    expect(withdrawn.status).toBe(200)
    expect(rowOf(withdrawn.body).history.at(-1)).toMatchObject({
      action: 'withdraw',
      from: 'accepted',
      to: 'withdrawn',
      reason: 'moved abroad',
    })
    expect(await names()).toEqual([])
    // No accepted year is left: the user's year goes, so an admin's save cannot re-enrol them.
    expect(
      await db.store.collection('users').findOne({ username: 'ana@test.lfit' }),
    ).not.toHaveProperty('year')
    const admin = await server.as('admin')
    const anaId = 'user-ana@test.lfit'
    expect((await admin.db('users', 'save', { _id: anaId, status: 'blocked' })).status).toBe(200)
    expect(
      (await admin.db('users', 'save', { _id: anaId, status: 'active', roles: ['participant'] }))
        .status,
    ).toBe(200)
    expect(await names()).toEqual([])
    const [mail] = await mails('ana@test.lfit')
    expect(mail).toMatchObject({ kind: 'enrolmentWithdrawn', language: 'sl' })
    expect(mail?.text).toContain('moved abroad')

    await registrar.post('/api/people/reopen', { id: '1:ana@test.lfit' })
    await registrar.post('/api/people/accept', { id: '1:ana@test.lfit' })
    expect(await names()).toEqual(['ana@test.lfit'])
    const completed = await registrar.post('/api/people/complete', { id: '1:ana@test.lfit' })
    expect(rowOf(completed.body).status).toBe('completed')
    expect(await names()).toEqual([])
  })

  it('bulk accept judges each application on its own and says which succeeded; the size is bounded', async () => {
    await register(APPLICANT)
    await register({ ...APPLICANT, username: 'bor@example.com', year: 1, project: '' })
    const answer = await registrar.post('/api/people/acceptMany', {
      ids: [MIA_ID, '1:bor@example.com', '1:ana@test.lfit', '3:nobody@example.com'],
    })
    expect(answer.status).toBe(200)
    expect((answer.body as { results: unknown[] }).results).toEqual([
      { id: MIA_ID, ok: true },
      { id: '1:bor@example.com', ok: true },
      {
        id: '1:ana@test.lfit',
        ok: false,
        message: expect.objectContaining({
          en: 'This cannot be done to an application in this state',
        }),
      },
      {
        id: '3:nobody@example.com',
        ok: false,
        message: expect.objectContaining({ en: 'The application no longer exists' }),
      },
    ])
    for (const username of [MIA, 'bor@example.com']) {
      expect(await db.store.collection('users').findOne({ username })).toMatchObject({
        status: 'active',
        roles: ['participant'],
      })
      expect((await mails(username)).map((m) => m.kind)).toContain('applicationAccepted')
    }
    const tooMany = Array.from({ length: MAX_BULK + 1 }, (_, i) => `1:p${i}@example.com`)
    const refused = await registrar.post('/api/people/acceptMany', { ids: tooMany })
    expect(refused.status).toBe(400)
  })

  it("only registrars call the application routes; the roster gives names to the attendance book's readers and nobody contact details", async () => {
    await register(APPLICANT)
    const calls: [string, unknown][] = [
      ['/api/people/applications', {}],
      ['/api/people/accept', { id: MIA_ID }],
      ['/api/people/decline', { id: MIA_ID, reason: 'no' }],
      ['/api/people/reopen', { id: MIA_ID }],
      ['/api/people/withdraw', { id: MIA_ID, reason: 'no' }],
      ['/api/people/complete', { id: MIA_ID }],
      ['/api/people/acceptMany', { ids: [MIA_ID] }],
    ]
    const before = await snapshot(db.store, 'enrolments')
    const visitor = server.browser()
    const participant = await server.as('participant')
    const presence = await server.as('presenceEditor')
    for (const [path, payload] of calls) {
      expect((await visitor.post(path, payload)).status, path).toBe(401)
      expect((await participant.post(path, payload)).status, path).toBe(403)
      expect((await presence.post(path, payload)).status, path).toBe(403)
    }
    expect(await snapshot(db.store, 'enrolments')).toEqual(before)
    const full = await server.as('fullRegEditor')
    expect((await full.post('/api/people/applications', {})).status).toBe(200)

    expect((await visitor.post('/api/people/roster')).status).toBe(401)
    const read = await presence.post('/api/people/roster')
    expect(read.status).toBe(200)
    expect(participantsOf(read.body)).toEqual([
      { username: 'ana@test.lfit', firstName: 'Ana', lastName: 'Novak', year: 1, status: 'active' },
    ])
    expect(JSON.stringify(read.body)).not.toMatch(/38641000000|phone|email/)
    // A participant reads only themself: others' usernames are their e-mail addresses.
    const mine = await participant.post('/api/people/roster')
    expect(mine.status).toBe(200)
    expect(JSON.stringify(mine.body)).not.toContain('ana@test.lfit')
    // A role outside the attendance book reads only itself (nothing, unless enrolled).
    const media = await server.as('mediaEditor')
    const own = await media.post('/api/people/roster')
    expect(own.status).toBe(200)
    expect(participantsOf(own.body)).toEqual([])
  })

  it('an admin-created participant with a year is enrolled (accepted, the admin in the history) and on the roster', async () => {
    const admin = await server.as('admin')
    const created = await admin.db('users', 'insert', {
      insert: {
        username: 'new.one@example.com',
        firstName: 'New',
        lastName: 'One',
        status: 'active',
        roles: ['participant'],
        year: 3,
        projects: ['LFIT2024'],
        password: PASSWORD,
      },
    })
    expect(created.status).toBe(200)
    const enrolment = await db.store.collection('enrolments').findById('3:new.one@example.com')
    expect(enrolment).toMatchObject({ status: 'accepted', project: 'LFIT2024' })
    expect((enrolment?.history as Row[]).map((h) => [h.action, h.by])).toEqual([
      ['apply', 'admin@test.lfit'],
      ['accept', 'admin@test.lfit'],
    ])
    // Saving the user with another year enrols them in it as well; the roster lists the higher.
    const saved = await admin.db('users', 'save', {
      _id: String(created.body && (created.body as { insertedIds: string[] }).insertedIds[0]),
      year: 4,
    })
    expect(saved.status).toBe(200)
    expect(
      (await db.store.collection('enrolments').findById('4:new.one@example.com'))?.status,
    ).toBe('accepted')
    const roster = participantsOf((await registrar.post('/api/people/roster')).body)
    expect(roster.find((p) => p.username === 'new.one@example.com')).toMatchObject({ year: 4 })
    // No e-mail: the admin hands over the password.
    expect(await mails('new.one@example.com')).toEqual([])
  })
})
