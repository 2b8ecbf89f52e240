// /api/me and /api/classmates (docs/product-rules.md#my-account, #classmates): a person changes
// only their own allowed profile fields, downloads everything stored about them and nothing of
// anyone else, records a deletion request, signs out on every device; classmates see a person's
// e-mail or phone only once that person shares it, through no API at all before. Both stores.
import { VISITOR_ANSWER as VISITOR } from '@lfit/domain/api/answers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { transition, type Enrolment } from '@lfit/domain/people/enrolment'
import {
  STORE_KINDS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type Browser,
  type OpenedStore,
  type TestServer,
  type TestUser,
} from './harness'

const ADMIN = userFor('admin')
const EDUCATOR = userFor('educator')
const REGISTRAR = userFor('regEditor')
const person = (name: string): TestUser => ({
  username: `${name}@test.lfit`,
  roles: ['participant'],
  firstName: name[0]!.toUpperCase() + name.slice(1),
  lastName: 'Test',
})
/** Ana and Bor are in year 2; Cene in year 3. */
const ANA = person('ana')
const BOR = person('bor')
const CENE = person('cene')
const ANA_PHONE = '38641123456'

function accepted(username: string, year: number): Enrolment {
  const at = '2026-09-01T08:00:00.000Z'
  const applied = transition(null, 'apply', { by: username, at, person: username, year })
  if (!applied.ok) throw new Error('apply refused')
  const done = transition(applied.enrolment, 'accept', { by: ADMIN.username, at })
  if (!done.ok) throw new Error('accept refused')
  return done.enrolment
}

const errorOf = (body: unknown) =>
  (body as { error?: { code?: string; fields?: Record<string, { en: string }> } }).error

const profileOf = (body: unknown) => (body as { profile: Record<string, unknown> }).profile

type Row = Record<string, unknown>

