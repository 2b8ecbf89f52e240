// The make-up sessions collection (docs/product-rules.md#make-ups-and-attendance-rules). Each
// stored session carries two server counters beside its fields: `taken`, the confirmed places,
// claimed only by a conditional update so two people never get one place on either store, and
// `seq`, which orders the waitlist by arrival.
import { makeupSessionSchema, type MakeupSession } from '@lfit/domain/makeups/sessions'
import { DEFAULT_CANCEL_HOURS, MAX_CANCEL_HOURS } from '@lfit/domain/makeups/signups'
import type { Doc, Store } from '../store/port'

export const MAKEUP_SESSIONS = 'makeupSessions'
export const MAKEUP_SIGNUPS = 'makeupSignups'
/** Answers of requests that carried a client request id, so a repeat is answered, not redone. */
export const MAKEUP_REQUESTS = 'makeupRequests'
/** The programme's make-up settings (`{ _id: 'makeups', cancelHours }`). */
export const SETTINGS = 'settings'

export interface StoredSession {
  session: MakeupSession
  /** Confirmed places. */
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
  const settings = await store.collection(SETTINGS).findById('makeups')
  const hours = settings?.cancelHours
  return typeof hours === 'number' && Number.isInteger(hours) && hours >= 0
    ? Math.min(hours, MAX_CANCEL_HOURS)
    : DEFAULT_CANCEL_HOURS
}

/**
 * Claims one place of the session if one is free: a single conditional update, so of any number
 * of concurrent claims for the last place exactly one succeeds. The capacity read is part of the
 * filter, so an editor's change in between makes the claim fail and the caller read again.
 */
export async function claimPlace(store: Store, id: string, capacity: number): Promise<boolean> {
  const claimed = await store
    .collection(MAKEUP_SESSIONS)
    .findOneAndUpdate(
      { _id: id, cancelled: false, capacity, taken: { $lt: capacity } },
      { $inc: { taken: 1 } },
    )
  return claimed !== null
}

/** Gives a place back (a confirmed sign-up cancelled with nobody waiting). */
export async function releasePlace(store: Store, id: string): Promise<void> {
  await store
    .collection(MAKEUP_SESSIONS)
    .upsert({ _id: id, taken: { $gt: 0 } }, { $inc: { taken: -1 } }, { upsert: false })
}

/** The next place in the session's waitlist order, or null for a cancelled session. */
export async function nextInLine(store: Store, id: string): Promise<number | null> {
  const after = await store
    .collection(MAKEUP_SESSIONS)
    .findOneAndUpdate({ _id: id, cancelled: false }, { $inc: { seq: 1 } })
  return after && typeof after.seq === 'number' ? after.seq : null
}
