// The sign-up lists' server side on both stores (docs/product-rules.md#sign-up-lists): a visitor's
// sign-up is stored as received and e-mailed back in the form's language; a registration editor
// confirms, cancels or notes it through /api/signups, the change is stored before its e-mail is
// queued, values are escaped in the HTML; visitors and participants are refused, bad input is a
// bilingual 400 that changes nothing, and the public forms are rate limited per address.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  SIGNUPS_OPEN,
  STORE_KINDS,
  TestClock,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type Browser,
  type OpenedStore,
  type TestServer,
} from './harness'

const STUDY_DAY = 'lfit_20261116'

type Mail = {
  kind: string
  to: string
  language: string
  subject: string
  text: string
  html: string
}
type Stored = { _id: string; status: string; note?: string; decidedBy?: string }
type ErrorBody = { error: { code: string; message: { sl: string; en: string } } }

const visitorSignup = (over: Record<string, unknown> = {}) => ({
  name: 'Eva Novak',
  email: 'eva@example.si',
  phone: '041 123 456',
  dayId: STUDY_DAY,
  ...over,
})

describe.each(STORE_KINDS)('sign-up lists on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  let clock: TestClock
  let regEditor: Browser
  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [userFor('regEditor'), userFor('participant'), userFor('admin')])
    clock = new TestClock(SIGNUPS_OPEN)
    server = await startServer({
      store: db.store,
      clock,
      config: { rateLimit: { windowMs: 60_000, perIp: 4, perUsername: 10 } },
    })
    regEditor = await server.as('regEditor')
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  const mails = async () => (await snapshot(db.store, 'mailOutbox')) as unknown as Mail[]
  const signUp = async (path: string, body: Record<string, unknown>) => {
    const answer = await server.browser().post(path, body)
    expect(answer.status).toBe(200)
    return (answer.body as { signup: Stored }).signup
  }

  it('a visitor gets a "received" e-mail in the form language; confirm then cancel each e-mail after the change', async () => {
    const signup = await signUp('/api/signups/eventDay', visitorSignup({ language: 'en' }))
    expect(signup.status).toBe('received')
    const [received] = await mails()
    expect(received).toMatchObject({ kind: 'signupReceived', to: 'eva@example.si', language: 'en' })
    expect(received?.text).toContain('your sign-up for Monday, 16 November 2026, 14:00–18:00.')

    const confirmed = await regEditor.post('/api/signups/confirm', {
      kind: 'signup',
      id: signup._id,
    })
    expect(confirmed.status).toBe(200)
    expect((confirmed.body as { signup: Stored }).signup.status).toBe('confirmed')
    expect(await db.store.collection('eventSignups').findById(signup._id)).toMatchObject({
      status: 'confirmed',
      decidedBy: userFor('regEditor').username,
    })
    expect((await mails()).map((m) => [m.kind, m.language])).toEqual([
      ['signupReceived', 'en'],
      ['signupConfirmed', 'en'],
    ])

    // Confirming again would change nothing: refused, and no second e-mail.
    const again = await regEditor.post('/api/signups/confirm', { kind: 'signup', id: signup._id })
    expect(again.status).toBe(409)
    expect((again.body as ErrorBody).error.message).toEqual({
      sl: 'Prijava je že v tem stanju',
      en: 'The sign-up already has this status',
    })
    expect(await mails()).toHaveLength(2)

    const cancelled = await regEditor.post('/api/signups/cancel', {
      kind: 'signup',
      id: signup._id,
    })
    expect(cancelled.status).toBe(200)
    expect((await db.store.collection('eventSignups').findById(signup._id))?.status).toBe(
      'cancelled',
    )
    expect((await mails()).at(-1)).toMatchObject({ kind: 'signupCancelled', language: 'en' })
  })

  it('a reservation sent in Slovenian is confirmed in Slovenian, with every typed value escaped', async () => {
    const reservation = await signUp('/api/signups/reservation', {
      ...visitorSignup({ name: '<b>Eva</b> & "Co"', language: 'sl' }),
      message: '<script>alert(1)</script>',
    })
    const [received] = await mails()
    expect(received).toMatchObject({ kind: 'reservationReceived', language: 'sl' })
    expect(received?.text).toContain(
      'vašo rezervacijo za ponedeljek, 16. november 2026, 14:00–18:00.',
    )
    expect(received?.html).toContain('&lt;b&gt;Eva&lt;/b&gt; &amp; &quot;Co&quot;')
    expect(received?.html).toContain('&lt;script&gt;')
    expect(received?.html).not.toMatch(/<script|<b>Eva/)

    await regEditor.post('/api/signups/confirm', { kind: 'reservation', id: reservation._id })
    const confirmed = (await mails()).at(-1)
    expect(confirmed).toMatchObject({ kind: 'reservationConfirmed', language: 'sl' })
    expect(confirmed?.subject).toBe('LFIT: rezervacija potrjena')
    expect(confirmed?.html).not.toContain('<b>Eva')
  })

  it('a note is stored and removed without any e-mail', async () => {
    const signup = await signUp('/api/signups/eventDay', visitorSignup())
    const noted = await regEditor.post('/api/signups/note', {
      kind: 'signup',
      id: signup._id,
      note: '  Pays at the door ',
    })
    expect((noted.body as { signup: Stored }).signup.note).toBe('Pays at the door')
    expect((await db.store.collection('eventSignups').findById(signup._id))?.note).toBe(
      'Pays at the door',
    )
    await regEditor.post('/api/signups/note', { kind: 'signup', id: signup._id, note: '' })
    expect(await db.store.collection('eventSignups').findById(signup._id)).not.toHaveProperty(
      'note',
    )
    expect(await mails()).toHaveLength(1)
  })

  it('visitors and participants may not decide or note; nothing changes, nothing is sent', async () => {
    const signup = await signUp('/api/signups/eventDay', visitorSignup())
    const before = await snapshot(db.store, 'eventSignups')
    const participant = await server.as('participant')
    for (const path of ['/api/signups/confirm', '/api/signups/cancel', '/api/signups/note']) {
      const body = { kind: 'signup', id: signup._id, note: 'x' }
      expect((await server.browser().post(path, body)).status, path).toBe(401)
      expect((await participant.post(path, body)).status, path).toBe(403)
    }
    expect(await snapshot(db.store, 'eventSignups')).toEqual(before)
    expect(await mails()).toHaveLength(1)
    // An admin is a registrar.
    const admin = await server.as('admin')
    expect(
      (await admin.post('/api/signups/confirm', { kind: 'signup', id: signup._id })).status,
    ).toBe(200)
  })

  it("the data API never changes a sign-up's status or note (no decision without its e-mail)", async () => {
    const signup = await signUp('/api/signups/eventDay', visitorSignup())
    const before = await snapshot(db.store, 'eventSignups')
    for (const field of ['status', 'note']) {
      const answer = await regEditor.db('eventSignups', 'save', {
        _id: signup._id,
        [field]: 'confirmed',
      })
      expect(answer.status, field).toBe(403)
      expect((answer.body as ErrorBody).error.code, field).toBe('readOnlyField')
    }
    expect(await snapshot(db.store, 'eventSignups')).toEqual(before)
    expect(await mails()).toHaveLength(1)
  })

  it('bad input is a bilingual 400 (or 404 for a sign-up that is gone) and changes nothing', async () => {
    const signup = await signUp('/api/signups/eventDay', visitorSignup())
    const before = await snapshot(db.store, 'eventSignups')
    const cases: [string, unknown, number, string][] = [
      ['/api/signups/confirm', { kind: 'party', id: signup._id }, 400, 'invalidBody'],
      ['/api/signups/confirm', { kind: 'signup', id: '' }, 400, 'invalidBody'],
      ['/api/signups/cancel', { kind: 'signup' }, 400, 'invalidBody'],
      ['/api/signups/cancel', { kind: 'signup', id: { $ne: null } }, 400, 'invalidBody'],
      [
        '/api/signups/note',
        { kind: 'signup', id: signup._id, note: 'x'.repeat(1001) },
        400,
        'invalidBody',
      ],
      ['/api/signups/note', { kind: 'signup', id: signup._id }, 400, 'invalidBody'],
      ['/api/signups/confirm', { kind: 'reservation', id: signup._id }, 404, 'signupNotFound'],
    ]
    for (const [path, body, status, code] of cases) {
      const answer = await regEditor.post(path, body)
      const label = `${path} ${JSON.stringify(body).slice(0, 60)}`
      expect(answer.status, label).toBe(status)
      const { error } = answer.body as ErrorBody
      expect(error.code, label).toBe(code)
      expect(error.message.sl, label).not.toBe(error.message.en)
    }
    expect(await snapshot(db.store, 'eventSignups')).toEqual(before)
    expect(await mails()).toHaveLength(1)
  })

  it('public sign-ups are rate limited per address, bad ones counted too', async () => {
    expect((await server.browser().post('/api/signups/eventDay', { name: '' })).status).toBe(400)
    for (let i = 0; i < 3; i++) await signUp('/api/signups/reservation', visitorSignup())
    const refused = await server.browser().post('/api/signups/eventDay', visitorSignup())
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(await mails()).toHaveLength(3)
    expect(await snapshot(db.store, 'eventSignups')).toEqual([])
    clock.advance(60_000)
    await signUp('/api/signups/eventDay', visitorSignup())
    expect(await mails()).toHaveLength(4)
  })
})
