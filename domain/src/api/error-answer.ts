// The wire shape of every error answer, in a module of its own: a visitor's first session check
// is answered 401, and the web client checks that answer with this schema alone, without building
// the schemas of every auth answer (and the user's form rules they bring) on a phone's start.
// answers.ts re-exports it with the other wire shapes.
import { z } from 'zod'

const bilingualSchema = z.object({ sl: z.string(), en: z.string() })

/** `{ error: { code, message: { sl, en }, fields?, details? } }`: every refusal of the API. */
export const errorAnswerSchema = z.object({
  error: z.object({
    code: z.string(),
    message: bilingualSchema,
    /** Per-field form messages, where the refusal is about a form. */
    fields: z.record(z.string(), bilingualSchema).optional(),
    /** What the refusal is about, as data (the calendar's recorded work per day). */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
})

export type ErrorAnswer = z.output<typeof errorAnswerSchema>
