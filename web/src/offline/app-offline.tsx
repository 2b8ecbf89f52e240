// The app's one offline runtime: one local database, one sync engine and one sync loop for the
// whole tab, started by a login's answer (sync-at-login.ts) or by the first screen that needs it
// (it is not needed to show the first page) and kept for the life of the tab. The engine reads the signed-in user at each run, so the queue outlives logout
// and is pushed by the next login that may push it; a login triggers a sync at once. A lapsed
// session (the server said "not signed in") stops pushes until someone signs in again.
import { useMemo, type ComponentType } from 'react'
import { mayPushQueued } from '@lfit/domain/attendance/permissions'
import { liveQuery } from 'dexie'
import { api } from '../api/api'
import { afterFirstScreen } from '../app/first-screen'
import type { EventBus } from '../events/bus'
import { useEventBus } from '../events/context'
import { fetchBookInto } from '../makeups/book/book-store'
import { makeupRequestSender } from '../makeups/signup/sender'
import { checkForUpdate, holdUpdates } from '../pwa/updates'
import { forgotten } from '../session/leaving'
import {
  sessionKnown,
  sessionLapsed,
  sessionState,
  subscribeSession,
  useSession,
  type SessionState,
} from '../session/session'
import { apiTransport } from './api-transport'
import { OfflineContext, type Offline } from './context'
import type { LocalDatabase, OutboxEntry } from './database'
import { deviceDatabase } from './device-database'
import { followDeviceCalendar } from '../calendar/device-calendar'
import { recordEdit } from './outbox'
import { claimDevice } from './personal-data'
import { createSyncEngine, type SyncEngine, type SyncUser } from './sync-engine'
import { acrossTabs, startSyncLoop, type SyncLoop } from './sync-loop'

interface Runtime {
  db: LocalDatabase
  engine: SyncEngine
  loop: SyncLoop
}

let runtime: Runtime | null = null

/** Who may push now: the signed-in user; nobody while the session is lapsed. */
const syncUser = ({ user, lapsed }: SessionState): SyncUser | null =>
  user && !lapsed ? { username: user.username, roles: user.roles } : null

/** The engine's check of a queued edit against the signed-in user. */
const mayPush = (user: SyncUser, entry: OutboxEntry) => mayPushQueued(user, entry.user)

/**
 * Opens the tab's device database without starting the runtime: a login on its way opens it
 * while the call is out (sync-at-login.ts), and reads or writes nothing in it.
 */
export function openDeviceDatabase(): Promise<unknown> {
  return deviceDatabase().open()
}

/**
 * The tab's runtime, started on first use with the app's event bus: the engine reports its states
 * there, and a live poke (or the socket coming back, after pokes may have been missed) pulls.
 */
export function offlineRuntime(bus: EventBus): Runtime {
  if (runtime) return runtime
  const db = deviceDatabase()
  // Opened now, while the first screen renders, not when the first sync reads it (a failure to
  // open is reported by that read).
  db.open().catch(() => undefined)
  // Every pull that changes the calendar's records makes them the tab's calendar (docs/0049).
  followDeviceCalendar(db)
  const engine = createSyncEngine({
    db,
    transport: apiTransport(api),
    now: Date.now,
    currentUser: () => syncUser(sessionState()),
    mayPush,
    exclusive: acrossTabs(),
    // The server speaks another protocol version: find the new build, which loads on the next
    // navigation; the outbox stays in the database for it to push.
    onUpdateRequired: () => void checkForUpdate(),
    onSignedOut: sessionLapsed,
    claimDevice: (username) => claimDevice(db, username),
  })
  // The first sync waits for the first screen and for the session's answer; a login's sync
  // starts long after the first and with the second (docs/0056).
  const loop = startSyncLoop(
    engine,
    window,
    Promise.all([afterFirstScreen(), sessionKnown()]).then(() => undefined),
  )
  let reported = engine.status().state
  engine.subscribe(() => {
    const { state } = engine.status()
    if (state === reported) return
    reported = state
    bus.emit('sync', { state })
  })
  bus.subscribe((event) => {
    if (event.kind !== 'live') return
    const { detail } = event
    if (
      ('message' in detail && detail.message === 'poke') ||
      ('state' in detail && detail.state === 'open')
    ) {
      void engine.syncAfterChange()
    }
  })
  // An update reload waits until every queued edit has reached the server, unless this build can
  // no longer reach it: then only the new build can push them, and they wait in the database.
  let pending = 0
  liveQuery(() => db.outbox.count()).subscribe({ next: (count) => (pending = count) })
  holdUpdates(() => pending > 0 && engine.status().state !== 'updateRequired')
  // Someone signed in (again, or another user): the queue is pushed at once, as soon as the
  // last user's data is forgotten (that holds the sync's lock, and a run would skip meanwhile).
  let who = syncUser(sessionState())?.username
  subscribeSession(() => {
    const next = syncUser(sessionState())?.username
    if (next === who) return
    who = next
    if (next) void forgotten().then(() => engine.resume())
  })
  // After every finished sync the make-up book is fetched again, so sign-ups, sessions and
  // settings changed elsewhere reach the standings shown offline (web/src/makeups/book).
  let bookAfter = engine.status().lastSyncAt
  engine.subscribe(() => {
    const { state, lastSyncAt } = engine.status()
    const username = syncUser(sessionState())?.username
    if (state !== 'idle' || lastSyncAt === bookAfter || !username) return
    bookAfter = lastSyncAt
    void fetchBookInto(db, username)
  })
  runtime = { db, engine, loop }
  // Make-up requests queued offline go out after each sync whatever screen is open.
  makeupRequestSender(engine, async () => {
    const username = syncUser(sessionState())?.username
    return username ? fetchBookInto(db, username) : false
  })
  return runtime
}

/** The tab's runtime once a screen has started it, null before (for code outside React). */
export function startedRuntime(): Runtime | null {
  return runtime
}

const newId = () => crypto.randomUUID()

function OfflineBoundary({ children }: { children: React.ReactNode }) {
  const { user } = useSession()
  const { db, engine, loop } = offlineRuntime(useEventBus())
  const username = user?.username
  const roles = user?.roles.join(',')
  const value = useMemo<Offline>(() => {
    const current = username ? { username, roles: roles ? roles.split(',') : [] } : null
    const queue: Offline['queue'] = async (collection, recordId, fields) => {
      if (!current) throw new Error('sign in to edit')
      const mutation = await recordEdit(
        db,
        { collection, recordId, fields, user: current.username },
        { now: Date.now, newId },
      )
      loop.editMade()
      return mutation
    }
    return {
      db,
      engine,
      user: current,
      async edit(collection, recordId, fields) {
        await queue(collection, recordId, fields)
      },
      queue,
      syncNow() {
        void engine.syncNow()
      },
    }
  }, [db, engine, loop, username, roles])
  return <OfflineContext.Provider value={value}>{children}</OfflineContext.Provider>
}

/** A screen that reads or edits the device's offline data. */
export function withOffline(Screen: ComponentType): ComponentType {
  return function OfflineScreen() {
    return (
      <OfflineBoundary>
        <Screen />
      </OfflineBoundary>
    )
  }
}
