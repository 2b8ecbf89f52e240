// POST /api/makeups/book on both stores (docs/access-policy.md#make-up-routes): a participant
// gets every session and only their own sign-ups, made-up-otherwise records and enrolments, and
// no one's names; the staff get everyone's, with the participants' names; visitors get nothing.
// Marks at a make-up session travel through the data API's sync gate like attendance.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Role } from '@lfit/domain/access/roles'
import type { MakeupBook } from '@lfit/domain/makeups/book'
import { makeupBookSchema } from '@lfit/domain/makeups/book'
import { makeupAttendanceId } from '@lfit/domain/makeups/sessions'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import type { PullResponse, PushResponse } from '@lfit/domain/sync/protocol'
import { MADE_UP_OTHERWISE } from '../src/makeups/book'
import {
  STORE_KINDS,
  openTestStore,
  seedUsers,
  startServer,
  userFor,
  type OpenedStore,
  type TestServer,
} from './harness'
import { MAKEUP_SESSION } from './makeup-session'

const SESSION = { ...MAKEUP_SESSION, capacity: 1 }
const ME = userFor('participant').username
const OTHER = 'other@test.lfit'
const THIRD = 'third@test.lfit'

const otherwise = (participant: string) => ({
  _id: `lfit_20261116:${participant}`,
  participant,
  dayId: 'lfit_20261116',
  by: 'makeupeditor@test.lfit',
  at: '2026-11-20T10:00:00.000Z',
  note: 'Watched the recording',
})
const enrolment = (person: string) => ({
  _id: `1:${person}`,
  person,
  year: 1,
  status: 'accepted',
  project: 'lfit',
  history: [],
})

describe.each(STORE_KINDS)('the make-up book on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer

  const bookAs = async (role: Role) => {
    const answer = await (await server.as(role)).post('/api/makeups/book', {})
    expect(answer.status).toBe(200)
    return makeupBookSchema.parse(answer.body)
  }

  beforeEach(async () => {
    db = await openTestStore(kind)
    const roles: Role[] = ['admin', 'makeupEditor', 'presenceEditor', 'participant', 'mediaEditor']
    await seedUsers(db.store, [
      ...roles.map(userFor),
      { username: OTHER, roles: ['participant'], firstName: 'Ola', lastName: 'Other' },
      { username: THIRD, roles: ['participant'], firstName: 'Tia', lastName: 'Third' },
    ])
    server = await startServer({ store: db.store })
    const editor = await server.as('makeupEditor')
    expect((await editor.post('/api/makeups/create', SESSION)).status).toBe(200)
    for (const participant of [ME, OTHER, THIRD]) {
      const answer = await editor.post('/api/makeups/signUp', {
        sessionId: SESSION._id,
        participant,
      })
      expect(answer.status).toBe(200)
    }
    await db.store.collection(MADE_UP_OTHERWISE).insert([otherwise(ME), otherwise(OTHER)])
    await db.store.collection('enrolments').insert([enrolment(ME), enrolment(OTHER)])
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it('a participant gets every session and only their own records, and no names', async () => {
    const book: MakeupBook = await bookAs('participant')
    expect(book.sessions.map((s) => s._id)).toEqual([SESSION._id])
    expect(book.signups).toEqual([{ sessionId: SESSION._id, participant: ME, status: 'confirmed' }])
    expect(book.madeUpOtherwise.map((r) => r.participant)).toEqual([ME])
    expect(book.enrolments).toEqual([{ person: ME, year: 1, status: 'accepted' }])
    expect(book.people).toEqual([])
    expect(book.thresholds).toEqual({ perYear: 5, overall: 10 })
    expect(book.cancelHours).toBe(24)
  })

  it.each<Role>(['makeupEditor', 'presenceEditor', 'admin'])(
    '%s gets everyone’s, waitlist positions in line, and the participants’ names',
    async (role) => {
      const book = await bookAs(role)
      const byParticipant = Object.fromEntries(book.signups.map((s) => [s.participant, s]))
      expect(byParticipant[ME]).toMatchObject({ status: 'confirmed' })
      expect(byParticipant[OTHER]).toMatchObject({ status: 'waitlisted', position: 1 })
      expect(byParticipant[THIRD]).toMatchObject({ status: 'waitlisted', position: 2 })
      expect(book.madeUpOtherwise.map((r) => r.participant).toSorted()).toEqual([OTHER, ME])
      expect(book.enrolments.map((e) => e.person).toSorted()).toEqual([OTHER, ME])
      expect(book.people).toContainEqual({ username: OTHER, firstName: 'Ola', lastName: 'Other' })
      expect(book.people.map((p) => p.username)).not.toContain(userFor('admin').username)
    },
  )

  it('a user who neither takes nor keeps make-ups gets the sessions and no one’s records', async () => {
    const book = await bookAs('mediaEditor')
    expect(book.sessions).toHaveLength(1)
    expect(book.signups).toEqual([])
    expect(book.madeUpOtherwise).toEqual([])
    expect(book.enrolments).toEqual([])
    expect(book.people).toEqual([])
  })

  it('the limits an admin set are the book’s; a visitor is refused', async () => {
    await db.store.collection('settings').save({
      _id: 'makeups',
      cancelHours: 48,
      thresholds: { thresholds: { perYear: 3, overall: 6 }, history: [] },
    })
    const book = await bookAs('participant')
    expect(book.thresholds).toEqual({ perYear: 3, overall: 6 })
    expect(book.cancelHours).toBe(48)
    expect((await server.browser().post('/api/makeups/book', {})).status).toBe(401)
  })

  it('a make-up editor marks a session over HTTP; the participant pulls only their own mark', async () => {
    const push = async (role: Role, participant: string, n: number) => {
      const answer = await (
        await server.as(role)
      ).db('makeupAttendance', 'upsertBatch', {
        v: 1,
        batch: [
          {
            id: `m-book-test-${n}`,
            collection: 'makeupAttendance',
            recordId: makeupAttendanceId(SESSION._id, participant),
            hlc: encodeHlc({ wall: Date.UTC(2026, 11, 5, 10), counter: n, node: 'tablet' }),
            deviceId: 'tablet',
            fields: { mark: 'present' },
          },
        ],
      })
      expect(answer.status).toBe(200)
      return (answer.body as PushResponse).results[0]?.status
    }
    expect(await push('makeupEditor', ME, 1)).toBe('applied')
    expect(await push('presenceEditor', OTHER, 2)).toBe('applied')
    expect(await push('participant', ME, 3)).toBe('rejected')
    const pulled = await (
      await server.as('participant')
    ).db('makeupAttendance', 'pull', { v: 1, cursor: null })
    expect(pulled.status).toBe(200)
    const marks = (pulled.body as PullResponse).changes.makeupAttendance
    expect(marks.map((m) => [m.participant, m.mark])).toEqual([[ME, 'present']])
  })
})
