// Organised-event certificates on both stores (docs/product-rules.md#certificates): an issuer
// picks the attendees of a past event day from its sign-ups; each gets a certificate with the
// same verification, once, and an e-mail with the link to it in the language of the sign-up.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Role } from '@lfit/domain/access/roles'
import type { Certificate } from '@lfit/domain/certificates/record'
import { studyDaysOfYear } from '@lfit/domain/makeups/standing'
import { schedule } from '@lfit/domain/schedule'
import { MAIL_OUTBOX } from '../src/mail/outbox'
import {
  STORE_KINDS,
  openTestStore,
  seedUsers,
  startServer,
  userFor,
  type OpenedStore,
  type TestServer,
} from './harness'

const day = studyDaysOfYear(schedule(), 4).at(-1)!
const signup = (id: string, name: string, email: string, status: string) => ({
  _id: id,
  name,
  email,
  phone: '38641123456',
  dayId: day.id,
  createdAt: `2026-11-0${id.length}T10:00:00.000Z`,
  status,
  language: 'en',
})

describe.each(STORE_KINDS)('event certificates on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer

  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, (['admin', 'regEditor', 'participant'] as Role[]).map(userFor))
    await db.store
      .collection('eventSignups')
      .insert([
        signup('s1', 'Eva Gost', 'eva@example.si', 'confirmed'),
        signup('s22', 'Jan Obiskovalec', 'jan@example.si', 'received'),
        signup('s333', 'Odpovedal', 'no@example.si', 'cancelled'),
      ])
    server = await startServer({ store: db.store })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it('lists the day’s sign-ups not cancelled, issues to the chosen attendees once, and mails each a link', async () => {
    const editor = await server.as('regEditor')
    const list = await editor.post('/api/certificates/events/list', {})
    expect(list.status).toBe(200)
    const days = (list.body as { days: { dayId: string; signups: { _id: string }[] }[] }).days
    expect(days.map((d) => [d.dayId, d.signups.map((s) => s._id)])).toEqual([
      [day.id, ['s1', 's22']],
    ])

    const issue = () =>
      editor.post('/api/certificates/events/issue', {
        dayId: day.id,
        title: 'Open studio day',
        attendees: ['s1'],
      })
    const first = (await issue()).body as { issued: Certificate[] }
    expect(first.issued.map((c) => [c.person, c.name, c.scope])).toEqual([
      ['eva@example.si', 'Eva Gost', { kind: 'event', dayId: day.id, title: 'Open studio day' }],
    ])
    const code = first.issued[0]!.code
    const mails = await db.store.collection(MAIL_OUTBOX).find({ kind: 'eventCertificate' })
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: 'eva@example.si', language: 'en' })
    expect(String(mails[0]!.text)).toContain(`/potrdilo?koda=${code}`)

    const verified = await server.browser().post('/api/certificates/verify', { code })
    expect(verified.body).toMatchObject({ name: 'Eva Gost', status: 'valid' })

    const again = (await issue()).body as { issued: Certificate[]; refused: unknown[] }
    expect(again.issued).toEqual([])
    expect(again.refused).toEqual([
      { person: 'eva@example.si', name: 'Eva Gost', reasons: ['alreadyCertified'] },
    ])
    expect(await db.store.collection(MAIL_OUTBOX).count({ kind: 'eventCertificate' })).toBe(1)
  })

  it('a participant may not issue event certificates', async () => {
    const answer = await (
      await server.as('participant')
    ).post('/api/certificates/events/issue', { dayId: day.id, title: 'X', attendees: ['s1'] })
    expect(answer.status).toBe(403)
    expect(await db.store.collection('certificates').count({})).toBe(0)
  })
})
