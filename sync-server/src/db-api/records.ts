// The shapes of the records anyone may create without an account (event sign-ups, reservations,
// analytics events): a visitor can store these fields, as short texts, and nothing else.
//
// Sign-ups and reservations carry a person's contact details, checked with the domain's rules
// and the spec's bilingual messages (§5), the same ones the forms show: every field required,
// a valid e-mail address, a valid mobile number (stored normalised, digits with the country
// code), and a study day of the programme's schedule. A refusal names each bad field.
import { z } from 'zod'
import { FORM_MESSAGES, TOOLKIT_MESSAGES } from '@lfit/domain/messages/validation'
import { dayIdSchema } from '@lfit/domain/records/registration'
import { schedule } from '@lfit/domain/schedule'
import { isEmail, normalizeUsername } from '@lfit/domain/users/email'
import { normalizePhone } from '@lfit/domain/users/phone'

const required = { error: FORM_MESSAGES.required }

const text = (max: number) => z.string().trim().max(max)
const id = z.string().min(1).max(200).optional()

/** A trimmed text that must not be empty; 'obvezno EN required' before any other rule. */
const requiredText = (max: number, tooLong: string = TOOLKIT_MESSAGES.maxLength(max)) =>
  z
    .string(required)
    .trim()
    .min(1, { ...required, abort: true })
    .max(max, { error: tooLong, abort: true })

/** A study day (not a free day) of the programme: the only days one can sign up for. */
function isStudyDay(dayId: string): boolean {
  if (!dayIdSchema.safeParse(dayId).success) return false
  const day = schedule().dayById.get(dayId)
  return day !== undefined && !day.freeDay
}

const signup = {
  _id: id,
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
  /** `lfit_{YYYYMMDD}` of a study day; any other text is not a day one can choose. */
  dayId: requiredText(20, TOOLKIT_MESSAGES.invalidFormat).refine(isStudyDay, {
    error: TOOLKIT_MESSAGES.invalidFormat,
  }),
  createdAt: z.iso.datetime().optional(),
}

export const PUBLIC_RECORDS: Readonly<Record<string, z.ZodType<Record<string, unknown>>>> = {
  eventSignups: z.object(signup).strict(),
  reservations: z.object({ ...signup, message: text(2000).optional() }).strict(),
  analytics: z
    .object({
      _id: id,
      type: text(40).min(1),
      path: text(500),
      referrer: text(500).nullish(),
      lang: text(10).nullish(),
      width: z.number().int().min(0).max(100_000).nullish(),
      ts: z.number().int().min(0).nullish(),
    })
    .strict(),
}
