import { describe, expect, it } from 'vitest'
import { canCancel, cancelDeadline, makeupSignupRequestSchema } from './signups'

const HOUR = 3_600_000
/** 2026-12-05 10:00 in Ljubljana is 09:00 UTC (winter time); 2026-06-06 10:00 is 08:00 UTC. */
const winter = { dayStr: '2026-12-05', fromHour: '10:00' }
const summer = { dayStr: '2026-06-06', fromHour: '10:00' }

describe('the cancel deadline', () => {
  it.each([
    {
      label: 'a day ahead in winter',
      session: winter,
      hours: 24,
      deadline: Date.UTC(2026, 11, 4, 9),
    },
    {
      label: 'a day ahead in summer',
      session: summer,
      hours: 24,
      deadline: Date.UTC(2026, 5, 5, 8),
    },
    { label: 'two days ahead', session: winter, hours: 48, deadline: Date.UTC(2026, 11, 3, 9) },
    { label: 'at the start', session: winter, hours: 0, deadline: Date.UTC(2026, 11, 5, 9) },
  ])(
    'is $hours hours before the start, Ljubljana time ($label)',
    ({ session, hours, deadline }) => {
      expect(cancelDeadline(session, hours)).toBe(deadline)
    },
  )

  it.each([
    { label: 'a minute before the deadline', at: -60_000, allowed: true },
    { label: 'at the deadline', at: 0, allowed: true },
    { label: 'a minute after it', at: 60_000, allowed: false },
    { label: 'after the start', at: 25 * HOUR, allowed: false },
  ])('a cancellation $label: $allowed', ({ at, allowed }) => {
    expect(canCancel(winter, cancelDeadline(winter) + at)).toBe(allowed)
  })
})

describe('a sign-up request', () => {
  it('names the session, optionally the participant (as a username) and a request id', () => {
    expect(
      makeupSignupRequestSchema.parse({ sessionId: 'm1', participant: ' Ana@Test.lfit ' }),
    ).toEqual({ sessionId: 'm1', participant: 'ana@test.lfit' })
  })

  it.each([{}, { sessionId: '' }, { sessionId: 5 }, { sessionId: 'm1', status: 'confirmed' }])(
    'refuses %j',
    (request) => {
      expect(makeupSignupRequestSchema.safeParse(request).success).toBe(false)
    },
  )
})
