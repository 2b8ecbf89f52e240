// The shapes of the records created through the data API without the sync registry: event sign-ups
// and reservations (a registrar's; visitors send theirs through /api/signups) and analytics
// events (anyone's): these fields, as short texts, and nothing else.
//
// Sign-ups and reservations carry a person's contact details, checked with the domain's rules
// (domain/src/records/signups.ts), the same the forms apply: every field required, a valid e-mail
// address, a valid mobile number (stored normalised), a study day of the schedule that has not
// passed by the server's clock. A refusal names each bad field with its bilingual message.
import { z } from 'zod'
import { MESSAGE_MAX_LENGTH, SIGNUP_LANGUAGES, signupFields } from '@lfit/domain/records/signups'

const text = (max: number) => z.string().trim().max(max)
const id = z.string().min(1).max(200).optional()

const signup = (now: number) => ({
  _id: id,
  ...signupFields(now),
  createdAt: z.iso.datetime().optional(),
  language: z.enum(SIGNUP_LANGUAGES).optional(),
})

type RecordShape = z.ZodType<Record<string, unknown>>

const analytics: RecordShape = z
  .object({
    _id: id,
    type: text(40).min(1),
    path: text(500),
    referrer: text(500).nullish(),
    lang: text(10).nullish(),
    width: z.number().int().min(0).max(100_000).nullish(),
    ts: z.number().int().min(0).nullish(),
  })
  .strict()

/** The shape of each record a visitor may create, checked at `now` (the time of the call). */
export const PUBLIC_RECORDS: Readonly<Record<string, (now: number) => RecordShape>> = {
  eventSignups: (now) => z.object(signup(now)).strict(),
  reservations: (now) =>
    z.object({ ...signup(now), message: text(MESSAGE_MAX_LENGTH).optional() }).strict(),
  analytics: () => analytics,
}
