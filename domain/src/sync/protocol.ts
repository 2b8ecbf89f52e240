// The sync protocol between a device's outbox and the server, versioned so that an old app
// talking to a new server (or the reverse) is refused clearly instead of misread.
import { z } from 'zod'
import { isEncodedHlc } from './hlc'
import type { FieldStamp } from '../records/synced'
import type { AttendanceRecord } from '../records/attendance'
import type { AbsenceRecord } from '../records/absence'
import type { Bilingual } from '../messages/bilingual'

export type { Bilingual }

export const SYNC_PROTOCOL_VERSION = 1

/** The collections that devices edit offline and push through `upsertBatch`. */
export const SYNC_COLLECTIONS = ['attendance', 'absences'] as const
export type SyncCollection = (typeof SYNC_COLLECTIONS)[number]

/** Most edits one `upsertBatch` call may carry; a longer outbox is pushed in several calls. */
export const MAX_BATCH = 1000

/** One offline edit: the changed fields of one record, stamped on the device. */
export const mutationSchema = z
  .object({
    /** Client-generated; a repeated id has no further effect on the server. */
    id: z.string().min(8).max(64),
    collection: z.enum(SYNC_COLLECTIONS),
    recordId: z.string().min(1).max(200),
    hlc: z.string().refine(isEncodedHlc, 'not a hybrid logical clock timestamp'),
    deviceId: z.string().min(1).max(64),
    fields: z.record(z.string(), z.unknown()),
  })
  .strict()

export type Mutation = z.infer<typeof mutationSchema>

export const pushRequestSchema = z
  .object({
    v: z.literal(SYNC_PROTOCOL_VERSION).optional(),
    batch: z.array(z.unknown()).max(MAX_BATCH),
  })
  .strict()

/** The closed set of answers for one pushed edit. */
export type PushResult =
  | { id: string; status: 'applied' }
  | { id: string; status: 'superseded'; by: FieldStamp }
  | {
      id: string
      status: 'rejected'
      reason: { code: string; message: Bilingual }
      /** A permanent rejection is set aside by the device; a transient one is retried. */
      permanent: boolean
    }

export type PushStatus = PushResult['status']

export interface PushResponse {
  v: typeof SYNC_PROTOCOL_VERSION
  results: PushResult[]
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

export const pullRequestSchema = z
  .object({
    v: z.literal(SYNC_PROTOCOL_VERSION).optional(),
    /** null: the device has nothing yet and gets everything it may read. */
    cursor: z.string().max(200).nullable(),
    collections: z.array(z.enum(SYNC_COLLECTIONS)).min(1).optional(),
  })
  .strict()

export type PullRequest = z.infer<typeof pullRequestSchema>

export interface PullResponse {
  v: typeof SYNC_PROTOCOL_VERSION
  /** Current versions of every record changed since the cursor that the caller may read. */
  changes: { attendance: AttendanceRecord[]; absences: AbsenceRecord[] }
  cursor: Cursor
  /** More changes are waiting: pull again with the new cursor. */
  more: boolean
  /** The cursor was from another epoch: this answer is a full snapshot, drop local copies. */
  reset: boolean
}
