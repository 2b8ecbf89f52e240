// Make-up sessions and their sign-ups over HTTP on both stores
// (docs/product-rules.md#make-ups-and-attendance-rules, docs/access-policy.md#make-up-routes):
// the server decides places, never two people in one place; a cancelled place goes to the first
// waitlisted, who is e-mailed; a participant signs up only themselves; a cancelled session tells
// everyone once; cancelling closes at the deadline; bad input changes nothing; visitors get only
// the public list.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Role } from '@lfit/domain/access/roles'
import { MAIL_OUTBOX } from '../src/mail/outbox'
import {
  STORE_KINDS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type Answer,
  type Browser,
  type OpenedStore,
  type TestServer,
} from './harness'
import { MAKEUP_SESSION } from './makeup-session'

const SESSION = { ...MAKEUP_SESSION, note: 'Bring a mat' }
/** 2026-12-05 10:00 in Ljubljana (UTC+1 in December). */
const SESSION_START = Date.UTC(2026, 11, 5, 9, 0)
const HOUR = 3_600_000

const PEOPLE = Array.from({ length: 50 }, (_, i) => `p${String(i + 1).padStart(2, '0')}@test.lfit`)
const PARTICIPANT = userFor('participant').username

const errorOf = (answer: Answer) =>
  (answer.body as { error?: { code?: string; message?: { sl?: string; en?: string } } }).error
const signupOf = (answer: Answer) =>
  (answer.body as { signup: { status: string; position?: number; participant: string } }).signup

