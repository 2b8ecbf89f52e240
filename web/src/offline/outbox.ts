// Recording an edit: stamp it with this device's clock and put it in the outbox in one strict
// transaction. Nothing waits for the network.
import {
  decodeHlc,
  encodeHlc,
  isEncodedHlc,
  observeHlc,
  tickHlc,
  type Hlc,
} from '@lfit/domain/sync/hlc'
import type { Mutation, SyncCollection } from '@lfit/domain/sync/protocol'
import Dexie, { RangeSet, type IndexableType, type ObservabilitySet } from 'dexie'
import type { LocalDatabase, MetaEntry, OutboxEntry } from './database'

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

/**
 * Stamps the edit and adds it to the outbox in one strict IndexedDB transaction, resolving once
 * it has committed (on disk: the durability rule of docs/sync-protocol.md). The transaction is
 * opened in the caller's task, so a tap's write starts in the tap's own event handler, and it
 * reads the clock inside itself: IndexedDB runs the readwrite transactions of the clock in the
 * order they were opened, whichever tab opened them, so each stamp is later than the last one
 * written, here or in another tab. Plain IndexedDB, not a Dexie transaction: Dexie's promise
 * hops around one small write cost more than the write on a slow tablet; the live queries are
 * told of the write (here and in other tabs) right after the caller has shown it
 * (docs/0020-tap-shows-when-written.md).
 */
export function recordEdit(
  db: LocalDatabase,
  edit: EditInput,
  deps: DeviceDeps,
): Promise<Mutation> {
  // Not open yet, or closed for another tab's upgrade: (re)opened first, as Dexie would.
  if (!db.isOpen()) return db.open().then(() => recordEdit(db, edit, deps))
  const device = knownDevice.get(db)
  // The first edit of a tab reads (or makes) the device id first.
  if (!device) return deviceId(db, deps).then(() => recordEdit(db, edit, deps))
  return new Promise((resolve, reject) => {
    const tx = db.backendDB().transaction(['meta', 'outbox'], 'readwrite', {
      durability: 'strict',
    })
    const meta = tx.objectStore('meta')
    const read = meta.get(CLOCK_KEY)
    let entry: OutboxEntry | undefined
    let seq: number | undefined
    let failure: unknown
    read.onsuccess = () => {
      try {
        const last = (read.result as MetaEntry | undefined)?.value as Hlc | undefined
        const hlc = tickHlc(last ?? null, deps.now(), device)
        const mutation: Mutation = {
          id: deps.newId(),
          collection: edit.collection,
          recordId: edit.recordId,
          hlc: encodeHlc(hlc),
          deviceId: device,
          fields: edit.fields,
        }
        entry = { mutation, user: edit.user, madeAt: deps.now() }
        meta.put({ key: CLOCK_KEY, value: hlc })
        const added = tx.objectStore('outbox').add(entry)
        added.onsuccess = () => (seq = added.result as number)
        // Nothing more to ask: committing now spares the wait for the transaction to go idle.
        tx.commit()
      } catch (error) {
        // Refused at once (a full disk, a value that cannot be stored): nothing is kept.
        failure = error
        tx.abort()
      }
    }
    // A request that fails, or the refusal above, aborts the whole transaction.
    tx.onabort = () =>
      reject(failure ?? tx.error ?? new DOMException('the edit was not written', 'AbortError'))
    tx.oncomplete = () => {
      if (!entry || seq === undefined) return reject(new Error('the edit was not written'))
      resolve(entry.mutation)
      const written = { ...entry, seq }
      // After the caller's own reaction to the write (a task later): the live queries re-read.
      setTimeout(() => Dexie.on.storagemutated.fire(editParts(db, written)), 0)
    }
  })
}

/** What an edit's transaction changed, as Dexie's live queries observe it (by key and index). */
function editParts(db: LocalDatabase, written: OutboxEntry): ObservabilitySet {
  const table = `idb://${db.name}/outbox/`
  const parts: ObservabilitySet = {
    [table]: new RangeSet().addKey(written.seq as number),
    [`idb://${db.name}/meta/`]: new RangeSet().addKey(CLOCK_KEY),
  }
  for (const index of db.outbox.schema.indexes) {
    const key = Dexie.getByKeyPath(written, index.keyPath as string) as IndexableType
    parts[`${table}${index.name}`] = new RangeSet().addKey(key)
  }
  return parts
}

/**
 * The hybrid clock's receive rule: the local clock moves past every stamp seen from the server,
 * so this device's next edit of a record it has pulled is stamped later than what it saw, however
 * far behind its own clock is (docs/sync-protocol.md#stamps-and-clocks). A device that has made
 * no edit yet has no id; its clock observes all the same (the next tick puts this device's id on
 * the stamp), or a fresh tablet whose clock is behind would stamp every first correction earlier
 * than the marks it corrects.
 */
export async function observeStamps(
  db: LocalDatabase,
  stamps: readonly string[],
  now: number,
): Promise<void> {
  // A stamp that is not one (a damaged record) moves no clock and stops no pull.
  const valid = stamps.filter(isEncodedHlc)
  if (valid.length === 0) return
  const latest = valid.reduce((a, b) => (b > a ? b : a))
  await db.transaction('rw', db.meta, async () => {
    const seen = decodeHlc(latest)
    const device = (await db.meta.get(DEVICE_KEY))?.value
    const last = ((await db.meta.get(CLOCK_KEY))?.value as Hlc | undefined) ?? null
    const next = observeHlc(last, seen, now, typeof device === 'string' ? device : seen.node)
    await db.meta.put({ key: CLOCK_KEY, value: next })
  })
}

export function pendingCount(db: LocalDatabase): Promise<number> {
  return db.outbox.count()
}
