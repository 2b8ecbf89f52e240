// Follows the change log for the live hub, whichever server process wrote the change: a push
// through this process reads the log at once (`nudge`, called after each push); a change made
// through another process is found by a MongoDB change stream on the log where the server has
// change streams (a replica set), and otherwise by reading the log every `pollMs`
// (docs/sync-protocol.md#live-updates). The feed reads the log exactly as a puller does (in
// order, stopping at a pending entry), so it announces every committed change once, in order.
import type { Log } from '../http/log'
import type { Store } from '../store/port'
import { CHANGES, contiguousSeq, readChanges, syncEpoch, type RecordRef } from '../sync/changelog'
import { readerFacts } from '../sync/reader'
import { refKey, type LiveHub } from './hub'

const READ_LIMITS = { maxEntries: 1_000, maxRecords: 10_000 }

export type FeedMode = 'changeStream' | 'polling'

export class ChangeFeed {
  private seq = 0
  private epoch = ''
  private reading: Promise<void> | null = null
  private again = false
  private stopped = false
  private poller: ReturnType<typeof setInterval> | undefined
  private watch: { close(): Promise<void> } | undefined
  private readonly followers = new Set<(refs: readonly RecordRef[]) => void>()
  mode: FeedMode = 'polling'

  constructor(
    private readonly options: {
      store: Store
      hub: LiveHub
      clock: () => number
      pollMs: number
      log: Log
    },
  ) {}

  /** Starts from the log's current end: what changed before is pulled by devices anyway. */
  async start(): Promise<FeedMode> {
    const { store, log } = this.options
    this.epoch = await syncEpoch(store)
    this.seq = await contiguousSeq(store)
    if (store.watch) {
      try {
        const watch = await store.watch(CHANGES)
        this.watch = watch
        this.mode = 'changeStream'
        void this.follow(watch)
      } catch (error) {
        log.info('live updates poll the change log: no change stream', {
          reason: noChangeStream(error),
        })
      }
    }
    if (this.mode === 'polling') this.poll()
    log.info('live updates', { mode: this.mode })
    return this.mode
  }

  /**
   * Tells `follower` the records of every change read from now on, whichever process made it
   * (the calendar follows its records, calendar/follow.ts); answers the function that stops it.
   */
  onChanges(follower: (refs: readonly RecordRef[]) => void): () => void {
    this.followers.add(follower)
    return () => {
      this.followers.delete(follower)
    }
  }

  /** Reads the log now (after a push through this process); reads coalesce. */
  nudge(): void {
    if (this.stopped) return
    if (this.reading) {
      this.again = true
      return
    }
    this.reading = this.readAll()
      .catch((error: unknown) => {
        this.options.log.warn('live feed read failed', { error: String(error).slice(0, 200) })
      })
      .finally(() => {
        this.reading = null
        if (this.again) {
          this.again = false
          this.nudge()
        }
      })
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.poller)
    await this.watch?.close().catch(() => undefined)
    await this.reading
  }

  private poll(): void {
    this.poller = setInterval(() => this.nudge(), this.options.pollMs)
    this.poller.unref()
  }

  private async follow(watch: { next(): Promise<void> }): Promise<void> {
    try {
      while (!this.stopped) {
        await watch.next()
        this.nudge()
      }
    } catch (error) {
      if (this.stopped) return
      // The stream broke (a failover, a dropped connection): polling never misses a change.
      this.options.log.warn('live change stream ended; polling instead', {
        error: String(error).slice(0, 200),
      })
      this.mode = 'polling'
      this.poll()
      this.nudge()
    }
  }

  private async readAll(): Promise<void> {
    const { store, hub, clock } = this.options
    for (;;) {
      const read = await readChanges(store, this.seq, READ_LIMITS, clock())
      if (read.seq === this.seq) return
      this.seq = read.seq
      for (const follower of this.followers) follower(read.refs)
      await hub.poke(
        read.refs,
        `${this.epoch}:${read.seq}`,
        (refs) => this.owners(refs),
        (username) => readerFacts(store, username),
      )
      if (!read.more) return
    }
  }

  /** The participant of each changed record (records without one belong to nobody). */
  private async owners(refs: readonly RecordRef[]): Promise<Map<string, string>> {
    const owners = new Map<string, string>()
    const byCollection = new Map<string, Set<string>>()
    for (const ref of refs) {
      let ids = byCollection.get(ref.collection)
      if (!ids) byCollection.set(ref.collection, (ids = new Set()))
      ids.add(ref.id)
    }
    for (const [collection, ids] of byCollection) {
      const docs = await this.options.store
        .collection(collection)
        .find({ _id: { $in: [...ids] } }, { projection: { participant: 1 } })
      for (const doc of docs) {
        if (typeof doc.participant === 'string') {
          owners.set(refKey({ collection, id: doc._id as string }), doc.participant)
        }
      }
    }
    return owners
  }
}

/**
 * Why the log is polled, in words: a server without change streams (mongo-java-server, a
 * standalone MongoDB) answers with a bare code or "Unknown error: null", which told an operator
 * nothing (docs/0033). The server's own words follow when it gave any.
 */
function noChangeStream(error: unknown): string {
  const why =
    'the MongoDB server offers no change streams (only a replica set or a sharded cluster does)'
  const said = error instanceof Error ? error.message.trim() : ''
  const code = (error as { codeName?: unknown; code?: unknown } | null) ?? {}
  const name = typeof code.codeName === 'string' ? code.codeName : undefined
  const details = [
    name ?? (typeof code.code === 'number' ? `code ${code.code}` : undefined),
    said && !/^unknown error/i.test(said) ? said.slice(0, 200) : undefined,
  ].filter(Boolean)
  return details.length > 0 ? `${why}; it answered: ${details.join(', ')}` : why
}
