// Sign-ups for an event day (/prijavaZaDan) and reservations (/rezervacija): what the forms check
// and the server checks again before it stores anything, with the bilingual form messages (docs/product-rules.md#users),
// and which days are offered.
import { z } from 'zod'
import { FORM_MESSAGES, TOOLKIT_MESSAGES } from '../messages/validation'
import { schedule, type Schedule, type StudyDay } from '../schedule'
import { isEmail, normalizeUsername } from '../users/email'
import { isSingleLine } from '../users/names'
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
    name: requiredText(200).refine(isSingleLine, { error: FORM_MESSAGES.singleLine }),
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

/**
 * What became of a sign-up (docs/product-rules.md#sign-up-lists): `received` when a visitor sends
 * it, then a registration editor confirms or cancels it; each change e-mails the person.
 */
export const SIGNUP_STATUSES = ['received', 'confirmed', 'cancelled'] as const
export type SignupStatus = (typeof SIGNUP_STATUSES)[number]

/** A registration editor's note on a sign-up: internal, never e-mailed. */
export const SIGNUP_NOTE_MAX_LENGTH = 1000

/** The languages a sign-up's e-mails can be in: the form's language when it was sent. */
export const SIGNUP_LANGUAGES = ['sl', 'en'] as const

/**
 * A sign-up as stored and listed. Records stored before statuses existed read as `received`,
 * in Slovenian.
 */
export const storedSignupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  dayId: z.string(),
  createdAt: z.string().optional(),
  message: z.string().optional(),
  status: z.enum(SIGNUP_STATUSES).catch('received').default('received'),
  note: z.string().optional(),
  language: z.enum(SIGNUP_LANGUAGES).catch('sl').default('sl'),
})
export type StoredSignup = z.output<typeof storedSignupSchema>

/** What a visitor's form sends: the sign-up (or reservation) and the form's language. */
export function visitorSignupSchema(kind: SignupKind, now: number, from: Schedule = schedule()) {
  return signupSchema(kind, now, from).extend({
    language: z.enum(SIGNUP_LANGUAGES).catch('sl').default('sl'),
  })
}

/** A registration editor's decision on a sign-up, and where it leads from each status. */
export const SIGNUP_DECISIONS = ['confirm', 'cancel'] as const
export type SignupDecision = (typeof SIGNUP_DECISIONS)[number]

const DECISION_TARGET: Record<SignupDecision, SignupStatus> = {
  confirm: 'confirmed',
  cancel: 'cancelled',
}

/**
 * The status a decision leads to from `current`, or null when it would change nothing (so the
 * person is never sent the same e-mail twice). A cancelled sign-up may be confirmed again and a
 * confirmed one cancelled: people change their plans.
 */
export function decideSignup(current: SignupStatus, decision: SignupDecision): SignupStatus | null {
  const to = DECISION_TARGET[decision]
  return to === current ? null : to
}

const signupRef = {
  kind: z.enum(['signup', 'reservation'], { error: TOOLKIT_MESSAGES.invalidFormat }),
  id: z
    .string({ error: TOOLKIT_MESSAGES.invalidFormat })
    .min(1, { error: FORM_MESSAGES.required })
    .max(200, { error: TOOLKIT_MESSAGES.maxLength(200) }),
}

/** The body of /api/signups/confirm and /api/signups/cancel. */
export const signupDecisionSchema = z.object(signupRef)

/** The body of /api/signups/note: an empty note removes it. */
export const signupNoteSchema = z.object({
  ...signupRef,
  note: z
    .string({ error: TOOLKIT_MESSAGES.invalidFormat })
    .trim()
    .max(SIGNUP_NOTE_MAX_LENGTH, { error: TOOLKIT_MESSAGES.maxLength(SIGNUP_NOTE_MAX_LENGTH) }),
})

/** The answer of each /api/signups call: the sign-up as stored after it. */
export const signupAnswerSchema = z.object({ signup: storedSignupSchema })

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
