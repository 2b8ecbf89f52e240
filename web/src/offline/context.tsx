// What screens get from the device's offline store: the local database, the one sync engine,
// the signed-in user, and the one way to make an edit. Provided by app-offline.tsx.
import { createContext, useContext } from 'react'
import type { Mutation, SyncCollection } from '@lfit/domain/sync/protocol'
import type { LocalDatabase } from './database'
import type { SyncEngine, SyncUser } from './sync-engine'

export interface Offline {
  db: LocalDatabase
  engine: SyncEngine
  user: SyncUser | null
  /** Writes an edit to the outbox (on disk before it resolves) and schedules a sync. */
  edit(collection: SyncCollection, recordId: string, fields: Record<string, unknown>): Promise<void>
  /** As `edit`, answering the edit as queued: a screen may show it before its live query does. */
  queue(
    collection: SyncCollection,
    recordId: string,
    fields: Record<string, unknown>,
  ): Promise<Mutation>
  syncNow(): void
}

export const OfflineContext = createContext<Offline | null>(null)

export function useOffline(): Offline {
  const offline = useContext(OfflineContext)
  if (!offline) throw new Error('useOffline outside OfflineContext')
  return offline
}
