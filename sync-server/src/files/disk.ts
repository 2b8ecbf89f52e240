// The file store on the file system (the embedded default): DATA_DIR/files/ab/cd/<hash>. Bytes are
// written to a temporary file beside the store while they are hashed and renamed into place only
// when complete, so a crash mid-upload never leaves a partial file under a hash, and the rename is
// what makes two concurrent puts of one content end with one copy (docs/architecture.md#files).
// A put cut short by the process dying leaves its temporary file; opening the store sweeps those.
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, readdirSync, rmSync, statSync } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertRangeWithin } from './byte-range'
import {
  CONTENT_HASH,
  FileNotFoundError,
  type ByteRange,
  type FileStore,
  type StoredFile,
} from './port'

/** A temporary file older than this was left by a process that died; a live put is far quicker. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000

export function openDiskFileStore(dataDir: string): FileStore {
  const root = join(dataDir, 'files')
  const staging = join(root, 'staging')
  sweepAbandoned(staging)

  /** The path of a hash; only a well-formed digest ever reaches a path. */
  function pathOf(hash: string): string {
    if (!CONTENT_HASH.test(hash)) throw new FileNotFoundError(hash)
    return join(root, hash.slice(0, 2), hash.slice(2, 4), hash)
  }

  async function statOf(hash: string): Promise<StoredFile | null> {
    if (!CONTENT_HASH.test(hash)) return null
    try {
      return { hash, size: (await stat(pathOf(hash))).size }
    } catch {
      return null
    }
  }

  return {
    kind: 'files',
    async put(source) {
      await mkdir(staging, { recursive: true })
      const temporary = join(staging, randomBytes(16).toString('hex'))
      const digest = createHash('sha256')
      let size = 0
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          digest.update(chunk)
          size += chunk.length
          done(null, chunk)
        },
      })
      try {
        await pipeline(
          source instanceof Readable ? source : Readable.from(source),
          hashing,
          createWriteStream(temporary, { flags: 'wx' }),
        )
        const hash = digest.digest('hex')
        const target = pathOf(hash)
        await mkdir(join(target, '..'), { recursive: true })
        // Same content, same bytes: replacing an existing copy by rename is atomic and harmless.
        await rename(temporary, target)
        return { hash, size }
      } finally {
        await rm(temporary, { force: true })
      }
    },
    stat: statOf,
    async read(hash, range?: ByteRange) {
      const found = await statOf(hash)
      if (!found) throw new FileNotFoundError(String(hash))
      if (range) assertRangeWithin(range, found.size)
      return createReadStream(pathOf(hash), range ? { start: range.start, end: range.end } : {})
    },
    async delete(hash) {
      if (!CONTENT_HASH.test(hash)) return
      await rm(pathOf(hash), { force: true })
    },
    async close() {},
  }
}

function sweepAbandoned(staging: string): void {
  let names: string[]
  try {
    names = readdirSync(staging)
  } catch {
    return // No staging directory yet: nothing was ever put.
  }
  const before = Date.now() - ABANDONED_AFTER_MS
  for (const name of names) {
    const path = join(staging, name)
    try {
      if (statSync(path).mtimeMs < before) rmSync(path, { force: true })
    } catch {
      // Gone meanwhile.
    }
  }
}
