// The users collection as auth sees it: look-ups by username with a 60-second cache (docs/security.md#sessions)
// (docs/product-rules.md, Constants), the unique username index, and the one way a stored user becomes an answer.
// It also holds the users' server-side sessions, so whatever writes users can end them.
import { publicUserSchema, type PublicUser } from '@lfit/domain/users/user'
import type { Collection, Doc, Store } from '../store/port'
import { Sessions } from './sessions'

export const USERS = 'users'

/** The user cache (docs/security.md#sessions): a user record is re-read at most this often. */
export const USER_CACHE_MS = 60_000

/** Most users cached at once; a burst of unknown usernames cannot grow memory without bound. */
const MAX_CACHED = 10_000

interface Cached {
  user: Doc | null
  readAt: number
  /** The public view of `user`, parsed on first use and then shared until the entry is refilled. */
  view?: PublicUser
}

export class UserDirectory {
  private readonly cache = new Map<string, Cached>()
  private readonly prepared = new WeakMap<Store, Promise<void>>()
  /** The sessions of these users, in the default database. */
  readonly sessions: Sessions

  constructor(
    private readonly defaultStore: () => Promise<Store>,
    private readonly clock: () => number,
  ) {
    this.sessions = new Sessions(defaultStore, clock)
  }

  /** The default database (where users, their sessions and the mail outbox live). */
  store(): Promise<Store> {
    return this.defaultStore()
  }

  /** The users collection of `store` (the default database when none), with its index. */
  async collection(store?: Store): Promise<Collection> {
    const target = store ?? (await this.defaultStore())
    let ready = this.prepared.get(target)
    if (!ready) {
      ready = target.collection(USERS).ensureIndex({ key: { username: 1 }, unique: true })
      this.prepared.set(target, ready)
      // A failed attempt is not remembered: the next call tries again.
      ready.catch(() => this.prepared.delete(target))
    }
    await ready
    return target.collection(USERS)
  }

  /** The stored user, read again only when the cached copy is older than a minute. */
  async cached(username: string): Promise<Doc | null> {
    const hit = this.cache.get(username)
    if (hit && this.clock() - hit.readAt < USER_CACHE_MS) return hit.user
    return this.fresh(username)
  }

  /**
   * The stored user and its public view, as `cached` reads it: the view is parsed once per cache
   * fill, not per request, and frozen, since every request of that user gets the same one.
   */
  async cachedView(username: string): Promise<CachedView | null> {
    const remembered = this.rememberedView(username)
    if (remembered !== undefined) return remembered
    await this.fresh(username)
    return viewOf(this.cache.get(username))
  }

  /**
   * `cachedView` without waiting when the cached copy is young enough; undefined when the user
   * has to be read first.
   */
  rememberedView(username: string): CachedView | null | undefined {
    const hit = this.cache.get(username)
    if (!hit || this.clock() - hit.readAt >= USER_CACHE_MS) return undefined
    return viewOf(hit)
  }

  /** The stored user as it is now (login, password change), refreshing the cache. */
  async fresh(username: string): Promise<Doc | null> {
    const user = await (await this.collection()).findOne({ username })
    this.cache.delete(username)
    this.cache.set(username, { user, readAt: this.clock() })
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string)
    return user
  }

  /**
   * Ends the sessions of these users after an admin's write blocked them or set their password;
   * `keep` is the caller's own session when they changed their own password. Only the default
   * database's users log in, so a write to another database's users ends nothing.
   */
  async endSessions(store: Store | undefined, usernames: readonly string[], keep?: string) {
    if (store && store !== (await this.defaultStore())) return
    await this.sessions.endAllOf(usernames, keep)
  }

  /** Drops cached users after a write on users, so this process sees the change at once. */
  forgetAll(): void {
    this.cache.clear()
  }
}

export interface CachedView {
  doc: Doc
  user: PublicUser
}

function viewOf(hit: Cached | undefined): CachedView | null {
  const doc = hit?.user
  if (!hit || !doc) return null
  hit.view ??= frozenPublicUser(doc)
  return { doc, user: hit.view }
}

/** The public view of a stored user: unknown fields and every secret dropped by the schema. */
export function publicUser(doc: Doc): PublicUser {
  return publicUserSchema.parse({ ...doc, _id: String(doc._id) })
}

/** `publicUser`, frozen to its arrays, for sharing between requests. */
function frozenPublicUser(doc: Doc): PublicUser {
  const user = publicUser(doc)
  for (const value of Object.values(user)) if (Array.isArray(value)) Object.freeze(value)
  return Object.freeze(user)
}
