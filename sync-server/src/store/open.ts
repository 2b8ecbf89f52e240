// Chooses the store: MongoDB when a URI is configured (production), otherwise the embedded,
// file-backed store under dataDir, so a fresh clone runs with no database server.
import { openEmbeddedStore } from './embedded'
import { openMongoStore } from './mongo'
import type { Store } from './port'

export interface StoreConfig {
  mongodbUri?: string
  /** Parent directory of the embedded databases (one subdirectory per database name). */
  dataDir: string
  dbName: string
}

export function openStore(config: StoreConfig): Promise<Store> {
  return config.mongodbUri
    ? openMongoStore(config.mongodbUri, config.dbName)
    : openEmbeddedStore(config.dataDir, config.dbName)
}
