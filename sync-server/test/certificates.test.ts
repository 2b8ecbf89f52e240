// /api/certificates on both stores (docs/access-policy.md#certificates): only the issuers
// (admin, regEditor) list, issue, re-issue and revoke; the ineligible are refused with reasons;
// anyone verifies a code and learns only the name, scope, issue date and validity (beside the
// check page's own public address, which every printed certificate shows); a wrong code
// answers "not found" and is rate limited; a revoked certificate verifies as revoked; a
// participant reads their own certificates and no one else's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Role } from '@lfit/domain/access/roles'
import { CODE_ALPHABET } from '@lfit/domain/certificates/code'
import type { Certificate } from '@lfit/domain/certificates/record'
import { studyDaysOfYear } from '@lfit/domain/makeups/standing'
import { schedule } from '@lfit/domain/schedule'
import {
  STORE_KINDS,
  openTestStore,
  seedUsers,
  startServer,
  userFor,
  type OpenedStore,
  type TestServer,
} from './harness'

const ME = userFor('participant').username
const ABSENT = 'absent@test.lfit'
const OWING = 'owing@test.lfit'
const YEAR3 = { kind: 'year', year: 3 } as const
const days = studyDaysOfYear(schedule(), 3)

const enrolment = (person: string) => ({
  _id: `3:${person}`,
  person,
  year: 3,
  status: 'completed',
  project: 'lfit',
  history: [],
})
const absent = (person: string, count: number) =>
  days.slice(0, count).map((day) => ({
    _id: `${day.id}:${person}`,
    dayId: day.id,
    participant: person,
    mark: 'absent',
  }))

