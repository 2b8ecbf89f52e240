// Records that devices edit offline carry, per field, the stamp of the edit that set it.
// The stamps are what the merge rule compares, and what tells an editor who overrode them.
import { z } from 'zod'

export interface FieldStamp {
  /** Encoded hybrid logical clock of the edit (see sync/hlc). */
  hlc: string
  /** Username of the editor, as the server authenticated them. */
  user: string
  deviceId: string
  /**
   * The administrator who made the edit while acting as `user`; absent otherwise
   * (docs/0045-acting-as-another-user.md).
   */
  actor?: string
}

export interface SyncedRecord {
  _id: string
  stamps: Record<string, FieldStamp>
}

/** A stamp as it arrives over the wire: a device refuses anything else rather than store it. */
export const fieldStampSchema = z.object({
  hlc: z.string().min(1),
  user: z.string(),
  deviceId: z.string(),
  actor: z.string().optional(),
})

/** The parts every synced record has; a collection extends it with its own fields. */
export const syncedRecordSchema = z.object({
  _id: z.string().min(1),
  stamps: z.record(z.string(), fieldStampSchema),
})
