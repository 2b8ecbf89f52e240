// The payload of each data operation, as zod schemas: the shape and its limits are checked here
// (domain/src/access/limits.ts), the operators and fields inside queries and updates by the
// access policy (domain/access).
import { z } from 'zod'
import {
  MAX_DOCUMENTS,
  MAX_INSERT,
  MAX_KEYS,
  MAX_PATH_LENGTH,
  MAX_SKIP,
  MAX_STAGES,
} from '@lfit/domain/access/limits'

export { MAX_DOCUMENTS, MAX_INSERT } from '@lfit/domain/access/limits'

const document = z.record(z.string(), z.unknown())
const id = z.string().min(1).max(200)
/** Field names in sort keys and projections: a few, short. */
const fieldRecord = <T extends z.ZodType>(value: T) =>
  z
    .record(z.string().max(MAX_PATH_LENGTH), value)
    .refine((record) => Object.keys(record).length <= MAX_KEYS, `at most ${MAX_KEYS} fields`)

const findOptions = z
  .object({
    sort: fieldRecord(z.union([z.literal(1), z.literal(-1)])).optional(),
    skip: z.number().int().min(0).max(MAX_SKIP).optional(),
    limit: z.number().int().min(0).max(MAX_DOCUMENTS).optional(),
    projection: fieldRecord(z.union([z.literal(0), z.literal(1)]))
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
  aggregate: z.object({ pipeline: z.array(document).max(MAX_STAGES) }),
  testHash: z.object({
    query: document,
    field: z.string().min(1).max(100),
    unhashedValue: z.string().max(256),
  }),
} as const