describe.each(STORE_KINDS)('certificates on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer

  beforeEach(async () => {
    db = await openTestStore(kind)
    const roles: Role[] = ['admin', 'regEditor', 'fullRegEditor', 'participant', 'presenceEditor']
    await seedUsers(db.store, [
      ...roles.map(userFor),
      { username: ABSENT, roles: ['participant'], firstName: 'Ava', lastName: 'Absent' },
      { username: OWING, roles: ['participant'], firstName: 'Olga', lastName: 'Owing' },
    ])
    await db.store.collection('enrolments').insert([ME, ABSENT, OWING].map(enrolment))
    await db.store.collection('attendance').insert([...absent(ABSENT, 6), ...absent(OWING, 1)])
    server = await startServer({ store: db.store })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  const issue = async (role: Role = 'regEditor') => {
    const answer = await (
      await server.as(role)
    ).post('/api/certificates/issue', { scope: YEAR3, people: [ME, ABSENT, OWING] })
    expect(answer.status).toBe(200)
    return answer.body as {
      issued: Certificate[]
      refused: { person: string; reasons: string[] }[]
    }
  }

  it('lists the year with standing and why each is or is not eligible', async () => {
    const answer = await (await server.as('admin')).post('/api/certificates/list', { scope: YEAR3 })
    expect(answer.status).toBe(200)
    const rows = (answer.body as { rows: Record<string, unknown>[] }).rows
    expect(rows.map((r) => [r.person, r.eligible, r.reasons, r.missed, r.outstanding])).toEqual([
      [ABSENT, false, ['overLimit', 'outstanding'], 6, 6],
      [OWING, false, ['outstanding'], 1, 1],
      [ME, true, [], 0, 0],
    ])
  })

  it('issues to the eligible in one call, refuses the rest with reasons, never twice', async () => {
    const first = await issue()
    expect(first.issued.map((c) => [c.person, c.scope, c.status, c.figures.studyDays])).toEqual([
      [ME, YEAR3, 'valid', days.length],
    ])
    expect(first.issued[0]?.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    expect(first.refused).toEqual([
      { person: ABSENT, name: 'Ava Absent', reasons: ['overLimit', 'outstanding'] },
      { person: OWING, name: 'Olga Owing', reasons: ['outstanding'] },
    ])
    const again = await issue('admin')
    expect(again.issued).toEqual([])
    expect(again.refused).toContainEqual({
      person: ME,
      name: 'participant Test',
      reasons: ['alreadyCertified'],
    })
  })

  it.each<Role>(['fullRegEditor', 'participant', 'presenceEditor'])(
    '%s may not list, issue, re-issue or revoke (403, bilingual)',
    async (role) => {
      const [certificate] = (await issue()).issued
      const browser = await server.as(role)
      for (const [path, body] of [
        ['list', { scope: YEAR3 }],
        ['issue', { scope: YEAR3, people: [ME] }],
        ['reissue', { id: certificate?._id, reason: 'name' }],
        ['revoke', { id: certificate?._id, reason: 'error' }],
        ['events/list', {}],
      ] as const) {
        const answer = await browser.post(`/api/certificates/${path}`, body)
        expect(answer.status, path).toBe(403)
        expect(answer.body).toMatchObject({
          error: { code: 'certificateIssuerOnly', message: { sl: expect.any(String) } },
        })
      }
      expect(await db.store.collection('certificates').count({ status: 'valid' })).toBe(1)
    },
  )

  it('a visitor verifies a code and learns only name, scope, issue date and validity', async () => {
    const [certificate] = (await issue()).issued
    const visitor = server.browser()
    const typed = certificate!.code.toLowerCase().replaceAll('-', ' ')
    const answer = await visitor.post('/api/certificates/verify', { code: typed })
    expect(answer.status).toBe(200)
    expect(Object.keys(answer.body as object).toSorted()).toEqual([
      'issuedAt',
      'name',
      'scope',
      'status',
      'verifyAt',
    ])
    expect(answer.body).toEqual({
      name: 'participant Test',
      scope: YEAR3,
      issuedAt: certificate!.issuedAt,
      status: 'valid',
      verifyAt: `${server.config.publicUrl}/potrdilo`,
    })
  })

  it('a revoked certificate verifies as revoked; a re-issued one too, and its new code as valid', async () => {
    const [certificate] = (await issue()).issued
    const admin = await server.as('admin')
    const revoked = await admin.post('/api/certificates/revoke', {
      id: certificate!._id,
      reason: 'Issued by mistake',
    })
    expect(revoked.body).toMatchObject({
      certificate: { status: 'revoked', revokeReason: 'Issued by mistake' },
    })
    const visitor = server.browser()
    const verify = (code: string) => visitor.post('/api/certificates/verify', { code })
    expect((await verify(certificate!.code)).body).toMatchObject({ status: 'revoked' })
    expect(
      (await admin.post('/api/certificates/revoke', { id: certificate!._id, reason: 'x' })).status,
    ).toBe(409)

    const fresh = (await issue()).issued[0]!
    const reissued = await admin.post('/api/certificates/reissue', {
      id: fresh._id,
      reason: 'Name corrected',
    })
    const replacement = (reissued.body as { issued: Certificate[] }).issued[0]!
    expect(replacement.code).not.toBe(fresh.code)
    expect((await verify(fresh.code)).body).toMatchObject({ status: 'revoked' })
    expect((await verify(replacement.code)).body).toMatchObject({ status: 'valid' })
  })

  it('a double-click issues once, and two re-issues of one certificate at once replace it once', async () => {
    const [first, second] = await Promise.all([issue(), issue('admin')])
    const issued = [...first.issued, ...second.issued]
    expect(issued.map((c) => c.person)).toEqual([ME])
    expect([...first.refused, ...second.refused]).toContainEqual({
      person: ME,
      name: 'participant Test',
      reasons: ['alreadyCertified'],
    })
    const admin = await server.as('admin')
    const reissue = () =>
      admin.post('/api/certificates/reissue', { id: issued[0]!._id, reason: 'Name corrected' })
    const answers = await Promise.all([reissue(), reissue()])
    const replacements = answers.flatMap((a) => (a.body as { issued?: Certificate[] }).issued ?? [])
    expect(replacements).toHaveLength(1)
    const held = await db.store.collection('certificates').find({ person: ME, status: 'valid' })
    expect(held.map((c) => c._id)).toEqual([replacements[0]!._id])
  })

  it('wrong and malformed codes all answer the same "not found" and are rate limited', async () => {
    const [certificate] = (await issue()).issued
    const visitor = server.browser()
    const canonical = certificate!.code.replaceAll('-', '')
    const last = canonical.at(-1)!
    const changed = canonical.slice(0, -1) + CODE_ALPHABET[(CODE_ALPHABET.indexOf(last) + 1) % 32]
    const wrong = [changed, 'not a code', '', 'ZZZZ-ZZZZ-ZZZZ-ZZZZ', 42]
    for (const code of wrong) {
      const answer = await visitor.post('/api/certificates/verify', { code })
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({
        error: {
          code: 'certificateNotFound',
          message: {
            sl: 'Potrdila s to kodo ni; preverite, ali ste jo prepisali pravilno',
            en: 'No certificate has this code; check that it was typed correctly',
          },
        },
      })
    }
    const limit = server.config.rateLimit.perIp
    for (let i = wrong.length; i < limit; i += 1) {
      expect((await visitor.post('/api/certificates/verify', { code: changed })).status).toBe(404)
    }
    const refused = await visitor.post('/api/certificates/verify', { code: certificate!.code })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).not.toBeNull()
  })

  it('a participant reads their own certificates and no one else’s', async () => {
    const [mine] = (await issue()).issued
    await db.store.collection('attendance').deleteMany({ participant: OWING })
    const other = (
      (
        await (
          await server.as('admin')
        ).post('/api/certificates/issue', { scope: YEAR3, people: [OWING] })
      ).body as {
        issued: Certificate[]
      }
    ).issued[0]!
    const participant = await server.as('participant')
    const own = await participant.post('/api/certificates/mine', {})
    expect((own.body as { certificates: Certificate[] }).certificates.map((c) => c._id)).toEqual([
      mine!._id,
    ])
    expect((await participant.post('/api/certificates/get', { id: mine!._id })).status).toBe(200)
    const foreign = await participant.post('/api/certificates/get', { id: other._id })
    expect(foreign.status).toBe(404)
    expect(foreign.body).toMatchObject({ error: { code: 'certificateNotFound' } })
    expect((await server.browser().post('/api/certificates/mine', {})).status).toBe(401)
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const admin = await server.as('admin')
    for (const body of [
      {},
      { scope: { kind: 'year', year: 9 }, people: [ME] },
      { scope: YEAR3, people: [] },
      { scope: YEAR3, people: [ME], languages: ['de'] },
    ]) {
      expect((await admin.post('/api/certificates/issue', body)).status).toBe(400)
    }
    expect((await admin.post('/api/certificates/revoke', { id: 'X', reason: ' ' })).status).toBe(
      400,
    )
    expect(await db.store.collection('certificates').count({})).toBe(0)
  })
})
