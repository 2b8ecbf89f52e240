// Server-side sessions: every login stores one record under a random 128-bit id, which the token
// carries; a token whose record is gone is worth nothing, so logout, a password change or reset
// and a block end sessions at once instead of when the token expires. The collection is internal
// (no policy entry, so the data API refuses it). See docs/0004-sessions-and-login-throttling.md.
import { randomBytes } from 'node:crypto'
import type { Collection, Store } from '../store/port'
import { SESSION_SECONDS } from './token'

export const SESSIONS = 'sessions'

/**
 * A record is re-read at most this often per process. Ending a session in this process takes
 * effect at once; another server instance notices within this time.
 */
export const SESSION_CACHE_MS = 10_000

/** Expired records are removed at most this often (on a login). */
const SWEEP_MS = 3_600_000

/** Most records cached at once, so a burst of tokens cannot grow memory without bound. */
const MAX_CACHED = 10_000

export type SessionRecord = {
  _id: string
  username: string
  /** Epoch milliseconds. */
  createdAt: number
  /** Epoch milliseconds; the token's own expiry, so a stolen record outlives nothing. */
  expiresAt: number
}

interface Cached {
  record: SessionRecord | null
  readAt: number
}

export class Sessions {
  private readonly cache = new Map<string, Cached>()
  private prepared: Promise<void> | null = null
  private lastSweep = Number.NEGATIVE_INFINITY

  constructor(
    private readonly store: () => Promise<Store>,
    private readonly clock: () => number,
    private readonly random: (count: number) => Uint8Array = (count) => randomBytes(count),
  ) {}

  private async collection(): Promise<Collection> {
    const store = await this.store()
    if (!this.prepared) {
      const sessions = store.collection(SESSIONS)
      this.prepared = Promise.all([
        sessions.ensureIndex({ key: { username: 1 } }),
        sessions.ensureIndex({ key: { expiresAt: 1 } }),
      ]).then(() => undefined)
      // A failed attempt is not remembered: the next call tries again.
      this.prepared.catch(() => (this.prepared = null))
    }
    await this.prepared
    return store.collection(SESSIONS)
  }

  /** Starts a session for `username`; answers its id, for the token. */
  async start(username: string): Promise<string> {
    const now = this.clock()
    const record: SessionRecord = {
      _id: Buffer.from(this.random(16)).toString('base64url'),
      username,
      createdAt: now,
      expiresAt: now + SESSION_SECONDS * 1000,
    }
    const sessions = await this.collection()
    await sessions.insert(record)
    this.remember(record._id, record)
    if (now - this.lastSweep >= SWEEP_MS) {
      this.lastSweep = now
      await sessions.deleteMany({ expiresAt: { $lte: now } })
    }
    return record._id
  }

  /** The live session with this id and user, or null when it ended, expired or is not theirs. */
  async find(id: string, username: string): Promise<SessionRecord | null> {
    const remembered = this.remembered(id, username)
    if (remembered !== undefined) return remembered
    const found = await (await this.collection()).findById(id)
    return liveFor(this.remember(id, found as SessionRecord | null), username, this.clock())
  }

  /**
   * `find` without waiting when the record was read recently enough (ending a session in this
   * process updates it at once); undefined when it has to be read first.
   */
  remembered(id: string, username: string): SessionRecord | null | undefined {
    const now = this.clock()
    const hit = this.cache.get(id)
    if (!hit || now - hit.readAt >= SESSION_CACHE_MS) return undefined
    return liveFor(hit, username, now)
  }

  /** Ends one session (logout). */
  async end(id: string): Promise<void> {
    await (await this.collection()).deleteOne({ _id: id })
    this.remember(id, null)
  }

  /** Ends every session of these users, except `keep` (the caller's own, when they stay). */
  async endAllOf(usernames: readonly string[], keep?: string): Promise<void> {
    if (usernames.length === 0) return
    const ending = new Set(usernames)
    const filter = keep
      ? { username: { $in: [...ending] }, _id: { $ne: keep } }
      : { username: { $in: [...ending] } }
    await (await this.collection()).deleteMany(filter)
    // After the delete, so a read racing it cannot cache the record again.
    for (const [id, hit] of this.cache) {
      if (id !== keep && hit.record && ending.has(hit.record.username)) this.remember(id, null)
    }
  }

  private remember(id: string, record: SessionRecord | null): Cached {
    const hit = { record, readAt: this.clock() }
    this.cache.delete(id)
    this.cache.set(id, hit)
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string)
    return hit
  }
}

/** The record if it is the user's and has not expired by `now`. */
function liveFor({ record }: Cached, username: string, now: number): SessionRecord | null {
  return record && record.username === username && record.expiresAt > now ? record : null
}
