// The places and the waitlist of make-up sessions (docs/product-rules.md#make-ups-and-attendance-rules).
// Both are decided by inserts with a unique `_id`, the one primitive that is atomic on every
// store (the change log numbers changes the same way): a place is `${session}#${n}` for n below
// the capacity, so of any number of concurrent claims each place has one holder; a waitlist
// entry is `${session}~${n}`, so no two arrivals share a number; it is deleted when its sign-up
// leaves the waitlist, so the entries count the people ahead. The session's `taken` is only a
// cache of the places held, kept for the lists; it never decides who gets a place.
import { DuplicateKeyError, type Doc, type Store } from '../store/port'
import { findSession, MAKEUP_SESSIONS } from './sessions'

export const MAKEUP_PLACES = 'makeupPlaces'
export const MAKEUP_WAITLIST = 'makeupWaitlist'

/** Waitlist numbers tried before giving up on a store answering only duplicates. */
const QUEUE_ATTEMPTS = 100

/** The indexes the place and waitlist reads rely on; safe to call again. */
export async function ensurePlaceIndexes(store: Store): Promise<void> {
  await store.collection(MAKEUP_PLACES).ensureIndex({ key: { session: 1, holder: 1 } })
  await store.collection(MAKEUP_WAITLIST).ensureIndex({ key: { session: 1, n: 1 } })
}

const placeId = (sessionId: string, n: number) => `${sessionId}#${n}`

/** The places of the session, held or being handed on. */
export function placesOf(store: Store, sessionId: string): Promise<Doc[]> {
  return store.collection(MAKEUP_PLACES).find({ session: sessionId })
}

export async function placesHeld(store: Store, sessionId: string): Promise<number> {
  return store.collection(MAKEUP_PLACES).count({ session: sessionId })
}

async function adjustTaken(store: Store, sessionId: string, by: number): Promise<void> {
  await store
    .collection(MAKEUP_SESSIONS)
    .upsert({ _id: sessionId }, { $inc: { taken: by } }, { upsert: false })
}

/** Takes place `n` for `holder`; false when someone else holds it (the insert is the claim). */
async function insertPlace(store: Store, sessionId: string, n: number, holder: string) {
  try {
    await store
      .collection(MAKEUP_PLACES)
      .insert({ _id: placeId(sessionId, n), session: sessionId, n, holder })
    return true
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false
    throw error
  }
}

/**
 * Claims the lowest free place below `capacity` for `holder`: an insert per number, a duplicate
 * meaning someone else holds it. Null when none is free. A place the editor's lower capacity
 * made void meanwhile is given back and the claim goes on.
 */
export async function claimPlace(
  store: Store,
  sessionId: string,
  capacity: number,
  holder: string,
): Promise<number | null> {
  const places = store.collection(MAKEUP_PLACES)
  const held = new Set((await placesOf(store, sessionId)).map((p) => p.n))
  for (let n = 0; n < capacity; n++) {
    if (held.has(n) || !(await insertPlace(store, sessionId, n, holder))) continue
    const now = await findSession(store, sessionId)
    if (!now || now.session.cancelled || n >= now.session.capacity) {
      await places.deleteOne({ _id: placeId(sessionId, n) })
      if (!now || now.session.cancelled) return null
      capacity = now.session.capacity
      continue
    }
    await adjustTaken(store, sessionId, 1)
    return n
  }
  return null
}

/** The place `holder` holds in the session, if any. */
export function placeHeldBy(store: Store, sessionId: string, holder: string): Promise<Doc | null> {
  return store.collection(MAKEUP_PLACES).findOne({ session: sessionId, holder })
}

/** Gives the place of `holder` back (a confirmed sign-up cancelled with nobody waiting). */
export async function releasePlace(store: Store, sessionId: string, holder: string) {
  const place = await placeHeldBy(store, sessionId, holder)
  if (typeof place?.n === 'number') await freePlace(store, sessionId, place.n)
}

/** Gives place `n` back, by its number: a claim that found nobody to give it to. */
export async function freePlace(store: Store, sessionId: string, n: number) {
  const { deleted } = await store
    .collection(MAKEUP_PLACES)
    .deleteOne({ _id: placeId(sessionId, n) })
  if (deleted > 0) await adjustTaken(store, sessionId, -1)
}

/** The place of `from` handed to `to` as it is, so nobody can take it in between. */
export async function handPlace(store: Store, sessionId: string, from: string, to: string) {
  const place = await placeHeldBy(store, sessionId, from)
  if (!place) return false
  const moved = await store
    .collection(MAKEUP_PLACES)
    .upsert({ _id: place._id, holder: from }, { $set: { holder: to } }, { upsert: false })
  return moved.matched > 0
}

/**
 * After a capacity fall: the places numbered at or above the new capacity move to free numbers
 * below it (the caller checked that enough are free), so claims stay bounded by the capacity.
 */
export async function renumberPlaces(store: Store, sessionId: string, capacity: number) {
  const places = store.collection(MAKEUP_PLACES)
  for (const place of await placesOf(store, sessionId)) {
    if (typeof place.n !== 'number' || place.n < capacity) continue
    const holder = String(place.holder)
    const held = new Set((await placesOf(store, sessionId)).map((p) => p.n))
    for (let n = 0; n < capacity; n++) {
      if (held.has(n) || !(await insertPlace(store, sessionId, n, holder))) continue
      await places.deleteOne({ _id: place._id })
      break
    }
  }
}

const waitlistNumber = (order: unknown) => Number.parseInt(String(order), 10)

/**
 * How many are ahead of the waitlist `order`: the entries with a lower number, counted even
 * while their sign-up is still being written, so answers given at once never share a position.
 */
export function waitlistAhead(store: Store, sessionId: string, order: unknown): Promise<number> {
  return store
    .collection(MAKEUP_WAITLIST)
    .count({ session: sessionId, n: { $lt: waitlistNumber(order) } })
}

/** Takes the waitlist entry `order` out (promoted, cancelled, or the session closed). */
export async function leaveWaitlist(store: Store, sessionId: string, order: unknown) {
  const n = waitlistNumber(order)
  if (Number.isSafeInteger(n)) {
    await store.collection(MAKEUP_WAITLIST).deleteOne({ _id: `${sessionId}~${n}` })
  }
}

/** The next number in the session's waitlist, taken by an insert of the last one plus one. */
export async function joinWaitlist(store: Store, sessionId: string, participant: string) {
  const queue = store.collection(MAKEUP_WAITLIST)
  for (let attempt = 0; attempt < QUEUE_ATTEMPTS; attempt++) {
    const last = await queue.findOne({ session: sessionId }, { sort: { n: -1 } })
    const n = typeof last?.n === 'number' ? last.n + 1 : 1
    try {
      await queue.insert({ _id: `${sessionId}~${n}`, session: sessionId, n, participant })
      return String(n).padStart(10, '0')
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error
    }
  }
  return null
}
