// The one sync engine: pushes the outbox in batches through upsertBatch, then pulls every change
// since its cursor. It never runs twice at once (in this tab: one promise; across tabs: a lock),
// backs off after failures, and never drops an edit: applied edits leave the outbox, superseded
// and permanently rejected ones leave it for the notices list, transient failures stay queued.
// Every answer is read with the protocol's schema before it touches the device's data; a server
// of another protocol version stops the engine until the app is updated (docs/0005), with the
// outbox kept for the new build to push. A server that says "not signed in" stops it too: no push
// is tried again (edits keep queuing, nothing is lost) until someone signs in and `resume` runs
// (docs/0008-studio-tablet-session.md). Every request is bounded, so a run always ends and the
// next one starts (docs/sync-protocol.md, The device side).
import type { Table } from 'dexie'
import type { SyncedRecord } from '@lfit/domain/records/synced'
import { isEncodedHlc } from '@lfit/domain/sync/hlc'
import { SYNC_PROTOCOL_VERSION, syncSchemas, type SyncCollection } from '@lfit/domain/sync/protocol'
import { expireApplied, forgetSettled, noticeOverwrites, watchedEdits } from './applied-edits'
import type { LocalDatabase, OutboxEntry } from './database'
import { keepRecords, recordTable } from './device-records'
import { observeStamps } from './outbox'
import { pushOutbox } from './push-outbox'
import { boundedTransport, readAnswer, TransportError, type SyncTransport } from './transport'

export interface SyncUser {
  username: string
  roles: readonly string[]
}

export type SyncState = 'idle' | 'syncing' | 'offline' | 'signedOut' | 'error' | 'updateRequired'

export interface SyncStatus {
  state: SyncState
  lastSyncAt: number | null
  lastError: string | null
  /** When the next automatic attempt runs after a failure. */
  retryAt: number | null
}

export interface SyncEngineDeps {
  db: LocalDatabase
  transport: SyncTransport
  now: () => number
  currentUser: () => SyncUser | null
  /** Whether this user may push this queued edit (a convenience check; the server decides). */
  mayPush: (user: SyncUser, entry: OutboxEntry) => boolean
  /** Runs `task` only if no other tab is syncing; answers false when it skipped. */
  exclusive?: (task: () => Promise<void>) => Promise<boolean>
  /** The server speaks another protocol version: look for the new build of the app. */
  onUpdateRequired?: () => void
  /** The server answered "not signed in": the session lapsed, someone must sign in. */
  onSignedOut?: () => void
  /**
   * Makes the device's personal data this user's before a run pushes or pulls, clearing another
   * person's first (personal-data.ts, docs/0034); inside the run's lock, so no run writes one
   * person's records after the clearing for another.
   */
  claimDevice?: (username: string) => Promise<unknown>
  /** How long one request may go unanswered (REQUEST_TIMEOUT_MS unless a test says otherwise). */
  requestTimeoutMs?: number
}

const CURSOR_KEY = 'cursor'
const LAST_SYNC_KEY = 'lastSyncAt'
const LAST_ERROR_KEY = 'lastError'
const BACKOFF_BASE_MS = 1_000
const BACKOFF_MAX_MS = 5 * 60_000

export function backoffDelay(failures: number): number {
  if (failures <= 0) return 0
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1))
}

export interface SyncEngine {
  /** Pushes and pulls now; concurrent calls share one run. Nothing while signed out. */
  syncNow(): Promise<SyncStatus>
  /**
   * The server said something this device may read changed (a live poke): syncs now, or once
   * more right after the run under way when its pull may have been read before the change (no
   * page request of that run went out since).
   */
  syncAfterChange(): Promise<SyncStatus>
  /** Someone signed in: leave the signed-out state and sync at once. */
  resume(): Promise<SyncStatus>
  status(): SyncStatus
  /** Milliseconds until the next attempt should run given recent failures (0: no failure). */
  retryDelay(): number
  /** Calls `listener` whenever the status changes; answers the unsubscribe. */
  subscribe(listener: () => void): () => void
  /**
   * Resolves once the run under way has sent its first request, or has ended without one; at
   * once when none is under way. A login waits for it before it navigates, so the first pull is
   * not held up behind the next screen's rendering (docs/0055-new-tablet-first-sync.md).
   */
  firstRequestSent(): Promise<void>
}

