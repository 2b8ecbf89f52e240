// Records that devices edit offline carry, per field, the stamp of the edit that set it.
// The stamps are what the merge rule compares, and what tells an editor who overrode them.

export interface FieldStamp {
  /** Encoded hybrid logical clock of the edit (see sync/hlc). */
  hlc: string
  /** Username of the editor, as the server authenticated them. */
  user: string
  deviceId: string
}

export interface SyncedRecord {
  _id: string
  stamps: Record<string, FieldStamp>
}
