// What /api/me and /api/classmates answer (docs/product-rules.md#my-account and #classmates), as
// zod schemas: the server types its answers with them and /mojRacun and /sosolci check them.
import { z } from 'zod'
import { TOOLKIT_MESSAGES } from '../messages/validation'

const invalidFormat = { error: TOOLKIT_MESSAGES.invalidFormat }

/** The collection of deletion requests (`_id` = the person's username). */
export const DELETION_REQUESTS = 'deletionRequests'

export const DELETION_REQUEST_STATUSES = ['open', 'done'] as const

/** A person's request to have their account and data deleted, for an admin to act on. */
export const deletionRequestSchema = z.object({
  _id: z.string(),
  person: z.string(),
  /** ISO 8601 date-time. */
  requestedAt: z.string(),
  note: z.string().optional(),
  status: z.enum(DELETION_REQUEST_STATUSES),
})
export type DeletionRequest = z.output<typeof deletionRequestSchema>

export const MAX_DELETION_NOTE_LENGTH = 1000

/** The body of "request deletion": an optional note for the admin. */
export const deletionRequestBodySchema = z.object({
  note: z
    .string(invalidFormat)
    .trim()
    .max(MAX_DELETION_NOTE_LENGTH, { error: TOOLKIT_MESSAGES.maxLength(MAX_DELETION_NOTE_LENGTH) })
    .optional(),
})

/** The person's own profile as /mojRacun shows and edits it. */
export const ownProfileAnswerSchema = z.object({
  profile: z.object({
    username: z.string(),
    /** The login and the address e-mails go to: shown, not edited here. */
    email: z.string(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    phone: z.string().optional(),
    country: z.string().optional(),
    language: z.enum(['sl', 'en']),
    shareEmail: z.boolean(),
    sharePhone: z.boolean(),
  }),
  deletionRequest: deletionRequestSchema.nullable(),
})
export type OwnProfileAnswer = z.output<typeof ownProfileAnswerSchema>

/**
 * One classmate as /sosolci shows them: a name always, the e-mail and phone only where that
 * person chose to share them. No username (it is an e-mail address).
 */
export const classmateSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** The programme years they share with the caller (an educator: every year of theirs). */
  years: z.array(z.number().int()),
  email: z.string().optional(),
  phone: z.string().optional(),
})
export type Classmate = z.output<typeof classmateSchema>

export const classmatesAnswerSchema = z.object({
  /** The years the caller may look at: a participant's own, every year for an educator. */
  years: z.array(z.number().int()),
  classmates: z.array(classmateSchema),
})
export type ClassmatesAnswer = z.output<typeof classmatesAnswerSchema>

export const classmatesBodySchema = z.object({
  year: z
    .number(invalidFormat)
    .int(invalidFormat)
    .min(1, invalidFormat)
    .max(5, invalidFormat)
    .optional(),
})
