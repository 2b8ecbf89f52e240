// The file store port: bytes addressed by their content hash (SHA-256, hex), so one content is
// stored once however often it is uploaded, and no stored path is ever built from a name a user
// sent (docs/architecture.md#files). Two adapters keep the same contract: the file system under
// DATA_DIR/files/ (the embedded default) and MongoDB GridFS (several servers share the files).
// What a file is called, who uploaded it and where it is used is metadata in the store.
import type { Readable } from 'node:stream'

/** An inclusive byte range of a stored file, as an HTTP range request names it. */
export interface ByteRange {
  start: number
  /** Inclusive; at most size - 1. */
  end: number
}

export interface StoredFile {
  hash: string
  size: number
}

export interface FileStore {
  readonly kind: 'files' | 'gridfs'
  /**
   * Stores the bytes of `source` and answers their hash and size. Storing a content that is
   * already there keeps one copy; two concurrent puts of one content leave one copy too. Bytes
   * are first written aside and become visible under their hash only once complete.
   */
  put(source: Readable | AsyncIterable<Uint8Array>): Promise<StoredFile>
  /** The size of the stored content, or null when there is none with this hash. */
  stat(hash: string): Promise<StoredFile | null>
  /** The bytes (or the inclusive range of them); throws `FileNotFoundError` when absent. */
  read(hash: string, range?: ByteRange): Promise<Readable>
  /** Removes the content; removing an absent hash is not an error. */
  delete(hash: string): Promise<void>
  close(): Promise<void>
}

export class FileNotFoundError extends Error {
  constructor(readonly hash: string) {
    super(`no stored file ${String(hash).slice(0, 12)}`)
    this.name = 'FileNotFoundError'
  }
}

/** A SHA-256 hex digest: the only form a hash may take on the way to a path or a query. */
export const CONTENT_HASH = /^[0-9a-f]{64}$/
