// The make-up staff routes over HTTP on both stores (docs/access-policy.md#make-up-routes,
// docs/product-rules.md#make-ups-and-attendance-rules): "made up otherwise" recorded with a note
// and removed; the attendance limits changed by an admin with their history kept; the cancel
// deadline changed by an admin and read by the sign-up rules; a session's sign-ups and waitlist
// with names; a participant refused everywhere; bad input answered 400 in both languages and
// changing nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Role } from '@lfit/domain/access/roles'
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

const PARTICIPANT = userFor('participant').username
const DAY = 'lfit_20261012'
const SESSION = { ...MAKEUP_SESSION, capacity: 2, covers: { segments: [12], days: [] } }
const PEOPLE = ['ana@test.lfit', 'bor@test.lfit', 'cene@test.lfit', 'dora@test.lfit']

const errorOf = (answer: Answer) =>
  (answer.body as { error?: { code?: string; message?: { sl?: string; en?: string } } }).error
const fieldsOf = (answer: Answer) =>
  (answer.body as { error?: { fields?: Record<string, { sl: string; en: string }> } }).error
    ?.fields ?? {}

describe.each(STORE_KINDS)('make-up staff routes on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  let editor: Browser
  let admin: Browser
  let participant: Browser

  beforeEach(async () => {
    db = await openTestStore(kind)
    const roles: Role[] = ['admin', 'makeupEditor', 'regEditor', 'educator', 'participant']
    await seedUsers(db.store, [
      ...roles.map(userFor),
      ...PEOPLE.map((username, i) => ({
        username,
        roles: ['participant'] as Role[],
        firstName: ['Ana', 'Bor', 'Cene', 'Dora'][i],
        lastName: 'Novak',
      })),
    ])
    server = await startServer({ store: db.store })
    editor = await server.as('makeupEditor')
    admin = await server.as('admin')
    participant = await server.as('participant')
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it('an editor records a day made up otherwise with a note, again replaces it, and removes it', async () => {
    const record = { participant: PARTICIPANT, dayId: DAY, note: 'Watched the recordings' }
    const first = await editor.post('/api/makeups/recordMadeUpOtherwise', record)
    expect(first.status).toBe(200)
    await editor.post('/api/makeups/recordMadeUpOtherwise', { ...record, note: 'Essay handed in' })
    const stored = await snapshot(db.store, 'madeUpOtherwise')
    expect(stored).toEqual([
      {
        _id: `${DAY}:${PARTICIPANT}`,
        participant: PARTICIPANT,
        dayId: DAY,
        note: 'Essay handed in',
        by: userFor('makeupEditor').username,
        at: new Date(server.clock.now).toISOString(),
      },
    ])
    const removed = await editor.post('/api/makeups/removeMadeUpOtherwise', {
      participant: PARTICIPANT,
      dayId: DAY,
    })
    expect(removed.status).toBe(200)
    expect(await snapshot(db.store, 'madeUpOtherwise')).toEqual([])
  })

  it.each([
    ['no note', { participant: PARTICIPANT, dayId: DAY, note: '  ' }, 'note'],
    [
      'a free or unknown day',
      { participant: PARTICIPANT, dayId: 'lfit_20261011', note: 'x' },
      'dayId',
    ],
    ['a make-up day', { participant: PARTICIPANT, dayId: 'lfit_20240902', note: 'x' }, 'dayId'],
    ['a number for a name', { participant: 42, dayId: DAY, note: 'x' }, 'participant'],
    ['a field of its own', { participant: PARTICIPANT, dayId: DAY, note: 'x', by: 'me' }, ''],
  ])(
    '"made up otherwise" with %s is refused in both languages and stores nothing',
    async (_, body, field) => {
      const answer = await editor.post('/api/makeups/recordMadeUpOtherwise', body)
      expect(answer.status).toBe(400)
      expect(errorOf(answer)?.code).toBe('invalidBody')
      if (field) {
        expect(fieldsOf(answer)[field]?.sl).toBeTruthy()
        expect(fieldsOf(answer)[field]?.en).toBeTruthy()
        expect(fieldsOf(answer)[field]?.sl).not.toBe(fieldsOf(answer)[field]?.en)
      }
      expect(await snapshot(db.store, 'madeUpOtherwise')).toEqual([])
    },
  )

  it('"made up otherwise" for someone who is not a participant is refused', async () => {
    const answer = await editor.post('/api/makeups/recordMadeUpOtherwise', {
      participant: 'nobody@test.lfit',
      dayId: DAY,
      note: 'x',
    })
    expect(answer.status).toBe(404)
    expect(await snapshot(db.store, 'madeUpOtherwise')).toEqual([])
  })

  it('an admin changes the limits; the history keeps who, when, from and to', async () => {
    const read = await editor.post('/api/makeups/settings', {})
    expect(read.body).toEqual({
      thresholds: { perYear: 5, overall: 10 },
      history: [],
      cancelHours: 24,
    })
    const changed = await admin.post('/api/makeups/changeThresholds', { perYear: 4, overall: 8 })
    expect(changed.status).toBe(200)
    server.clock.advance(60_000)
    await admin.post('/api/makeups/changeThresholds', { perYear: 4, overall: 8 })
    await admin.post('/api/makeups/changeThresholds', { perYear: 6, overall: 8 })
    const after = (await editor.post('/api/makeups/settings', {})).body as {
      thresholds: unknown
      history: unknown[]
    }
    expect(after.thresholds).toEqual({ perYear: 6, overall: 8 })
    expect(after.history).toEqual([
      {
        at: new Date(server.clock.now - 60_000).toISOString(),
        by: userFor('admin').username,
        from: { perYear: 5, overall: 10 },
        to: { perYear: 4, overall: 8 },
      },
      {
        at: new Date(server.clock.now).toISOString(),
        by: userFor('admin').username,
        from: { perYear: 4, overall: 8 },
        to: { perYear: 6, overall: 8 },
      },
    ])
  })

  it.each([
    ['a year limit above the programme limit', { perYear: 9, overall: 8 }],
    ['zero', { perYear: 0, overall: 8 }],
    ['a fraction', { perYear: 2.5, overall: 8 }],
    ['text', { perYear: 'five', overall: 8 }],
    ['a limit missing', { perYear: 5 }],
  ])('limits with %s are refused in both languages and change nothing', async (_, body) => {
    const before = await snapshot(db.store, 'settings')
    const answer = await admin.post('/api/makeups/changeThresholds', body)
    expect(answer.status).toBe(400)
    const messages = Object.values(fieldsOf(answer))
    expect(messages.length).toBeGreaterThan(0)
    expect(messages.every((m) => m.sl && m.en && m.sl !== m.en)).toBe(true)
    expect(await snapshot(db.store, 'settings')).toEqual(before)
  })

  it('an admin sets the cancel deadline, which the sign-up rules then use', async () => {
    expect((await admin.post('/api/makeups/changeCancelHours', { hours: 48 })).status).toBe(200)
    expect(
      ((await editor.post('/api/makeups/settings', {})).body as { cancelHours: number })
        .cancelHours,
    ).toBe(48)
    for (const hours of [-1, 1.5, 'soon', 24 * 15]) {
      expect((await admin.post('/api/makeups/changeCancelHours', { hours })).status).toBe(400)
    }
    // 47 hours before the session: within 48, so a participant can no longer cancel.
    await editor.post('/api/makeups/create', SESSION)
    await participant.post('/api/makeups/signUp', { sessionId: SESSION._id })
    server.clock.now = Date.UTC(2026, 11, 3, 10, 0)
    participant = await server.as('participant')
    const late = await participant.post('/api/makeups/cancelSignup', { sessionId: SESSION._id })
    expect(errorOf(late)?.code).toBe('makeupCancelTooLate')
    expect(errorOf(late)?.message?.en).toContain('48 hours')
  })

  it('staff see a session\u2019s places and waitlist in order, with names', async () => {
    await editor.post('/api/makeups/create', SESSION)
    for (const p of PEOPLE)
      await editor.post('/api/makeups/signUp', { sessionId: SESSION._id, participant: p })
    const educator = await server.as('educator')
    const answer = await educator.post('/api/makeups/sessionSignups', { sessionId: SESSION._id })
    expect(answer.status).toBe(200)
    const { signups, taken } = answer.body as { signups: Record<string, unknown>[]; taken: number }
    expect(taken).toBe(2)
    expect(signups.map((s) => [s.firstName, s.status, s.position])).toEqual([
      ['Ana', 'confirmed', undefined],
      ['Bor', 'confirmed', undefined],
      ['Cene', 'waitlisted', 1],
      ['Dora', 'waitlisted', 2],
    ])
    const missing = await editor.post('/api/makeups/sessionSignups', { sessionId: 'nope' })
    expect(missing.status).toBe(404)
    expect((await editor.post('/api/makeups/sessionSignups', { sessionId: 7 })).status).toBe(400)
  })

  it.each([
    ['/api/makeups/recordMadeUpOtherwise', { participant: PARTICIPANT, dayId: DAY, note: 'x' }],
    ['/api/makeups/removeMadeUpOtherwise', { participant: PARTICIPANT, dayId: DAY }],
    ['/api/makeups/settings', {}],
    ['/api/makeups/changeThresholds', { perYear: 1, overall: 1 }],
    ['/api/makeups/changeCancelHours', { hours: 1 }],
    ['/api/makeups/sessionSignups', { sessionId: SESSION._id }],
  ])('a participant calling %s gets 403 and nothing changes', async (path, body) => {
    const before = await Promise.all(
      ['settings', 'madeUpOtherwise'].map((c) => snapshot(db.store, c)),
    )
    const answer = await participant.post(path, body)
    expect(answer.status).toBe(403)
    expect(
      await Promise.all(['settings', 'madeUpOtherwise'].map((c) => snapshot(db.store, c))),
    ).toEqual(before)
  })

  it.each([
    ['/api/makeups/changeThresholds', { perYear: 1, overall: 1 }],
    ['/api/makeups/changeCancelHours', { hours: 1 }],
  ])('a make-up editor who is not an admin cannot call %s', async (path, body) => {
    expect((await editor.post(path, body)).status).toBe(403)
    expect(await snapshot(db.store, 'settings')).toEqual([])
  })
})
