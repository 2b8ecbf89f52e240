// What the make-up editors' requests carry (/nadomescanja; docs/access-policy.md#make-up-routes):
// one schema per request, used by the server to read the body and by the web form to check it
// first, with the same bilingual messages ("sl EN en").
import { z } from 'zod'
import { TOOLKIT_MESSAGES } from '../messages/validation'
import { NOTE_MAX_LENGTH } from '../records/attendance'
import { MAKEUP_SEGMENT, schedule } from '../schedule'
import { madeUpOtherwiseSchema } from './made-up-otherwise'
import { makeupSessionSchema } from './sessions'
import { MAX_CANCEL_HOURS } from './signups'
import { MAX_THRESHOLD, thresholdSettingsSchema } from './thresholds'

const participant = z
  .string('izberite udeleženca EN choose a participant')
  .trim()
  .toLowerCase()
  .min(1, 'izberite udeleženca EN choose a participant')
  .max(200, TOOLKIT_MESSAGES.maxLength(200))

/** A study day of a regular segment: the only days that can be missed and so made up. */
export function isMissableDay(dayId: string): boolean {
  const day = schedule().dayById.get(dayId)
  return Boolean(day && !day.freeDay && day.segment !== MAKEUP_SEGMENT)
}

const missableDay = z
  .string('izberite učni dan iz urnika EN choose a study day of the schedule')
  .max(40)
  .refine(isMissableDay, 'izberite učni dan iz urnika EN choose a study day of the schedule')

export const madeUpOtherwiseRequestSchema = z
  .object({
    participant,
    dayId: missableDay,
    note: z
      .string('napišite, kako je bil dan nadomeščen EN say how the day was made up')
      .trim()
      .min(1, 'napišite, kako je bil dan nadomeščen EN say how the day was made up')
      .max(NOTE_MAX_LENGTH, TOOLKIT_MESSAGES.maxLength(NOTE_MAX_LENGTH)),
  })
  .strict()
export type MadeUpOtherwiseRequest = z.output<typeof madeUpOtherwiseRequestSchema>

export const madeUpOtherwiseRemovalSchema = z.object({ participant, dayId: missableDay }).strict()

const limit = z
  .number(TOOLKIT_MESSAGES.integers)
  .int(TOOLKIT_MESSAGES.integers)
  .min(1, `najmanj 1 EN at least 1`)
  .max(MAX_THRESHOLD, `največ ${MAX_THRESHOLD} EN at most ${MAX_THRESHOLD}`)

/** New limits; `changeThresholds` adds the cross-check of the two and keeps the history. */
export const thresholdsRequestSchema = z.object({ perYear: limit, overall: limit }).strict()

export const cancelHoursRequestSchema = z
  .object({
    hours: z
      .number(TOOLKIT_MESSAGES.integers)
      .int(TOOLKIT_MESSAGES.integers)
      .min(0, 'najmanj 0 EN at least 0')
      .max(MAX_CANCEL_HOURS, `največ ${MAX_CANCEL_HOURS} EN at most ${MAX_CANCEL_HOURS}`),
  })
  .strict()

export const sessionSignupsRequestSchema = z
  .object({
    sessionId: z.string(TOOLKIT_MESSAGES.required).min(1, TOOLKIT_MESSAGES.required).max(200),
  })
  .strict()

// The answers, checked by the web client before a screen reads them.

/** `settings`, `changeThresholds`, `changeCancelHours`. */
export const makeupSettingsAnswerSchema = thresholdSettingsSchema.extend({
  cancelHours: z.number().int().min(0),
})
export type MakeupSettingsAnswer = z.output<typeof makeupSettingsAnswerSchema>

/** `create`, `update`: the session and its confirmed places. */
export const sessionAnswerSchema = z.object({ session: makeupSessionSchema, taken: z.number() })

export const staffSignupSchema = z.object({
  participant: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(['confirmed', 'waitlisted']),
  /** On the waitlist: 1 for the next in line. */
  position: z.number().int().min(1).optional(),
  signedUpAt: z.string(),
})
export type StaffSignup = z.output<typeof staffSignupSchema>

export const sessionSignupsAnswerSchema = sessionAnswerSchema.extend({
  signups: z.array(staffSignupSchema),
})
export type SessionSignupsAnswer = z.output<typeof sessionSignupsAnswerSchema>

export const madeUpOtherwiseAnswerSchema = z.object({ record: madeUpOtherwiseSchema })