describe.each(STORE_KINDS)('make-up sessions on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  let editor: Browser

  const mails = async () => snapshot(db.store, MAIL_OUTBOX)
  const createSession = async (changes: Record<string, unknown> = {}) => {
    const created = await editor.post('/api/makeups/create', { ...SESSION, ...changes })
    expect(created.status).toBe(200)
  }
  const signUp = (as: Browser, participant?: string, extra: Record<string, unknown> = {}) =>
    as.post('/api/makeups/signUp', {
      sessionId: SESSION._id,
      ...(participant ? { participant } : {}),
      ...extra,
    })
  const statusOf = async (participant: string) =>
    (await db.store.collection('makeupSignups').findById(`${SESSION._id}:${participant}`))?.status

  beforeEach(async () => {
    db = await openTestStore(kind)
    const roles: Role[] = ['admin', 'makeupEditor', 'regEditor', 'educator', 'participant']
    await seedUsers(db.store, [
      ...roles.map(userFor),
      ...PEOPLE.map((username) => ({ username, roles: ['participant'] as Role[] })),
    ])
    server = await startServer({ store: db.store })
    editor = await server.as('makeupEditor')
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it('50 concurrent sign-ups for 10 places: exactly 10 confirmed, 40 waitlisted in one order, no duplicates', async () => {
    await createSession()
    const answers = await Promise.all(PEOPLE.map((p) => signUp(editor, p)))
    expect(answers.map((a) => a.status)).toEqual(PEOPLE.map(() => 200))
    const stored = await db.store.collection('makeupSignups').find({ session: SESSION._id })
    expect(stored).toHaveLength(50)
    expect(new Set(stored.map((s) => s.participant)).size).toBe(50)
    expect(stored.filter((s) => s.status === 'confirmed')).toHaveLength(10)
    const waitlisted = stored.filter((s) => s.status === 'waitlisted')
    expect(waitlisted).toHaveLength(40)
    expect(new Set(waitlisted.map((s) => s.order)).size).toBe(40)
    const positions = answers.map(signupOf).flatMap((s) => s.position ?? [])
    expect(positions.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
    const session = await db.store.collection('makeupSessions').findById(SESSION._id)
    expect(session?.taken).toBe(10)
    // Signing up again, as a request sent twice, changes nothing.
    const again = await signUp(editor, PEOPLE[0])
    expect(again.status).toBe(200)
    expect(await db.store.collection('makeupSignups').count({ session: SESSION._id })).toBe(50)
  })

  it('a cancelled place goes to exactly the first waitlisted, who is e-mailed', async () => {
    await createSession({ capacity: 1 })
    const participant = await server.as('participant')
    expect(signupOf(await signUp(participant)).status).toBe('confirmed')
    for (const p of PEOPLE.slice(0, 3)) {
      expect(signupOf(await signUp(editor, p)).status).toBe('waitlisted')
    }
    const before = await mails()
    const cancelled = await participant.post('/api/makeups/cancelSignup', {
      sessionId: SESSION._id,
    })
    expect(cancelled.status).toBe(200)
    expect(signupOf(cancelled).status).toBe('cancelled')
    expect(await statusOf(PEOPLE[0] as string)).toBe('confirmed')
    expect(await statusOf(PEOPLE[1] as string)).toBe('waitlisted')
    expect(signupOf(await signUp(editor, PEOPLE[1])).position).toBe(1)
    const sent = (await mails()).slice(before.length)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ to: PEOPLE[0], kind: 'makeupPlaceConfirmed' })
    const session = await db.store.collection('makeupSessions').findById(SESSION._id)
    expect(session?.taken).toBe(1)
  })

  it('more places give the new ones to the waitlist in order; fewer than taken is refused', async () => {
    await createSession({ capacity: 2 })
    for (const p of PEOPLE.slice(0, 5)) await signUp(editor, p)
    const fewer = await editor.post('/api/makeups/update', { ...SESSION, capacity: 1 })
    expect(fewer.status).toBe(400)
    expect(errorOf(fewer)?.message?.en).toBeTruthy()
    const more = await editor.post('/api/makeups/update', { ...SESSION, capacity: 4 })
    expect(more.status).toBe(200)
    const statuses = await Promise.all(PEOPLE.slice(0, 5).map((p) => statusOf(p)))
    expect(statuses).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed', 'waitlisted'])
    const told = (await mails()).filter((m) => m.kind === 'makeupPlaceConfirmed').map((m) => m.to)
    expect(told.toSorted()).toEqual([PEOPLE[2], PEOPLE[3]])
  })

  it('fewer places after cancellations still hold everyone confirmed, and no one more', async () => {
    await createSession({ capacity: 4 })
    for (const p of PEOPLE.slice(0, 4))
      expect(signupOf(await signUp(editor, p)).status).toBe('confirmed')
    for (const p of PEOPLE.slice(0, 2)) {
      const cancelled = await editor.post('/api/makeups/cancelSignup', {
        sessionId: SESSION._id,
        participant: p,
      })
      expect(cancelled.status).toBe(200)
    }
    const fewer = await editor.post('/api/makeups/update', { ...SESSION, capacity: 2 })
    expect(fewer.status).toBe(200)
    expect(signupOf(await signUp(editor, PEOPLE[4])).status).toBe('waitlisted')
    expect(await statusOf(PEOPLE[2] as string)).toBe('confirmed')
    expect(await statusOf(PEOPLE[3] as string)).toBe('confirmed')
    const session = await db.store.collection('makeupSessions').findById(SESSION._id)
    expect(session?.taken).toBe(2)
  })

  it('a participant signs up only themselves; the staff who arrange make-ups may act for them', async () => {
    await createSession()
    const participant = await server.as('participant')
    const forged = await signUp(participant, PEOPLE[0])
    expect(forged.status).toBe(403)
    expect(errorOf(forged)?.code).toBe('makeupOnlyYourself')
    expect(errorOf(forged)?.message?.sl).toBeTruthy()
    expect(await db.store.collection('makeupSignups').count({})).toBe(0)
    expect(signupOf(await signUp(participant)).participant).toBe(PARTICIPANT)
    const educator = await server.as('educator')
    expect(signupOf(await signUp(educator, PEOPLE[1])).status).toBe('confirmed')
    const forbidden = await (
      await server.as('participant')
    ).post('/api/makeups/cancelSignup', {
      sessionId: SESSION._id,
      participant: PEOPLE[1],
    })
    expect(forbidden.status).toBe(403)
    expect(await statusOf(PEOPLE[1] as string)).toBe('confirmed')
  })

  it('cancelling a session e-mails everyone signed up or waitlisted, once', async () => {
    await createSession({ capacity: 2 })
    const signed = PEOPLE.slice(0, 3)
    for (const p of signed) await signUp(editor, p)
    const first = await editor.post('/api/makeups/cancel', { _id: SESSION._id })
    expect(first.status).toBe(200)
    const again = await editor.post('/api/makeups/cancel', { _id: SESSION._id })
    expect(again.status).toBe(200)
    const sent = (await mails()).filter((m) => m.kind === 'makeupSessionCancelled')
    expect(sent.map((m) => m.to).toSorted()).toEqual(signed)
    const late = await signUp(editor, PEOPLE[5])
    expect(late.status).toBe(409)
    expect(errorOf(late)?.code).toBe('makeupSessionClosed')
  })

  it('a participant cancels up to 24 hours before the start; later is refused with the reason', async () => {
    await createSession()
    await signUp(await server.as('participant'))
    server.clock.now = SESSION_START - 24 * HOUR + 60_000
    // Logged in again: the clock moved past the first login's session.
    const participant = await server.as('participant')
    const late = await participant.post('/api/makeups/cancelSignup', { sessionId: SESSION._id })
    expect(late.status).toBe(409)
    expect(errorOf(late)?.code).toBe('makeupCancelTooLate')
    expect(errorOf(late)?.message?.en).toContain('24 hours')
    expect(errorOf(late)?.message?.sl).toContain('24 ur')
    expect(await statusOf(PARTICIPANT)).toBe('confirmed')
    server.clock.now = SESSION_START - 24 * HOUR
    const inTime = await participant.post('/api/makeups/cancelSignup', {
      sessionId: SESSION._id,
    })
    expect(inTime.status).toBe(200)
    expect(await statusOf(PARTICIPANT)).toBe('cancelled')
  })

  it('the same sign-up sent five times at once is one sign-up, every answer the same', async () => {
    await createSession({ capacity: 1 })
    const participant = await server.as('participant')
    const answers = await Promise.all(Array.from({ length: 5 }, () => signUp(participant)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(answers.map((a) => signupOf(a).status)).toEqual(Array(5).fill('confirmed'))
    expect(await db.store.collection('makeupSignups').count({})).toBe(1)
    const session = await db.store.collection('makeupSessions').findById(SESSION._id)
    expect(session?.taken).toBe(1)
  })

  it('a sign-up and its cancellation at once: each answers what it stored, the stored result is one of them', async () => {
    await createSession({ capacity: 1 })
    const participant = await server.as('participant')
    const cancel = () => participant.post('/api/makeups/cancelSignup', { sessionId: SESSION._id })
    for (let round = 0; round < 60; round++) {
      // Every other round starts signed up, so either call may find something to change.
      if (round % 2 === 1) expect(signupOf(await signUp(participant)).status).toBe('confirmed')
      const [up, down] = await Promise.all([signUp(participant), cancel()])
      expect(up.status).toBe(200)
      expect(signupOf(up).status).toBe('confirmed')
      // Cancelled, or nothing to cancel when it looked (the sign-up came after it).
      const cancelled = down.status === 200 ? signupOf(down).status : errorOf(down)?.code
      expect(['cancelled', 'makeupSignupNotFound']).toContain(cancelled)
      const stored = await statusOf(PARTICIPANT)
      expect(['confirmed', cancelled]).toContain(stored)
      const session = await db.store.collection('makeupSessions').findById(SESSION._id)
      expect(session?.taken).toBe(stored === 'confirmed' ? 1 : 0)
    }
  })

  it('a request sent twice with its request id is decided once', async () => {
    await createSession()
    const participant = await server.as('participant')
    const request = { requestId: 'offline-1' }
    expect(signupOf(await signUp(participant, undefined, request)).status).toBe('confirmed')
    await participant.post('/api/makeups/cancelSignup', { sessionId: SESSION._id })
    const repeated = await signUp(participant, undefined, request)
    expect(signupOf(repeated).status).toBe('confirmed')
    expect(await statusOf(PARTICIPANT)).toBe('cancelled')
  })

  it('bad input is refused in both languages and changes nothing', async () => {
    await createSession()
    const before = await snapshot(db.store, 'makeupSessions')
    const bad = [
      editor.post('/api/makeups/create', { ...SESSION, _id: 'other', capacity: 0 }),
      editor.post('/api/makeups/create', { ...SESSION, _id: 'other', taken: 5 }),
      editor.post('/api/makeups/update', { ...SESSION, fromHour: '25:00' }),
      editor.post('/api/makeups/cancel', { _id: 7 }),
      editor.post('/api/makeups/signUp', { sessionId: ['x'] }),
      editor.post('/api/makeups/cancelSignup', { sessionId: SESSION._id, extra: true }),
    ]
    for (const answer of await Promise.all(bad)) {
      expect(answer.status).toBe(400)
      expect(errorOf(answer)?.message?.sl).toBeTruthy()
      expect(errorOf(answer)?.message?.en).toBeTruthy()
    }
    expect(await snapshot(db.store, 'makeupSessions')).toEqual(before)
    expect(await db.store.collection('makeupSignups').count({})).toBe(0)
  })

  it('visitors get only the public list of upcoming sessions with free places', async () => {
    await createSession({ capacity: 1 })
    await createSession({ _id: 'free', dayStr: '2026-12-12' })
    await createSession({ _id: 'past', dayStr: '2026-11-01' })
    await signUp(editor, PEOPLE[0])
    const visitor = server.browser()
    const listed = await visitor.post('/api/makeups/upcoming')
    expect(listed.status).toBe(200)
    const sessions = (listed.body as { sessions: Record<string, unknown>[] }).sessions
    expect(sessions.map((s) => s._id)).toEqual(['free'])
    expect(sessions[0]).toMatchObject({ free: 10, capacity: 10, place: SESSION.place })
    expect(JSON.stringify(listed.body)).not.toContain('@')
    expect(JSON.stringify(listed.body)).not.toContain(SESSION.note)
    for (const path of ['create', 'cancel', 'signUp', 'cancelSignup']) {
      const answer = await visitor.post(`/api/makeups/${path}`, { _id: 'free', sessionId: 'free' })
      expect(answer.status).toBe(401)
    }
    const participant = await server.as('participant')
    const full = await participant.post('/api/makeups/upcoming')
    const ids = (full.body as { sessions: { _id: string }[] }).sessions.map((s) => s._id)
    expect(ids).toEqual([SESSION._id, 'free'])
    const refused = await participant.post('/api/makeups/create', { ...SESSION, _id: 'x' })
    expect(refused.status).toBe(403)
  })
})
