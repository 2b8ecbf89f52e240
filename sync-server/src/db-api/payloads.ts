// The payload of each data operation (spec §7), as zod schemas: the shape is checked here, the
// operators and fields inside queries and updates by the access policy (domain/access).
import { z } from 'zod'

/** Most documents one find answers, and one insert writes; a list screen pages beyond it. */
export const MAX_DOCUMENTS = 10_000
export const MAX_INSERT = 1_000

const document = z.record(z.string(), z.unknown())
const id = z.string().min(1).max(200)

const findOptions = z
  .object({
    sort: z.record(z.string(), z.union([z.literal(1), z.literal(-1)])).optional(),
    skip: z.number().int().min(0).optional(),
    limit: z.number().int().min(0).max(MAX_DOCUMENTS).optional(),
    projection: z
      .record(z.string(), z.union([z.literal(0), z.literal(1)]))
      // MongoDB cannot mix inclusion and exclusion (except for _id).
      .refine(
        (projection) =>
          new Set(
            Object.entries(projection)
              .filter(([key]) => key !== '_id')
              .map(([, v]) => v),
          ).size <= 1,
        'include or exclude fields, not both',
      )
      .optional(),
  })
  .strict()

export type FindOptionsPayload = z.infer<typeof findOptions>

export const PAYLOADS = {
  find: z.object({ query: document.optional(), opts: findOptions.optional() }),
  findById: z.object({ _id: id }),
  findOne: z.object({ query: document.optional(), opts: findOptions.optional() }),
  upsert: z.object({ query: document, update: document }),
  // `save` sends the document itself, `_id` included.
  save: z.looseObject({ _id: id }),
  insert: z.object({ insert: z.union([document, z.array(document).min(1).max(MAX_INSERT)]) }),
  deleteOne: z.object({ _id: id }),
  aggregate: z.object({ pipeline: z.array(document) }),
  testHash: z.object({
    query: document,
    field: z.string().min(1).max(100),
    unhashedValue: z.string().max(256),
  }),
} as const
