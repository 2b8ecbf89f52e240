// The file store in MongoDB GridFS, so several server instances behind a load balancer share one
// set of files (docs/architecture.md#files). A content is one GridFS file named by its hash.
//
// Bytes are uploaded under a staging name while they are hashed; only the rename to the hash
// makes them visible. A unique index on the name is what keeps one copy per content: when two
// puts of one content race, the second rename is refused and that put drops its own staged copy.
// Each upload is first noted in a staging collection, so chunks a crashed process left behind
// (GridFS writes the file document only after the last chunk) are swept when a store opens.
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { GridFSBucket, MongoClient, MongoServerError, ObjectId, type Db } from 'mongodb'
import { assertRangeWithin } from './byte-range'
import {
  CONTENT_HASH,
  FileNotFoundError,
  type ByteRange,
  type FileStore,
  type StoredFile,
} from './port'

/** GridFS keeps `contents.files` and `contents.chunks`; `files` is the metadata collection. */
const BUCKET = 'contents'
/** Uploads older than this were left by a process that died; a live one finishes far sooner. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000
const DUPLICATE_KEY = 11000

interface Staged {
  _id: ObjectId
  startedAt: Date
}

export async function openGridFsFileStore(uri: string, dbName: string): Promise<FileStore> {
  const client = await new MongoClient(uri).connect()
  try {
    const db = client.db(dbName)
    const store = createGridFsFileStore(db)
    await prepare(db)
    return { ...store, close: () => client.close() }
  } catch (error) {
    await client.close()
    throw error
  }
}

async function prepare(db: Db): Promise<void> {
  await db
    .collection(`${BUCKET}.files`)
    .createIndex({ filename: 1 }, { unique: true, name: 'one_copy_per_content' })
  const staging = db.collection<Staged>(`${BUCKET}.staging`)
  const abandoned = await staging
    .find({ startedAt: { $lt: new Date(Date.now() - ABANDONED_AFTER_MS) } })
    .toArray()
  for (const { _id } of abandoned) await discard(db, _id)
}

/** Removes a staged upload: its chunks, its file document if it got one, and its note. */
async function discard(db: Db, id: ObjectId): Promise<void> {
  await db.collection(`${BUCKET}.chunks`).deleteMany({ files_id: id })
  await db.collection(`${BUCKET}.files`).deleteOne({ _id: id })
  await db.collection<Staged>(`${BUCKET}.staging`).deleteOne({ _id: id })
}

function createGridFsFileStore(db: Db): FileStore {
  const bucket = new GridFSBucket(db, { bucketName: BUCKET })
  const files = db.collection<{ _id: ObjectId; filename: string; length: number }>(
    `${BUCKET}.files`,
  )
  const staging = db.collection<Staged>(`${BUCKET}.staging`)

  /** The stored file of a hash; only a well-formed digest ever reaches a query. */
  async function find(hash: string) {
    if (typeof hash !== 'string' || !CONTENT_HASH.test(hash)) return null
    return files.findOne({ filename: hash })
  }

  /** Names a complete upload by its hash, or drops it when that content is already stored. */
  async function publish(id: ObjectId, hash: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await files.updateOne({ _id: id }, { $set: { filename: hash } })
        return
      } catch (error) {
        if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error
      }
      // Another put stored this content first. Unless it was deleted meanwhile, keep theirs.
      if (await find(hash)) {
        await discard(db, id)
        return
      }
      if (attempt === 3) throw new Error(`could not store ${hash.slice(0, 12)}: it keeps changing`)
    }
  }

  return {
    kind: 'gridfs',
    async put(source) {
      const id = new ObjectId()
      await staging.insertOne({ _id: id, startedAt: new Date() })
      const upload = bucket.openUploadStreamWithId(id, `staging-${id.toHexString()}`)
      // Its errors reach the write callbacks and `finished` below; without a listener they would
      // also be thrown as an unhandled 'error' event.
      upload.on('error', () => undefined)
      const digest = createHash('sha256')
      let size = 0
      try {
        // One chunk at a time, each written before the next is read: when the source fails,
        // no chunk insert is still in flight to land after the cleanup below.
        for await (const chunk of source instanceof Readable ? source : Readable.from(source)) {
          const bytes = chunk as Uint8Array
          digest.update(bytes)
          size += bytes.length
          await new Promise<void>((resolve, reject) =>
            upload.write(bytes, (error) => (error ? reject(error) : resolve())),
          )
        }
        upload.end()
        await finished(upload)
        const hash = digest.digest('hex')
        await publish(id, hash)
        await staging.deleteOne({ _id: id })
        return { hash, size }
      } catch (error) {
        upload.destroy()
        await discard(db, id)
        throw error
      }
    },
    async stat(hash): Promise<StoredFile | null> {
      const found = await find(hash)
      return found ? { hash, size: found.length } : null
    },
    async read(hash, range?: ByteRange) {
      const found = await find(hash)
      if (!found) throw new FileNotFoundError(String(hash))
      if (range) assertRangeWithin(range, found.length)
      // GridFS's `end` is exclusive, an HTTP range's is inclusive.
      return bucket.openDownloadStream(
        found._id,
        range ? { start: range.start, end: range.end + 1 } : {},
      )
    },
    async delete(hash) {
      if (typeof hash !== 'string' || !CONTENT_HASH.test(hash)) return
      const removed = await files.findOneAndDelete({ filename: hash })
      if (removed) await db.collection(`${BUCKET}.chunks`).deleteMany({ files_id: removed._id })
    },
    async close() {},
  }
}
