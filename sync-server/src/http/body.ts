// Parsing a decoded body with a zod schema at the HTTP boundary: a failure is one 400 that
// names each field with its bilingual message, so a form can show it next to the field.
import type { z } from 'zod'
import { splitBilingual, type Bilingual } from '@lfit/domain/messages/bilingual'
import { fieldErrors } from '@lfit/domain/users/validation'
import { ApiError } from './errors'

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const fields: Record<string, Bilingual> = {}
  for (const [field, message] of Object.entries(fieldErrors(parsed))) {
    fields[field] = splitBilingual(message)
  }
  throw new ApiError('invalidBody', {}, { fields })
}
