// Sign-ups for an event day (/prijavaZaDan) and reservations (/rezervacija): what the forms check
// and the server checks again before it stores anything, with the bilingual form messages (docs/product-rules.md#users),
// and which days are offered.
import { z } from 'zod'
import { FORM_MESSAGES, TOOLKIT_MESSAGES } from '../messages/validation'
import { schedule, type Schedule, type StudyDay } from '../schedule'
import { isEmail, normalizeUsername } from '../users/email'
import { normalizePhone } from '../users/phone'
import { dayIdSchema } from './registration'

export const SIGNUP_COLLECTIONS = {
  signup: 'eventSignups',
  reservation: 'reservations',
} as const

export type SignupKind = keyof typeof SIGNUP_COLLECTIONS

export const MESSAGE_MAX_LENGTH = 2000

const required = { error: FORM_MESSAGES.required }

const requiredText = (max: number, tooLong: string = TOOLKIT_MESSAGES.maxLength(max)) =>
  z
    .string(required)
    .trim()
    .min(1, { ...required, abort: true })
    .max(max, { error: tooLong, abort: true })

/** A study day (not a free day) of the programme: the only days one can sign up for. */
const isStudyDay = (dayId: string, from: Schedule) => {
  if (!dayIdSchema.safeParse(dayId).success) return false
  const day = from.dayById.get(dayId)
  return day !== undefined && !day.freeDay
}

/** A day is over, and closed to sign-ups, once its last hour has ended (Ljubljana time). */
const hasPassed = (dayId: string, now: number, from: Schedule) =>
  (from.dayById.get(dayId)?.to ?? Number.NEGATIVE_INFINITY) <= now

/**
 * The fields of a sign-up; a reservation adds a message. `now` is the time of the check (the
 * server's clock, or the device's on the form): a day that has passed is refused.
 */
export function signupFields(now: number, from: Schedule = schedule()) {
  return {
    name: requiredText(200),
    email: requiredText(320, FORM_MESSAGES.emailInvalid)
      .transform(normalizeUsername)
      .refine(isEmail, { error: FORM_MESSAGES.emailInvalid }),
    phone: requiredText(40, FORM_MESSAGES.mobileInvalid).transform((value, ctx) => {
      const result = normalizePhone(value)
      if (result.ok) return result.phone
      ctx.issues.push({ code: 'custom', message: FORM_MESSAGES.mobileInvalid, input: value })
      return z.NEVER
    }),
    dayId: requiredText(20, TOOLKIT_MESSAGES.invalidFormat)
      .refine((dayId) => isStudyDay(dayId, from), {
        error: TOOLKIT_MESSAGES.invalidFormat,
        abort: true,
      })
      .refine((dayId) => !hasPassed(dayId, now, from), { error: FORM_MESSAGES.dayPassed }),
  }
}

/** A sign-up for an event day: every field required. */
export const eventSignupSchema = (now: number, from: Schedule = schedule()) =>
  z.object(signupFields(now, from))

/** A reservation: a sign-up with an optional message (blank means none, and is left out). */
export const reservationSchema = (now: number, from: Schedule = schedule()) =>
  z.object({
    ...signupFields(now, from),
    message: z
      .string()
      .trim()
      .max(MESSAGE_MAX_LENGTH, { error: TOOLKIT_MESSAGES.maxLength(MESSAGE_MAX_LENGTH) })
      .transform((value) => value || undefined)
      .optional(),
  })

export type SignupRecord = z.output<ReturnType<typeof reservationSchema>>

/** The schema of the form of `kind`, checked at `now`. */
export function signupSchema(kind: SignupKind, now: number, from: Schedule = schedule()) {
  return kind === 'signup' ? eventSignupSchema(now, from) : reservationSchema(now, from)
}

/**
 * The days one can sign up for: the study days of the regular and make-up blocks that have not
 * ended yet, in date order. The extra-material pseudo-block (doNotAutoSelect) has no event days.
 */
export function signupDays(now: number, from: Schedule = schedule()): StudyDay[] {
  return from.days.filter(
    (day): day is StudyDay =>
      !day.freeDay && day.to > now && !from.blockById.get(day.block_id)?.doNotAutoSelect,
  )
}