export function createSyncEngine(options: SyncEngineDeps): SyncEngine {
  /** Resolves the run's `firstRequestSent`; null once it has been resolved. */
  let requestSent: (() => void) | null = null
  let firstRequest: Promise<void> = Promise.resolve()
  const sending = () => {
    requestSent?.()
    requestSent = null
  }
  const bounded = boundedTransport(options.transport, options.requestTimeoutMs)
  const deps: SyncEngineDeps = {
    ...options,
    transport: {
      push(collection, request) {
        sending()
        return bounded.push(collection, request)
      },
      pull(request) {
        sending()
        return bounded.pull(request)
      },
      participants() {
        sending()
        return bounded.participants()
      },
    },
  }
  let running: Promise<SyncStatus> | null = null
  /**
   * A change was announced while a run was under way and no pull of that run was sent since: only
   * then does the run miss it. A pull sent after the announcement reads the change (the server
   * pokes once it is stored), and the run pulls until the server has no more.
   */
  let unreadChange = false
  let failures = 0
  let status: SyncStatus = { state: 'idle', lastSyncAt: null, lastError: null, retryAt: null }
  const listeners = new Set<() => void>()
  const setStatus = (next: SyncStatus) => {
    status = next
    for (const listener of listeners) listener()
  }

  async function setError(state: SyncState, message: string | null) {
    // Signed out and update required wait for the user or a new build, not for a timer.
    const waits = state === 'signedOut' || state === 'updateRequired'
    failures = waits ? 0 : failures + 1
    const retryAt = waits ? null : deps.now() + backoffDelay(failures)
    setStatus({ ...status, state, lastError: message, retryAt })
    await deps.db.meta.put({ key: LAST_ERROR_KEY, value: message })
  }

  async function run(): Promise<SyncStatus> {
    // This build cannot talk to the server any more: only the new build syncs again. Signed
    // out: every push would be refused the same way until someone signs in (resume).
    if (status.state === 'updateRequired' || status.state === 'signedOut') return status
    const user = deps.currentUser()
    if (!user) {
      setStatus({ ...status, state: 'signedOut', retryAt: null })
      return status
    }
    setStatus({ ...status, state: 'syncing' })
    try {
      const task = async () => {
        await deps.claimDevice?.(user.username)
        await pushOutbox(deps, user)
        await pullChanges(deps, () => (unreadChange = false))
      }
      const ran = deps.exclusive ? await deps.exclusive(task) : (await task(), true)
      if (ran) {
        failures = 0
        const at = deps.now()
        setStatus({ state: 'idle', lastSyncAt: at, lastError: null, retryAt: null })
        await deps.db.meta.bulkPut([
          { key: LAST_SYNC_KEY, value: at },
          { key: LAST_ERROR_KEY, value: null },
        ])
      } else {
        setStatus({ ...status, state: 'idle' })
      }
    } catch (error) {
      if (error instanceof TransportError) {
        const { failure } = error
        if (failure.kind === 'offline') await setError('offline', 'offline')
        else if (failure.kind === 'unauthorized') {
          await setError('signedOut', 'signed out')
          deps.onSignedOut?.()
        } else if (failure.kind === 'updateRequired') {
          await setError('updateRequired', 'update required')
          deps.onUpdateRequired?.()
        } else
          await setError(
            'error',
            `server ${failure.status}${failure.message ? `: ${failure.message}` : ''}`,
          )
      } else {
        await setError('error', error instanceof Error ? error.message : String(error))
      }
    }
    return status
  }

  function syncNow(): Promise<SyncStatus> {
    if (!running) {
      firstRequest = new Promise((resolve) => (requestSent = resolve))
      running = run().finally(() => {
        sending()
        running = null
      })
    }
    return running
  }

  return {
    syncNow,
    syncAfterChange() {
      if (!running) return syncNow()
      unreadChange = true
      return running.then((ran) => (unreadChange ? syncNow() : ran))
    },
    async resume() {
      // A run still in flight may carry the old session's refusal: let it end first.
      await running
      if (status.state === 'signedOut') setStatus({ ...status, state: 'idle', retryAt: null })
      return syncNow()
    },
    status: () => status,
    retryDelay: () => backoffDelay(failures),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    firstRequestSent: () => firstRequest,
  }
}

