// The shapes of the records anyone may create without an account (event sign-ups, reservations,
// analytics events): a visitor can store these fields, as short texts, and nothing else.
import { z } from 'zod'
import { dayIdSchema } from '@lfit/domain/records/registration'

const text = (max: number) => z.string().trim().max(max)
const id = z.string().min(1).max(200).optional()

const signup = {
  _id: id,
  name: text(200).min(1),
  email: z.email().max(320),
  phone: text(40).min(1),
  dayId: dayIdSchema,
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
