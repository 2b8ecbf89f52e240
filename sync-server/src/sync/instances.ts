// Which server instance claimed a pending change-log entry, and whether it still lives
// (docs/0033). On MongoDB each instance keeps one document in `instances` and counts its `beat`
// up every third of SYNC_INSTANCE_LEASE_MS; its claims name it as `owner`. A puller meeting a
// pending entry watches the owner's beat: unchanged for a whole lease of the puller's own
// monotonic time (or the document gone), the owner died between claim and commit, and the entry is passed then
// instead of after SYNC_STALE_PENDING_MS. Passing it is as safe as passing a stale entry
// (docs/0006): a writer that was only slow finds its entry abandoned and claims a new number.
// Only beats are compared, never two instances' clocks, so clock skew cannot pass a live entry;
// the wait is real time (performance.now), like the beats, not the app's clock (TEST_CLOCK_START
// moves business dates, not how long a process has been silent).
import { randomUUID } from 'node:crypto'
import type { Log } from '../http/log'
import type { Store } from '../store/port'

export const INSTANCES = 'instances'

/** The default lease: an instance that missed three beats (one a second) is taken for dead. */
export const INSTANCE_LEASE_MS = 3_000

/** Owners watched per store at most; a store sees a handful of instances, never thousands. */
const MAX_WATCHED = 1_000

interface Sighting {
  beat: unknown
  /** The puller's monotonic time (ms) when it first saw this beat. */
  seenAt: number
}

/** The running instance of each store (a store object is one instance's connection). */
const owners = new WeakMap<Store, InstanceLease>()
const sightings = new WeakMap<Store, Map<string, Sighting>>()

/** The id a claim on `store` names as its owner; none where no lease runs (the embedded store). */
export function ownerOf(store: Store): string | undefined {
  return owners.get(store)?.id
}

export class InstanceLease {
  readonly id = randomUUID()
  private beats = 0
  private timer: ReturnType<typeof setInterval> | undefined

  constructor(
    private readonly store: Store,
    private readonly leaseMs: number,
    private readonly log: Log,
  ) {}

  /** Writes the first beat, then beats on its own; claims on the store name this instance. */
  async start(): Promise<void> {
    await this.beat()
    owners.set(this.store, this)
    this.timer = setInterval(
      () => {
        this.beat().catch((error: unknown) => {
          // A missed beat only lets others pass this instance's pending entries sooner.
          this.log.warn('instance lease beat failed', { error: String(error).slice(0, 200) })
        })
      },
      Math.max(1, Math.floor(this.leaseMs / 3)),
    )
    this.timer.unref()
  }

  private async beat(): Promise<void> {
    this.beats += 1
    await this.store
      .collection(INSTANCES)
      .upsert({ _id: this.id }, { $set: { beat: this.beats, leaseMs: this.leaseMs } })
  }

  /** After the last request finished: nothing of this instance is pending, so the lease goes. */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    owners.delete(this.store)
    await this.store.collection(INSTANCES).deleteOne({ _id: this.id })
  }
}

/**
 * Whether the owner of a pending entry is gone: its lease document removed, or its beat unchanged
 * for a whole lease since this store first saw it.
 */
export async function ownerGone(store: Store, owner: string): Promise<boolean> {
  const now = performance.now()
  const doc = await store.collection(INSTANCES).findById(owner)
  let watched = sightings.get(store)
  if (!watched) sightings.set(store, (watched = new Map()))
  if (!doc) {
    watched.delete(owner)
    return true
  }
  const seen = watched.get(owner)
  if (!seen || seen.beat !== doc.beat) {
    watched.delete(owner)
    watched.set(owner, { beat: doc.beat, seenAt: now })
    if (watched.size > MAX_WATCHED) watched.delete(watched.keys().next().value as string)
    return false
  }
  const leaseMs = typeof doc.leaseMs === 'number' ? doc.leaseMs : INSTANCE_LEASE_MS
  return now - seen.seenAt >= leaseMs
}
