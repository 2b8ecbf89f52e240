// Chooses the file store as the store is chosen (store/open.ts): MongoDB GridFS when a URI is
// configured, so every server instance sees the same files, otherwise DATA_DIR/files/ on disk.
import { openDiskFileStore } from './disk'
import { openGridFsFileStore } from './gridfs'
import type { FileStore } from './port'

export interface FileStoreConfig {
  mongodbUri?: string
  /** The server's data directory; the disk store keeps its files under `files/` in it. */
  dataDir: string
  dbName: string
}

export async function openFileStore(config: FileStoreConfig): Promise<FileStore> {
  return config.mongodbUri
    ? openGridFsFileStore(config.mongodbUri, config.dbName)
    : openDiskFileStore(config.dataDir)
}