describe.each(STORE_KINDS)('my account and classmates on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [ADMIN, EDUCATOR, REGISTRAR, ANA, BOR, CENE])
    await db.store
      .collection('users')
      .upsert({ username: ANA.username }, { $set: { phone: ANA_PHONE } })
    await db.store
      .collection('enrolments')
      .insert([accepted(ANA.username, 2), accepted(BOR.username, 2), accepted(CENE.username, 3)])
    server = await startServer({ store: db.store })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  const as = async (user: TestUser): Promise<Browser> => {
    const browser = server.browser()
    expect((await browser.login(user.username)).status).toBe(200)
    return browser
  }

  /** The download, as the browser's link fetches it: a GET with the session cookie. */
  const download = async (browser: Browser) => {
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await fetch(`${server.url}/api/me/data`, { headers: { cookie } })
    return { status: response.status, headers: response.headers, text: await response.text() }
  }

  it('reads and changes the own profile: names, phone, country, language, privacy', async () => {
    const ana = await as(ANA)
    const read = await ana.post('/api/me/profile')
    expect(read.status).toBe(200)
    expect(profileOf(read.body)).toMatchObject({
      username: ANA.username,
      email: ANA.username,
      phone: ANA_PHONE,
      language: 'sl',
      shareEmail: false,
      sharePhone: false,
    })
    const changed = await ana.post('/api/me/profile/update', {
      firstName: ' Ana Marija ',
      lastName: 'Novak',
      phone: '041 222 333',
      country: 'HR',
      language: 'en',
      shareEmail: true,
    })
    expect(changed.status).toBe(200)
    expect(profileOf(changed.body)).toMatchObject({
      firstName: 'Ana Marija',
      lastName: 'Novak',
      phone: '38641222333',
      country: 'HR',
      language: 'en',
      shareEmail: true,
      sharePhone: false,
    })
    // The session (the app bar's name) sees the change at once.
    const user = (await ana.auth('user')).body as { user: Row }
    expect(user.user).toMatchObject({ firstName: 'Ana Marija', language: 'en' })
    // A blank phone removes the number.
    const removed = await ana.post('/api/me/profile/update', { phone: '  ' })
    expect(profileOf(removed.body).phone).toBeUndefined()
  })

  it('refuses a bad field with its bilingual message and changes nothing', async () => {
    const ana = await as(ANA)
    const before = await snapshot(db.store, 'users')
    const refused = await ana.post('/api/me/profile/update', {
      firstName: '   ',
      phone: '12',
      country: 'XX',
      language: 'de',
      shareEmail: 'yes',
    })
    expect(refused.status).toBe(400)
    expect(errorOf(refused.body)?.fields).toEqual({
      firstName: { sl: 'obvezno', en: 'required' },
      phone: { sl: 'številka ni veljavna', en: 'mobile number not valid' },
      country: { sl: 'Oblika ni veljavna', en: 'Invalid format' },
      language: { sl: 'Oblika ni veljavna', en: 'Invalid format' },
      shareEmail: { sl: 'Oblika ni veljavna', en: 'Invalid format' },
    })
    expect(await snapshot(db.store, 'users')).toEqual(before)
  })

  it('changes nothing but the own allowed fields, whatever the body says', async () => {
    const ana = await as(ANA)
    const before = await snapshot(db.store, 'users')
    const answer = await ana.post('/api/me/profile/update', {
      firstName: 'Ana',
      roles: ['admin'],
      status: 'blocked',
      year: 5,
      username: BOR.username,
      email: 'other@test.lfit',
      passwordHash: 'x',
      projects: ['LFIT2024'],
      _id: `user-${BOR.username}`,
    })
    expect(answer.status).toBe(200)
    const after = await snapshot(db.store, 'users')
    expect(after).toEqual(before)
    expect((await ana.auth('user')).body).toMatchObject({ user: { roles: ['participant'] } })
  })

  it('answers a visitor that they are not logged in, on every call', async () => {
    const visitor = server.browser()
    for (const path of ['/profile', '/profile/update', '/deletion', '/signOutEverywhere']) {
      const refused = await visitor.post(`/api/me${path}`, {})
      expect(refused.status).toBe(401)
      expect(errorOf(refused.body)?.code).toBe('notLoggedIn')
    }
    expect((await download(visitor)).status).toBe(401)
    expect((await visitor.post('/api/classmates')).status).toBe(401)
  })

  it('downloads everything about me as a JSON file, nothing of others and no secret', async () => {
    await db.store.collection('attendance').insert([
      { _id: `d1:${ANA.username}`, dayId: 'd1', participant: ANA.username, mark: 'present' },
      { _id: `d1:${BOR.username}`, dayId: 'd1', participant: BOR.username, mark: 'absent' },
    ])
    await db.store.collection('makeupAttendance').insert([
      { _id: `m1:${ANA.username}`, session: 'm1', participant: ANA.username, mark: 'present' },
      { _id: `m1:${BOR.username}`, session: 'm1', participant: BOR.username, mark: 'absent' },
    ])
    await db.store.collection('certificates').insert([
      { _id: 'AAAAAAAA', person: ANA.username, name: 'Ana', status: 'valid' },
      { _id: 'BBBBBBBB', person: BOR.username, name: 'Bor', status: 'valid' },
    ])
    await db.store.collection('eventSignups').insert([
      { _id: 's1', name: 'Ana', email: ANA.username, phone: '38641000000', dayId: 'd1' },
      { _id: 's2', name: 'Bor', email: BOR.username, phone: '38641000001', dayId: 'd1' },
    ])
    const ana = await as(ANA)
    await ana.post('/api/me/deletion', { note: 'Moving abroad' })
    const file = await download(ana)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toMatch(/^application\/json/)
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="lfit-my-data-2026-11-23\.json"$/,
    )
    const data = JSON.parse(file.text) as Record<string, unknown>
    expect(data.user).toMatchObject({ username: ANA.username, firstName: 'Ana', phone: ANA_PHONE })
    expect(data.enrolments).toEqual([expect.objectContaining({ person: ANA.username, year: 2 })])
    expect(data.attendance).toEqual([expect.objectContaining({ participant: ANA.username })])
    expect(data.eventSignups).toEqual([expect.objectContaining({ _id: 's1' })])
    expect(data.certificates).toEqual([expect.objectContaining({ _id: 'AAAAAAAA' })])
    expect(data.makeupAttendance).toEqual([expect.objectContaining({ participant: ANA.username })])
    expect(data.deletionRequest).toMatchObject({ person: ANA.username, note: 'Moving abroad' })
    expect(data.sessions).toEqual([
      { startedAt: '2026-11-23T11:00:00.000Z', endsAt: '2026-11-24T11:00:00.000Z' },
    ])
    for (const key of [
      'absences',
      'registrations',
      'makeups',
      'makeupSignups',
      'madeUpOtherwise',
      'reservations',
    ])
      expect(data[key]).toEqual([])
    expect(file.text).not.toContain(BOR.username)
    expect(file.text).not.toMatch(/passwordHash|initialPassword|\$argon2/)
  })

  it('records a deletion request the person and the registrars read, and lets it be withdrawn', async () => {
    const ana = await as(ANA)
    const asked = await ana.post('/api/me/deletion', { note: '  Please delete me  ' })
    expect(asked.status).toBe(200)
    const recorded = {
      _id: ANA.username,
      person: ANA.username,
      requestedAt: '2026-11-23T11:00:00.000Z',
      note: 'Please delete me',
      status: 'open',
    }
    expect((asked.body as { deletionRequest: unknown }).deletionRequest).toEqual(recorded)
    expect(await snapshot(db.store, 'deletionRequests')).toEqual([recorded])
    // Asking again keeps the first date.
    server.clock.advance(3_600_000)
    await ana.post('/api/me/deletion', {})
    expect((await snapshot(db.store, 'deletionRequests'))[0]?.requestedAt).toBe(
      recorded.requestedAt,
    )

    expect((await ana.db('deletionRequests', 'find', { query: {} })).body).toHaveLength(1)
    const bor = await as(BOR)
    expect((await bor.db('deletionRequests', 'find', { query: {} })).body).toEqual([])
    const registrar = await as(REGISTRAR)
    expect((await registrar.db('deletionRequests', 'find', { query: {} })).body).toEqual([
      expect.objectContaining({ person: ANA.username, status: 'open' }),
    ])
    const tooLong = await ana.post('/api/me/deletion', { note: 'x'.repeat(1001) })
    expect(errorOf(tooLong.body)?.fields).toEqual({
      note: { sl: 'Največ 1000 znakov', en: 'At most 1000 characters' },
    })
    // Nobody writes it through the data API, not even the person.
    const written = await ana.db('deletionRequests', 'insert', {
      docs: [{ person: ANA.username, status: 'done' }],
    })
    expect(written.status).toBe(403)

    const withdrawn = await ana.post('/api/me/deletion/withdraw')
    expect((withdrawn.body as { deletionRequest: unknown }).deletionRequest).toBeNull()
    expect(await snapshot(db.store, 'deletionRequests')).toEqual([])
  })

  it('signs out on every device, this one included, and clears the cookie', async () => {
    const phone = await as(ANA)
    const laptop = await as(ANA)
    const other = await as(BOR)
    const ended = await phone.post('/api/me/signOutEverywhere')
    expect(ended.status).toBe(200)
    expect(phone.cookies.has('token')).toBe(false)
    expect((await laptop.auth('user')).body).toEqual(VISITOR)
    expect(await db.store.collection('sessions').count({ username: ANA.username })).toBe(0)
    expect((await other.auth('user')).status).toBe(200)
  })

  it('never gives a participant another person’s e-mail or phone through the data API', async () => {
    const ana = await as(ANA)
    await ana.post('/api/me/profile/update', { shareEmail: true, sharePhone: true })
    const bor = await as(BOR)
    const reads: [string, unknown][] = [
      ['find', { query: { username: ANA.username } }],
      ['findOne', { query: { username: ANA.username } }],
      ['findById', { _id: `user-${ANA.username}` }],
      ['aggregate', { pipeline: [{ $match: { username: ANA.username } }] }],
    ]
    for (const [operation, payload] of reads) {
      const answer = await bor.db('users', operation, payload)
      expect(answer.status, operation).toBe(200)
      // Not even the username: it is the e-mail address (a participant reads only their own).
      expect(JSON.stringify(answer.body), operation).not.toContain(ANA.username)
      expect(JSON.stringify(answer.body), operation).not.toContain(ANA_PHONE)
    }
    // Nor by asking for the fields by name, in a projection or a pipeline.
    const projected = await bor.db('users', 'find', {
      query: { username: ANA.username },
      opts: { projection: { email: 1, phone: 1 } },
    })
    expect(JSON.stringify(projected.body)).not.toContain(ANA_PHONE)
    const grouped = await bor.db('users', 'aggregate', {
      pipeline: [{ $group: { _id: '$phone' } }],
    })
    expect(JSON.stringify(grouped.body)).not.toContain(ANA_PHONE)
  })

  it('shows classmates of the same year, their contacts only once shared', async () => {
    const bor = await as(BOR)
    const before = await bor.post('/api/classmates')
    expect(before.status).toBe(200)
    expect(before.body).toEqual({
      years: [2],
      classmates: [{ firstName: 'Ana', lastName: 'Test', years: [2] }],
    })
    const ana = await as(ANA)
    await ana.post('/api/me/profile/update', { shareEmail: true })
    expect((await bor.post('/api/classmates')).body).toEqual({
      years: [2],
      classmates: [{ firstName: 'Ana', lastName: 'Test', years: [2], email: ANA.username }],
    })
    await ana.post('/api/me/profile/update', { shareEmail: false, sharePhone: true })
    expect((await bor.post('/api/classmates')).body).toEqual({
      years: [2],
      classmates: [{ firstName: 'Ana', lastName: 'Test', years: [2], phone: ANA_PHONE }],
    })
    // Another year is not a participant's to look at.
    const refused = await bor.post('/api/classmates', { year: 3 })
    expect(refused.status).toBe(400)
  })

  it('shows an educator every year, filtered by year; refuses roles without the screen', async () => {
    const educator = await as(EDUCATOR)
    const all = (await educator.post('/api/classmates')).body as {
      years: number[]
      classmates: Row[]
    }
    expect(all.years).toEqual([1, 2, 3, 4, 5])
    expect(all.classmates.map((c) => c.firstName)).toEqual(['Ana', 'Bor', 'Cene'])
    const third = (await educator.post('/api/classmates', { year: 3 })).body as {
      classmates: Row[]
    }
    expect(third.classmates).toEqual([{ firstName: 'Cene', lastName: 'Test', years: [3] }])
    const bad = await educator.post('/api/classmates', { year: 'x' })
    expect(bad.status).toBe(400)
    expect(errorOf(bad.body)?.fields).toEqual({
      year: { sl: 'Oblika ni veljavna', en: 'Invalid format' },
    })
    expect((await (await as(REGISTRAR)).post('/api/classmates')).status).toBe(403)
  })
})