/** The cursor of the page after this answer, when it says there is one (read before the schema). */
function nextCursor(answer: unknown): string | null {
  const { v, more, cursor } = (answer ?? {}) as { v?: unknown; more?: unknown; cursor?: unknown }
  return v === SYNC_PROTOCOL_VERSION && more === true && typeof cursor === 'string' ? cursor : null
}

/**
 * Pulls every change since the device's cursor; `sent` hears each page request go out. The
 * collections and the answer's schema are the device database's registry's.
 */
async function pullChanges(deps: SyncEngineDeps, sent: () => void): Promise<void> {
  const { db } = deps
  // The registry's names: a test's registry may add one to the app's.
  const collections = Object.keys(db.registry) as SyncCollection[]
  const { pullResponse } = syncSchemas(db.registry)
  const synced = collections.map((collection) => recordTable(db, collection))
  // Pipelined: the next page is asked for as soon as this one's cursor is read, before the page
  // is checked against the schema and written; and a page is checked while the page before it
  // is being written. The cursor is still saved only in the transaction that writes its page,
  // and a page's transaction starts only once the one before it committed, so a failure anywhere
  // resumes from the last page that is on disk, and a page that does not fit the schema is never
  // stored (docs/0053-faster-first-sync.md).
  const fetchPage = (cursor: string | null) => {
    sent()
    return deps.transport.pull({ v: SYNC_PROTOCOL_VERSION, cursor })
  }
  let next = fetchPage(((await db.meta.get(CURSOR_KEY))?.value as string | undefined) ?? null)
  let written: Promise<void> = Promise.resolve()
  try {
    for (;;) {
      const received = await next
      const following = nextCursor(received)
      if (following !== null) {
        next = fetchPage(following)
        // Raised again when awaited; not an unhandled rejection if this page fails first.
        next.catch(() => undefined)
      }
      const answer = readAnswer(pullResponse, received)
      await written
      written = writePage(deps, collections, synced, answer)
      // Raised when awaited, with the next page or after the last.
      written.catch(() => undefined)
      if (!answer.more) break
    }
    await written
  } finally {
    // A page that failed its check ends the run only once the page before it is on disk.
    await written.catch(() => undefined)
  }
  await expireApplied(db, deps.now())
  const participants = await deps.transport.participants()
  if (participants) {
    await db.transaction('rw', db.participants, async () => {
      await db.participants.clear()
      await db.participants.bulkPut(participants)
    })
  }
}

/** One checked page, its cursor and the clock's observation of its stamps, in one commit. */
async function writePage(
  deps: SyncEngineDeps,
  collections: readonly SyncCollection[],
  synced: readonly Table[],
  answer: {
    changes: Readonly<Record<string, readonly SyncedRecord[]>>
    cursor: string
    reset: boolean
  },
): Promise<void> {
  const { db } = deps
  const { changes } = answer
  let latest: string | null = null
  for (const collection of collections)
    for (const record of changes[collection] ?? [])
      for (const stamp of Object.values(record.stamps))
        if (isEncodedHlc(stamp.hlc) && (latest === null || stamp.hlc > latest)) latest = stamp.hlc
  await db.transaction('rw', [...synced, db.meta, db.appliedBatches, db.notices], async () => {
    // A reset replaces the cached copies only; the outbox is untouched, so unsynced edits
    // survive a server that forgot this device.
    if (answer.reset) await Promise.all(synced.map((table) => table.clear()))
    const watched = await watchedEdits(db)
    for (const collection of collections) {
      const records = changes[collection] ?? []
      await noticeOverwrites(db, collection, records, watched)
      await keepRecords(db, collection, records)
    }
    await forgetSettled(db, watched)
    await db.meta.put({ key: CURSOR_KEY, value: answer.cursor })
    // The clock observes the page's stamps in the same commit (one disk write per page).
    if (latest !== null) await observeStamps(db, [latest], deps.now())
  })
}
