// One local database, sync engine and sync loop for the whole app, handed to screens through
// context so that every screen reads and writes the same queue.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { SyncCollection } from '@lfit/domain/sync/protocol'
import { LocalDatabase, type OutboxEntry } from './database'
import { recordEdit } from './outbox'
import { createSyncEngine, type SyncEngine, type SyncUser } from './sync-engine'
import { acrossTabs, startSyncLoop, type SyncLoop } from './sync-loop'
import type { SyncTransport } from './transport'

export interface Offline {
  db: LocalDatabase
  engine: SyncEngine
  user: SyncUser | null
  /** Writes an edit to the outbox (on disk before it resolves) and schedules a sync. */
  edit(collection: SyncCollection, recordId: string, fields: Record<string, unknown>): Promise<void>
  syncNow(): void
}

const OfflineContext = createContext<Offline | null>(null)

export interface OfflineProviderProps {
  user: SyncUser | null
  transport: SyncTransport
  mayPush: (user: SyncUser, entry: OutboxEntry) => boolean
  children: ReactNode
}

const newId = () => crypto.randomUUID()

export function OfflineProvider({ user, transport, mayPush, children }: OfflineProviderProps) {
  const [db] = useState(() => new LocalDatabase())
  const userKey = user ? `${user.username}|${user.roles.join(',')}` : ''
  const engine = useMemo(
    () =>
      createSyncEngine({
        db,
        transport,
        now: Date.now,
        currentUser: () => user,
        mayPush,
        exclusive: acrossTabs(),
      }),
    // The engine reads the user through a closure; a new login builds a new engine.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [db, transport, mayPush, userKey],
  )
  const [loop, setLoop] = useState<SyncLoop | null>(null)
  useEffect(() => {
    const started = startSyncLoop(engine)
    setLoop(started)
    return () => started.stop()
  }, [engine])

  const value = useMemo<Offline>(
    () => ({
      db,
      engine,
      user,
      async edit(collection, recordId, fields) {
        if (!user) throw new Error('sign in to edit')
        await recordEdit(
          db,
          { collection, recordId, fields, user: user.username },
          { now: Date.now, newId },
        )
        loop?.editMade()
      },
      syncNow() {
        void engine.syncNow()
      },
    }),
    [db, engine, user, loop],
  )
  return <OfflineContext.Provider value={value}>{children}</OfflineContext.Provider>
}

export function useOffline(): Offline {
  const offline = useContext(OfflineContext)
  if (!offline) throw new Error('useOffline outside OfflineProvider')
  return offline
}
