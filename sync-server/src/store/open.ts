// Chooses the store: MongoDB when a URI is configured (production), otherwise the embedded,
// file-backed store under dataDir, so a fresh clone runs with no database server.
import { HISTORY } from '../sync/push'
import { openEmbeddedStore } from './embedded'
import { openMongoStore } from './mongo'
import type { Store } from './port'

/**
 * The collections the embedded store keeps on disk only (docs/0026): the sync history, read only
 * by `_id` (a retried edit's stored answer) and one entry per edit ever applied, so that memory
 * holds what the app reads, not everything it was ever sent.
 */
const DISK_ONLY: readonly string[] = [HISTORY]

export interface StoreConfig {
  mongodbUri?: string
  /** Parent directory of the embedded databases (one subdirectory per database name). */
  dataDir: string
  dbName: string
}

export function openStore(config: StoreConfig): Promise<Store> {
  return config.mongodbUri
    ? openMongoStore(config.mongodbUri, config.dbName)
    : openEmbeddedStore(config.dataDir, config.dbName, DISK_ONLY)
}
