// The `files` collection: what each stored content is called, its sniffed type, who uploaded it
// and from which upload (docs/architecture.md#files). Several records may name one hash (the same
// content uploaded twice, under two names); the bytes go when nothing names them (content-users.ts).
import { randomBytes } from 'node:crypto'
import type { FileRef } from '@lfit/domain/materials/material'
import type { Store } from '../store/port'
import type { FileMeta } from './access'

export const FILES = 'files'

/** A record as stored: the shared metadata plus the upload it came from. */
export interface StoredFileMeta extends FileMeta {
  /** The tus upload id, so a client that lost the last answer can still learn its file. */
  uploadId: string
}

/** A file id: 128 random bits, base64url; anything else is not looked up at all. */
export const FILE_ID = /^[A-Za-z0-9_-]{22}$/

export function newFileId(): string {
  return randomBytes(16).toString('base64url')
}

export function fileRefOf(meta: FileMeta): FileRef {
  return { fileId: meta._id, name: meta.name, size: meta.size, type: meta.type }
}

export class FileRecords {
  private indexed: Promise<void> | undefined

  constructor(private readonly stores: () => Promise<Store>) {}

  private async collection() {
    const files = (await this.stores()).collection(FILES)
    this.indexed ??= Promise.all([
      files.ensureIndex({ key: { hash: 1 } }),
      files.ensureIndex({ key: { uploadId: 1 } }),
    ]).then(() => undefined)
    await this.indexed
    return files
  }

  async insert(meta: StoredFileMeta): Promise<void> {
    await (await this.collection()).insert({ ...meta })
  }

  async byId(id: string): Promise<StoredFileMeta | null> {
    if (!FILE_ID.test(id)) return null
    return (await (await this.collection()).findById(id)) as StoredFileMeta | null
  }

  /** The record an upload of `uploadedBy` ended in, if it finished. */
  async byUpload(uploadId: string, uploadedBy: string): Promise<StoredFileMeta | null> {
    const found = await (await this.collection()).findOne({ uploadId, uploadedBy })
    return found as StoredFileMeta | null
  }

  /** Newest first, at most `limit`. */
  async list(limit: number): Promise<StoredFileMeta[]> {
    const found = await (await this.collection()).find({}, { sort: { uploadedAt: -1 }, limit })
    return found as unknown as StoredFileMeta[]
  }

  async remove(id: string): Promise<void> {
    await (await this.collection()).deleteOne({ _id: id })
  }
}
