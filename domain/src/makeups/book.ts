// The make-up book (POST /api/makeups/book): what a device needs to work out make-ups and
// standings offline (docs/product-rules.md#make-ups-and-attendance-rules), scoped by who asks. A
// participant gets their own sign-ups, made-up-otherwise records and enrolments; the staff who
// arrange make-ups or keep the attendance book get everyone's, and the names for their lists.
import { z } from 'zod'
import { ENROLMENT_STATUSES } from '../people/enrolment'
import { madeUpOtherwiseSchema } from './made-up-otherwise'
import { makeupSessionSchema } from './sessions'
import { MAX_CANCEL_HOURS, SIGNUP_STATUSES } from './signups'
import { thresholdsSchema } from './thresholds'

export const bookSignupSchema = z.object({
  sessionId: z.string().min(1),
  participant: z.string().min(1),
  status: z.enum(SIGNUP_STATUSES),
  /** On the waitlist: 1 for the next in line. */
  position: z.number().int().min(1).optional(),
})
export type BookSignup = z.output<typeof bookSignupSchema>

export const bookEnrolmentSchema = z.object({
  person: z.string().min(1),
  year: z.number().int(),
  status: z.enum(ENROLMENT_STATUSES),
})
export type BookEnrolment = z.output<typeof bookEnrolmentSchema>

export const bookPersonSchema = z.object({
  username: z.string().min(1),
  firstName: z.string(),
  lastName: z.string(),
})
export type BookPerson = z.output<typeof bookPersonSchema>

export const makeupBookSchema = z.object({
  /** Every session, cancelled ones too; no personal data. */
  sessions: z.array(makeupSessionSchema),
  signups: z.array(bookSignupSchema),
  madeUpOtherwise: z.array(madeUpOtherwiseSchema),
  enrolments: z.array(bookEnrolmentSchema),
  /** The limits in force (the defaults while an admin has set none). */
  thresholds: thresholdsSchema,
  /** Hours before a session's start after which a participant can no longer cancel. */
  cancelHours: z.number().int().min(0).max(MAX_CANCEL_HOURS),
  /** Names for the staff's lists; empty for a participant. */
  people: z.array(bookPersonSchema),
})
export type MakeupBook = z.output<typeof makeupBookSchema>
