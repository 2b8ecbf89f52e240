// The sync protocol between a device's outbox and the server: one zod schema per wire payload
// (push request and answer, pull request and answer), built from the registry of synced
// collections and used by both sides. Versioned: a request or answer of another version is
// refused with "update the app" instead of being misread (docs/0005).
import { z } from 'zod'
import { isEncodedHlc } from './hlc'
import { fieldStampSchema } from '../records/synced'
import type { Bilingual } from '../messages/bilingual'
import { SYNC_COLLECTIONS, SYNCED, type SyncRegistry } from './registry'

export type { Bilingual }
export { SYNC_COLLECTIONS, type SyncCollection } from './registry'

/** The protocol both sides speak; every push and pull carries it as `v`, and must match. */
export const SYNC_PROTOCOL_VERSION = 1

/** Most edits one `upsertBatch` call may carry; a longer outbox is pushed in several calls. */
export const MAX_BATCH = 1000

const version = z.literal(SYNC_PROTOCOL_VERSION)

const bilingualSchema = z.object({ sl: z.string(), en: z.string() })

/** The closed set of answers for one pushed edit. */
export const pushResultSchema = z.discriminatedUnion('status', [
  z.object({
    id: z.string(),
    status: z.literal('applied'),
    /**
     * Applied, and something the editor should know: a mark kept for a day the calendar no longer
     * has as a study day (docs/0047-the-calendar-is-data.md).
     */
    notice: z.object({ code: z.string(), message: bilingualSchema }).optional(),
  }),
  z.object({ id: z.string(), status: z.literal('superseded'), by: fieldStampSchema }),
  z.object({
    id: z.string(),
    status: z.literal('rejected'),
    reason: z.object({ code: z.string(), message: bilingualSchema }),
    /** A permanent rejection is set aside by the device; a transient one is retried. */
    permanent: z.boolean(),
  }),
])

export type PushResult = z.infer<typeof pushResultSchema>
export type PushStatus = PushResult['status']

/** The four wire payloads for the collections of `registry`. */
export function syncSchemas<Reg extends SyncRegistry>(registry: Reg) {
  const names = Object.keys(registry) as [keyof Reg & string, ...(keyof Reg & string)[]]
  const collection = z.enum(names)
  const changes = Object.fromEntries(
    names.map((name) => [name, z.array((registry[name] as Reg[typeof name]).record)]),
  ) as { [C in keyof Reg]: z.ZodArray<Reg[C]['record']> }
  /** One offline edit: the changed fields of one record, stamped on the device. */
  const mutation = z
    .object({
      /** Client-generated; a repeated id has no further effect on the server. */
      id: z.string().min(8).max(64),
      collection,
      recordId: z.string().min(1).max(200),
      hlc: z.string().refine(isEncodedHlc, 'not a hybrid logical clock timestamp'),
      deviceId: z.string().min(1).max(64),
      fields: z.record(z.string(), z.unknown()),
    })
    .strict()
  return {
    mutation,
    /** Items are checked one by one (a bad edit is answered, not the whole batch refused). */
    pushRequest: z.object({ v: version, batch: z.array(z.unknown()).max(MAX_BATCH) }).strict(),
    pushResponse: z.object({ v: version, results: z.array(pushResultSchema) }),
    pullRequest: z
      .object({
        v: version,
        /** null: the device has nothing yet and gets everything it may read. */
        cursor: z.string().max(200).nullable(),
        collections: z.array(collection).min(1).optional(),
      })
      .strict(),
    pullResponse: z.object({
      v: version,
      /** Current versions of every record changed since the cursor that the caller may read. */
      changes: z.object(changes),
      cursor: z.string(),
      /** More changes are waiting: pull again with the new cursor. */
      more: z.boolean(),
      /** The cursor was from another epoch: this answer is a full snapshot, drop local copies. */
      reset: z.boolean(),
    }),
  }
}

export type SyncSchemas<Reg extends SyncRegistry> = ReturnType<typeof syncSchemas<Reg>>

const schemas = syncSchemas(SYNCED)

export const mutationSchema = schemas.mutation
export const pushRequestSchema = schemas.pushRequest
export const pushResponseSchema = schemas.pushResponse
export const pullRequestSchema = schemas.pullRequest
export const pullResponseSchema = schemas.pullResponse

export type Mutation = z.infer<typeof mutationSchema>
export type PushRequest = z.infer<typeof pushRequestSchema>
export type PushResponse = z.infer<typeof pushResponseSchema>
export type PullRequest = z.infer<typeof pullRequestSchema>
export type PullResponse = z.infer<typeof pullResponseSchema>

/**
 * A pull answer's changes with nothing in any collection, one entry per registered collection:
 * the devices' tests build their servers' empty answers from it, so a new synced collection needs
 * no list of its own there (docs/sync-protocol.md).
 */
export function noChanges(): PullResponse['changes'] {
  return Object.fromEntries(
    SYNC_COLLECTIONS.map((name) => [name, []]),
  ) as unknown as PullResponse['changes']
}

/**
 * An opaque position in the server's change log: `{epoch}:{seq}`. The epoch changes when the
 * server's data is reset, which tells a device to start over while keeping its unsynced edits.
 */
export type Cursor = string

export function encodeCursor(epoch: string, seq: number): Cursor {
  return `${epoch}:${seq}`
}

export function decodeCursor(cursor: Cursor): { epoch: string; seq: number } | null {
  const at = cursor.lastIndexOf(':')
  if (at <= 0) return null
  const seq = Number(cursor.slice(at + 1))
  if (!Number.isSafeInteger(seq) || seq < 0) return null
  return { epoch: cursor.slice(0, at), seq }
}
