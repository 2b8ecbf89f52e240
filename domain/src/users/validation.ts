// The two user forms (docs/product-rules.md#users), as zod schemas used by the form and again by the server.
// Each field reports one message: the first rule that fails (required before format).
import { z } from 'zod'
import { ROLES } from '../access/roles'
import { FORM_MESSAGES, TOOLKIT_MESSAGES } from '../messages/validation'
import { isCountryCode } from './countries'
import { isEmail, normalizeUsername } from './email'
import { isSingleLine } from './names'
import { isLongEnough } from './password'
import { normalizePhone } from './phone'
import { YEARS } from '../schedule/programme'
import { PROJECTS, USER_STATUSES } from './user'

const required = { error: FORM_MESSAGES.required }
const invalidFormat = { error: TOOLKIT_MESSAGES.invalidFormat }

/** A trimmed text that must not be empty. */
const requiredText = () =>
  z
    .string(required)
    .trim()
    .min(1, { ...required, abort: true })

/** A name: one line, without control characters (users/names.ts). */
const singleLine = (text: z.ZodType<string>) =>
  text.refine(isSingleLine, { error: FORM_MESSAGES.singleLine })

const email = (text: z.ZodType<string>) =>
  text.transform(normalizeUsername).refine(isEmail, { error: FORM_MESSAGES.emailInvalid })

const phone = (text: z.ZodType<string>, message: string) =>
  text.transform((value, ctx) => {
    const result = normalizePhone(value)
    if (result.ok) return result.phone
    ctx.issues.push({ code: 'custom', message, input: value })
    return z.NEVER
  })

/** An optional form text: absent, null or blank means "not given" (forms send ''). */
const optionalText = <T>(schema: z.ZodType<T>) =>
  z.preprocess(
    (value) =>
      value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
    schema.optional(),
  )

const status = z.enum(USER_STATUSES, required)

/**
 * A password a person chooses: registration, change and an admin's reset. Never trimmed (a
 * space is a character like any other); "required" before "too short".
 */
export const newPasswordSchema = z
  .string(required)
  .min(1, { ...required, abort: true })
  .refine(isLongEnough, { error: FORM_MESSAGES.passwordTooShort })

/**
 * A participant's programme year, 1 to 5: the attendance book (/ETAB, /prisotnost) lists a
 * participant under it. A form's select sends it as text.
 */
const programmeYear = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: FORM_MESSAGES.yearInvalid })
    .int({ error: FORM_MESSAGES.yearInvalid })
    .refine((year) => (YEARS as readonly number[]).includes(year), {
      error: FORM_MESSAGES.yearInvalid,
    }),
)

/** A programme year the person must choose ("required" when nothing is chosen). */
const requiredYear = () =>
  z.unknown().transform((value, ctx): number => {
    const blank = value == null || (typeof value === 'string' && value.trim() === '')
    const parsed = programmeYear.safeParse(value)
    if (!blank && parsed.success) return parsed.data
    ctx.issues.push({
      code: 'custom',
      message: blank ? FORM_MESSAGES.required : FORM_MESSAGES.yearInvalid,
      input: value,
    })
    return z.NEVER
  })

/**
 * Self-registration (/auth/register): every field required. The username is an e-mail
 * address, stored in lower case; the phone must be a valid mobile and is stored normalised; the
 * programme year (and the project, where one applies) is what the person applies for. The
 * country is one of the listed codes; anything else is not a choice from the list. There is no
 * status: the registrant does not choose it (a status sent anyway is dropped), the server
 * creates the account waiting for acceptance (`NEW_REGISTRATION_STATUS`).
 */
export const registrationSchema = z.object({
  username: email(requiredText()),
  password: newPasswordSchema,
  firstName: singleLine(requiredText()),
  lastName: singleLine(requiredText()),
  country: requiredText().refine(isCountryCode, invalidFormat),
  phone: phone(requiredText(), FORM_MESSAGES.mobileInvalid),
  /** The language the registrant used: their e-mails come in it. */
  language: z.enum(['sl', 'en']).default('sl'),
  /** The programme year applied for: the application becomes an enrolment in it (#enrolment). */
  year: requiredYear(),
  /** The project applied for, where one applies; none chosen is none. */
  project: optionalText(z.enum(PROJECTS, invalidFormat)),
})

export type Registration = z.output<typeof registrationSchema>

/**
 * The admin's user form (/auth/users). Only username and status are required; e-mail and
 * phone are checked when given; a participant's programme year is 1 to 5 when given. The password is optional: the admin sets one only when
 * creating or resetting (a generated one is offered).
 */
export const adminUserSchema = z.object({
  username: requiredText().transform(normalizeUsername),
  password: optionalText(newPasswordSchema),
  accname: optionalText(singleLine(z.string().trim())),
  firstName: optionalText(singleLine(z.string().trim())),
  lastName: optionalText(singleLine(z.string().trim())),
  email: optionalText(email(z.string().trim())),
  phone: optionalText(phone(z.string().trim(), FORM_MESSAGES.phoneInvalid)),
  country: optionalText(z.string().trim().refine(isCountryCode, invalidFormat)),
  status,
  roles: z.array(z.enum(ROLES, invalidFormat)).optional(),
  showOnlyEducators: z.array(z.string().trim().min(1, required)).optional(),
  projects: z.array(z.enum(PROJECTS, invalidFormat)).optional(),
  year: optionalText(programmeYear),
})

export type AdminUserForm = z.output<typeof adminUserSchema>

/**
 * A phone on the person's own profile: blank removes it; otherwise the registration's rule (a
 * valid mobile, stored normalised). Blank is kept as '' so the server can tell "remove" from
 * "not sent".
 */
const ownPhone = z.string(invalidFormat).transform((value, ctx) => {
  if (value.trim() === '') return ''
  const result = normalizePhone(value)
  if (result.ok) return result.phone
  ctx.issues.push({ code: 'custom', message: FORM_MESSAGES.mobileInvalid, input: value })
  return z.NEVER
})

/**
 * A person's own profile on /mojRacun (docs/product-rules.md#my-account): only these fields, each
 * optional (a field not sent is not changed). Anything else in the body (roles, status, year, the
 * e-mail, which is the login) is dropped, never stored.
 */
export const ownProfileSchema = z
  .object({
    firstName: singleLine(requiredText().max(100, TOOLKIT_MESSAGES.maxLength(100))),
    lastName: singleLine(requiredText().max(100, TOOLKIT_MESSAGES.maxLength(100))),
    phone: ownPhone,
    country: requiredText().refine(isCountryCode, invalidFormat),
    language: z.enum(['sl', 'en'], invalidFormat),
    shareEmail: z.boolean(invalidFormat),
    sharePhone: z.boolean(invalidFormat),
  })
  .partial()

export type OwnProfileChange = z.output<typeof ownProfileSchema>

/**
 * A failed parse as `{ field: message }` for a form, one message per top-level field (the
 * first, so "required" wins over "format"). Array items report on their array's field.
 */
export function fieldErrors(result: {
  success: boolean
  error?: z.ZodError | undefined
}): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : ''
    errors[field] ??= issue.message
  }
  return errors
}
