// The make-up sessions collection (docs/product-rules.md#make-ups-and-attendance-rules). Each
// stored session carries `taken` beside its fields: a cache of the places held, which are decided
// in places.ts. Sessions stored before that may still carry a `seq`, which is ignored.
import { makeupSessionSchema, type MakeupSession } from '@lfit/domain/makeups/sessions'
import { DEFAULT_CANCEL_HOURS, MAX_CANCEL_HOURS } from '@lfit/domain/makeups/signups'
import type { Doc, Store } from '../store/port'

export const MAKEUP_SESSIONS = 'makeupSessions'
export const MAKEUP_SIGNUPS = 'makeupSignups'
/** Answers of requests that carried a client request id, so a repeat is answered, not redone. */
export const MAKEUP_REQUESTS = 'makeupRequests'
/** The programme's make-up settings (`{ _id: 'makeups', cancelHours, thresholds }`). */
export const SETTINGS = 'settings'
export const MAKEUP_SETTINGS_ID = 'makeups'
/** Marks at make-up sessions, synced like attendance (`{sessionId}:{participant}`). */
export const MAKEUP_ATTENDANCE = 'makeupAttendance'

export interface StoredSession {
  session: MakeupSession
  /** Confirmed places (the cache kept by places.ts). */
  taken: number
}

/** A stored session read back; one that does not fit the schema is treated as absent. */
export function storedSession(doc: Doc | null): StoredSession | null {
  if (!doc) return null
  const { taken, seq: _seq, ...fields } = doc
  const parsed = makeupSessionSchema.safeParse({ ...fields, _id: String(doc._id) })
  if (!parsed.success) return null
  return { session: parsed.data, taken: typeof taken === 'number' ? taken : 0 }
}

export async function findSession(store: Store, id: string): Promise<StoredSession | null> {
  return storedSession(await store.collection(MAKEUP_SESSIONS).findById(id))
}

/** Hours before a session's start after which a participant can no longer cancel. */
export async function cancelHours(store: Store): Promise<number> {
  const settings = await store.collection(SETTINGS).findById(MAKEUP_SETTINGS_ID)
  const hours = settings?.cancelHours
  return typeof hours === 'number' && Number.isInteger(hours) && hours >= 0
    ? Math.min(hours, MAX_CANCEL_HOURS)
    : DEFAULT_CANCEL_HOURS
}
