// Where a participant stands at a session on the sign-up screen: a waiting request is the newest
// word; otherwise the make-up book's sign-up.
import { describe, expect, it } from 'vitest'
import type { MakeupBook } from '@lfit/domain/makeups/book'
import type { MakeupSession } from '@lfit/domain/makeups/sessions'
import { DEFAULT_THRESHOLDS } from '@lfit/domain/makeups/thresholds'
import { decisionStillHolds, otherUpcoming, placeAt, signedUpSessions, signupsOf } from './places'
import type { MakeupRequest } from './request-queue'

const session = (id: string, dayStr: string): MakeupSession => ({
  _id: id,
  dayStr,
  fromHour: '17:00',
  toHour: '20:00',
  place: 'Studio',
  capacity: 2,
  covers: { segments: [3], days: [] },
  educator: 'educator@test.lfit',
  note: '',
  scheduleDays: [],
  cancelled: false,
})

const book: MakeupBook = {
  sessions: [
    session('later', '2026-12-03'),
    session('past', '2026-11-20'),
    session('soon', '2026-12-01'),
    session('free', '2026-12-02'),
  ],
  signups: [
    { sessionId: 'soon', participant: 'ana', status: 'waitlisted', position: 2 },
    { sessionId: 'later', participant: 'ana', status: 'confirmed' },
    { sessionId: 'past', participant: 'ana', status: 'confirmed' },
    { sessionId: 'free', participant: 'bor', status: 'confirmed' },
  ],
  madeUpOtherwise: [],
  enrolments: [],
  thresholds: DEFAULT_THRESHOLDS,
  cancelHours: 24,
  people: [],
}

const request = (
  sessionId: string,
  kind: MakeupRequest['kind'],
  state: MakeupRequest['state'],
  seq: number,
): MakeupRequest => ({
  seq,
  requestId: `r${seq}`,
  kind,
  sessionId,
  participant: 'ana',
  user: 'ana',
  madeAt: seq,
  state,
})

describe('a participant’s place at a session', () => {
  const signups = signupsOf(book, 'ana')

  it.each([
    ['a confirmed sign-up', 'later', [], { kind: 'confirmed' }],
    ['the waitlist with its position', 'soon', [], { kind: 'waitlisted', position: 2 }],
    ["someone else's sign-up", 'free', [], { kind: 'none' }],
    [
      'a waiting request before the book',
      'later',
      [request('later', 'cancel', 'waiting', 1)],
      { kind: 'waiting' },
    ],
    [
      'a decided request leaves the book to say',
      'soon',
      [request('soon', 'signUp', 'waitlisted', 1)],
      { kind: 'waitlisted', position: 2 },
    ],
  ] as const)('%s', (_what, sessionId, requests, expected) => {
    expect(placeAt(sessionId, signups, requests)).toMatchObject(expected)
  })

  it('lists the sign-ups from today on, with requests still waiting, in date order', () => {
    const waiting = [request('free', 'signUp', 'waiting', 1)]
    expect(signedUpSessions(book, signups, waiting, '2026-11-25').map((s) => s._id)).toEqual([
      'soon',
      'free',
      'later',
    ])
  })
})

describe('a decision on a request', () => {
  const signups = signupsOf(book, 'ana')
  it.each([
    ['a place the book confirms', request('later', 'signUp', 'confirmed', 1), true],
    ['a waitlist entry since promoted', request('later', 'signUp', 'waitlisted', 1), false],
    ['a waitlist entry still waiting', request('soon', 'signUp', 'waitlisted', 1), true],
    ['a cancellation the book agrees with', request('free', 'cancel', 'cancelled', 1), true],
    ['a cancellation since signed up again', request('later', 'cancel', 'cancelled', 1), false],
    ['a refusal, whatever the book says', request('later', 'signUp', 'refused', 1), true],
    ['a request still waiting', request('later', 'signUp', 'waiting', 1), false],
  ] as const)('%s: shown %s', (_what, decided, shown) => {
    expect(decisionStillHolds(decided, signups)).toBe(shown)
  })
})

describe('other upcoming sessions', () => {
  it('lists those not shown elsewhere, from today on, not cancelled, in date order', () => {
    const withCancelled: MakeupBook = {
      ...book,
      sessions: [...book.sessions, { ...session('off', '2026-12-04'), cancelled: true }],
    }
    expect(otherUpcoming(withCancelled, new Set(['soon']), '2026-11-25').map((s) => s._id)).toEqual(
      ['free', 'later'],
    )
  })
})
