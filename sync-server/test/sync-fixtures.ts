// Shared pieces of the sync tests: a fresh store of either kind, users, and a small edit builder.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { inject } from 'vitest'
import { SYNC_COLLECTIONS, type Mutation, type SyncCollection } from '@lfit/domain/sync/protocol'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { openStore } from '../src/store/open'
import type { Doc, Store } from '../src/store/port'
import type { SyncUser, SyncContext } from '../src/sync/context'

export const STORE_KINDS = ['embedded', 'mongodb'] as const
export type StoreKind = (typeof STORE_KINDS)[number]

export interface TestStore {
  store: Store
  /** Where the database is, for another process to open (uri is empty for the embedded store). */
  connection: { uri: string; dbName: string; dataDir: string }
  /**
   * Another connection to the same database, as a second server process would have. The
   * embedded store belongs to one process by design, so there it answers the same store.
   */
  reopen(): Promise<Store>
  close(): Promise<void>
}

export async function openTestStore(kind: StoreKind): Promise<TestStore> {
  const dbName = `sync_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const dataDir = mkdtempSync(join(tmpdir(), 'lfit-sync-'))
  const config =
    kind === 'mongodb' ? { mongodbUri: inject('mongoUri'), dataDir, dbName } : { dataDir, dbName }
  const opened: Store[] = []
  const open = async () => {
    const store = await openStore(config)
    opened.push(store)
    return store
  }
  const store = await open()
  return {
    store,
    connection: { uri: config.mongodbUri ?? '', dbName, dataDir },
    reopen: kind === 'mongodb' ? open : async () => store,
    async close() {
      if (kind === 'mongodb') await store.drop()
      for (const each of opened.reverse()) await each.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export const EDITOR: SyncUser = {
  username: 'presenceeditor@demo.test',
  roles: ['presenceEditor'],
}
export const ADMIN: SyncUser = { username: 'admin@demo.test', roles: ['admin'] }
export const participant = (name: string): SyncUser => ({
  username: `${name}@demo.test`,
  roles: ['participant'],
})

/** 2026-11-23 12:00 in Ljubljana: after the study day below. */
export const NOW = Date.UTC(2026, 10, 23, 11, 0)
export const DAY = 'lfit_20261116'

export function context(store: Store, user: SyncUser, now = NOW): SyncContext {
  return { store, user, now }
}

/**
 * An edit of `recordId` made on `device` at wall time `wall` (distinct walls per device make
 * distinct stamps); a fresh id unless one is given.
 */
export function edit(
  recordId: string,
  fields: Record<string, unknown>,
  options: { device?: string; wall?: number; id?: string; collection?: SyncCollection } = {},
): Mutation {
  const device = options.device ?? 'tablet-a'
  return {
    id: options.id ?? `m-${randomUUID()}`,
    collection: options.collection ?? 'attendance',
    recordId,
    hlc: encodeHlc({ wall: options.wall ?? NOW, counter: 0, node: device }),
    deviceId: device,
    fields,
  }
}

export const attendanceOf = (name: string, day = DAY) => `${day}:${name}@demo.test`

/** Every synced record on the server, by `{collection}/{_id}`, without the server's `rev`. */
export async function serverState(store: Store): Promise<Map<string, Doc>> {
  const state = new Map<string, Doc>()
  for (const collection of SYNC_COLLECTIONS) {
    for (const { rev: _rev, ...doc } of await store.collection(collection).find({})) {
      state.set(`${collection}/${doc._id as string}`, doc)
    }
  }
  return state
}
