// Recording an edit: stamp it with this device's clock and put it in the outbox in one strict
// transaction. Nothing waits for the network.
import { decodeHlc, encodeHlc, observeHlc, tickHlc, type Hlc } from '@lfit/domain/sync/hlc'
import type { Mutation, SyncCollection } from '@lfit/domain/sync/protocol'
import type { LocalDatabase } from './database'

const CLOCK_KEY = 'hlc'
const DEVICE_KEY = 'deviceId'

export interface EditInput {
  collection: SyncCollection
  recordId: string
  fields: Record<string, unknown>
  user: string
}

export interface DeviceDeps {
  now: () => number
  newId: () => string
}

/** A device id never changes once stored: each edit need not read it again. */
const knownDevice = new WeakMap<LocalDatabase, string>()

export async function deviceId(db: LocalDatabase, deps: DeviceDeps): Promise<string> {
  const known = knownDevice.get(db)
  if (known) return known
  const id = await db.transaction('rw', db.meta, async () => {
    const existing = await db.meta.get(DEVICE_KEY)
    if (typeof existing?.value === 'string') return existing.value
    const made = `device-${deps.newId()}`
    await db.meta.put({ key: DEVICE_KEY, value: made })
    return made
  })
  knownDevice.set(db, id)
  return id
}

export async function recordEdit(
  db: LocalDatabase,
  edit: EditInput,
  deps: DeviceDeps,
): Promise<Mutation> {
  // Known after the first edit (committed before it is remembered): one transaction per edit.
  const device = await deviceId(db, deps)
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const last = (await db.meta.get(CLOCK_KEY))?.value as Hlc | undefined
    const hlc = tickHlc(last ?? null, deps.now(), device)
    await db.meta.put({ key: CLOCK_KEY, value: hlc })
    const mutation: Mutation = {
      id: deps.newId(),
      collection: edit.collection,
      recordId: edit.recordId,
      hlc: encodeHlc(hlc),
      deviceId: device,
      fields: edit.fields,
    }
    await db.outbox.add({ mutation, user: edit.user, madeAt: deps.now() })
    return mutation
  })
}

/** Keeps the local clock ahead of every stamp seen from the server, so later local edits win. */
export async function observeStamps(
  db: LocalDatabase,
  stamps: readonly string[],
  now: number,
): Promise<void> {
  if (stamps.length === 0) return
  const latest = stamps.reduce((a, b) => (b > a ? b : a))
  await db.transaction('rw', db.meta, async () => {
    const device = (await db.meta.get(DEVICE_KEY))?.value
    if (typeof device !== 'string') return
    const last = ((await db.meta.get(CLOCK_KEY))?.value as Hlc | undefined) ?? null
    const next = observeHlc(last, decodeHlc(latest), now, device)
    await db.meta.put({ key: CLOCK_KEY, value: next })
  })
}

export function pendingCount(db: LocalDatabase): Promise<number> {
  return db.outbox.count()
}
