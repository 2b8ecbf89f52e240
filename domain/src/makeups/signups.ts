// Sign-ups for make-up sessions (docs/product-rules.md#make-ups-and-attendance-rules): the
// server decides each one (a place while one is free, otherwise the waitlist), and a sign-up can
// be cancelled up to a deadline before the session starts, in Ljubljana time.
import { z } from 'zod'
import { zonedTimeToEpoch } from '../schedule/time'
import type { MakeupSession } from './sessions'

export const SIGNUP_STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const
export type MakeupSignupStatus = (typeof SIGNUP_STATUSES)[number]

/** Hours before a session's start after which a participant can no longer cancel (a setting). */
export const DEFAULT_CANCEL_HOURS = 24
export const MAX_CANCEL_HOURS = 24 * 14

/** A sign-up's `_id`: one per session and participant. */
export const makeupSignupId = (sessionId: string, participant: string) =>
  `${sessionId}:${participant}`

/**
 * What a sign-up or cancellation request carries. `participant` is for those who act on behalf
 * of someone; `requestId` lets a request queued offline and sent twice be decided once.
 */
export const makeupSignupRequestSchema = z
  .object({
    sessionId: z.string().min(1).max(200),
    participant: z.string().trim().toLowerCase().min(1).max(200).optional(),
    requestId: z.string().min(1).max(100).optional(),
  })
  .strict()
export type MakeupSignupRequest = z.output<typeof makeupSignupRequestSchema>

/** The last instant a sign-up to `session` can be cancelled: `hours` before it starts. */
export function cancelDeadline(
  session: Pick<MakeupSession, 'dayStr' | 'fromHour'>,
  hours: number = DEFAULT_CANCEL_HOURS,
): number {
  return zonedTimeToEpoch(session.dayStr, session.fromHour) - hours * 3_600_000
}

/** True while a sign-up may still be cancelled (the deadline itself included). */
export function canCancel(
  session: Pick<MakeupSession, 'dayStr' | 'fromHour'>,
  now: number,
  hours: number = DEFAULT_CANCEL_HOURS,
): boolean {
  return now <= cancelDeadline(session, hours)
}
