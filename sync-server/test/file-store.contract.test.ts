// One contract for both file stores: the disk store in a temp dir, and GridFS over the real wire
// protocol (MONGODB_URI, or the compatible server from global-setup), each in its own directory or
// database. Each adapter also says how to count what it keeps, so a test can see that one content
// is one copy and that a failed put leaves nothing behind, staged or not.
import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { Readable } from 'node:stream'
import { Binary, GridFSBucket, MongoClient, ObjectId } from 'mongodb'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openFileStore } from '../src/files/open'
import { FileNotFoundError, type FileStore } from '../src/files/port'

interface Adapter {
  open(): Promise<FileStore>
  /** How many stored copies of a content there are, counted where the adapter keeps them. */
  copies(hash: string): Promise<number>
  /** Everything the adapter holds, staged or stored: a leftover changes this count. */
  footprint(): Promise<number>
  /** Puts bytes where a name that reached a path or a query would find them. */
  plant(name: string): Promise<void>
  planted(name: string): Promise<boolean>
  /** Leaves what a process killed two hours ago in the middle of a put would have left. */
  leaveCrashedPut(): Promise<void>
  cleanUp(): Promise<void>
}

function diskAdapter(): Adapter {
  const dataDir = mkdtempSync(join(tmpdir(), 'lfit-files-'))
  const everyFile = () =>
    existsSync(join(dataDir, 'files'))
      ? readdirSync(join(dataDir, 'files'), { recursive: true, withFileTypes: true }).filter(
          (entry) => entry.isFile(),
        )
      : []
  // The layout is files/ab/cd/<hash>: a name of "../x" would be joined to files/../x/../x.
  const target = (name: string) => join(dataDir, basename(name))
  return {
    open: () => openFileStore({ dataDir, dbName: 'unused' }),
    copies: async (hash) => everyFile().filter((entry) => entry.name === hash).length,
    footprint: async () => everyFile().length,
    plant: async (name) => writeFileSync(target(name), 'outside the store'),
    planted: async (name) => existsSync(target(name)),
    leaveCrashedPut: async () => {
      const staged = join(dataDir, 'files', 'staging', randomBytes(16).toString('hex'))
      mkdirSync(join(staged, '..'), { recursive: true })
      writeFileSync(staged, content.subarray(0, 1000))
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
      utimesSync(staged, twoHoursAgo, twoHoursAgo)
    },
    cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

function gridFsAdapter(): Adapter {
  const uri = inject('mongoUri')
  const dbName = `files_${randomBytes(4).toString('hex')}`
  const client = new MongoClient(uri)
  const db = client.db(dbName)
  const bucket = 'contents'
  return {
    open: () => openFileStore({ mongodbUri: uri, dataDir: '/nonexistent', dbName }),
    copies: (hash) => db.collection(`${bucket}.files`).countDocuments({ filename: hash }),
    footprint: async () => {
      const counts = await Promise.all(
        ['files', 'chunks', 'staging'].map((c) =>
          db.collection(`${bucket}.${c}`).countDocuments({}),
        ),
      )
      return counts.reduce((a, b) => a + b, 0)
    },
    plant: async (name) => {
      const upload = new GridFSBucket(db, { bucketName: bucket }).openUploadStream(name)
      await new Promise((resolve, reject) =>
        upload.end(Buffer.from('outside the store'), (error?: Error | null) =>
          error ? reject(error) : resolve(undefined),
        ),
      )
    },
    planted: async (name) =>
      (await db.collection(`${bucket}.files`).countDocuments({ filename: name })) === 1,
    leaveCrashedPut: async () => {
      const id = new ObjectId()
      await db
        .collection(`${bucket}.staging`)
        .insertOne({ _id: id, startedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      await db.collection(`${bucket}.chunks`).insertMany([
        { files_id: id, n: 0, data: new Binary(content.subarray(0, 1000)) },
        { files_id: id, n: 1, data: new Binary(content.subarray(1000, 2000)) },
      ])
    },
    cleanUp: async () => {
      await db.dropDatabase()
      await client.close()
    },
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of stream) parts.push(part as Buffer)
  return Buffer.concat(parts)
}

/** Larger than three GridFS chunks (255 KiB each), so ranges cross chunk boundaries. */
const content = randomBytes(800_000)
const hash = sha256(content)

/** A source that yields the first two parts of `content`, then fails like a dropped connection. */
async function* failingMidway(): AsyncGenerator<Uint8Array> {
  yield content.subarray(0, 300_000)
  yield content.subarray(300_000, 600_000)
  throw new Error('connection lost')
}

const adapters: [FileStore['kind'], () => Adapter][] = [
  ['files', diskAdapter],
  ['gridfs', gridFsAdapter],
]

describe.each(adapters)('%s file store', (kind, makeAdapter) => {
  const adapter = makeAdapter()
  let store: FileStore

  beforeAll(async () => {
    store = await adapter.open()
  })
  afterAll(async () => {
    await store.close()
    await adapter.cleanUp()
  })

  it('reports its kind', () => {
    expect(store.kind).toBe(kind)
  })

  it('stores bytes under their SHA-256 and reads them back, from a stream or an iterable', async () => {
    expect(await store.put(Readable.from([content]))).toEqual({ hash, size: content.length })
    expect(await store.stat(hash)).toEqual({ hash, size: content.length })
    expect((await bytesOf(await store.read(hash))).equals(content)).toBe(true)

    const small = Buffer.from('Gradivo za 1. letnik')
    async function* parts() {
      yield small.subarray(0, 7)
      yield small.subarray(7)
    }
    expect(await store.put(parts())).toEqual({ hash: sha256(small), size: small.length })
    expect((await bytesOf(await store.read(sha256(small)))).toString()).toBe(small.toString())
  })

  it('stores an empty content', async () => {
    const empty = sha256(new Uint8Array())
    expect(await store.put(Readable.from([]))).toEqual({ hash: empty, size: 0 })
    expect(await store.stat(empty)).toEqual({ hash: empty, size: 0 })
    expect((await bytesOf(await store.read(empty))).length).toBe(0)
  })

  it('keeps one copy of a content stored twice', async () => {
    await store.put(Readable.from([content]))
    const before = await adapter.footprint()
    expect(await store.put(Readable.from([content]))).toEqual({ hash, size: content.length })
    expect(await adapter.copies(hash)).toBe(1)
    expect(await adapter.footprint()).toBe(before)
  })

  it('keeps one copy when several puts of one content run at once, and nothing else', async () => {
    const same = randomBytes(600_000)
    const before = await adapter.footprint()
    const results = await Promise.all(
      Array.from({ length: 4 }, () => store.put(Readable.from([same]))),
    )
    expect(new Set(results.map((r) => r.hash))).toEqual(new Set([sha256(same)]))
    expect(await adapter.copies(sha256(same))).toBe(1)
    expect((await bytesOf(await store.read(sha256(same)))).equals(same)).toBe(true)
    // Deleting the one copy brings the store back to where it was: no loser left chunks behind.
    await store.delete(sha256(same))
    expect(await adapter.footprint()).toBe(before)
  })

  describe('ranges (inclusive, as HTTP names them)', () => {
    beforeAll(async () => {
      await store.put(Readable.from([content]))
    })
    const last = content.length - 1
    it.each([
      ['the first byte', 0, 0],
      ['the last byte', last, last],
      ['the middle, across chunk boundaries', 261_000, 530_000],
      ['a range inside one chunk', 300_000, 300_009],
      ['from a byte to the end', 700_000, last],
      ['the whole file', 0, last],
    ])('reads %s', async (_what, start, end) => {
      const bytes = await bytesOf(await store.read(hash, { start, end }))
      expect(bytes.length).toBe(end - start + 1)
      expect(bytes.equals(content.subarray(start, end + 1))).toBe(true)
    })
    // The HTTP side answers such a request 416; a store that got one anyway refuses it up front
    // rather than streaming a short file or failing midway.
    it.each([
      ['ending past the last byte', 0, content.length],
      ['starting past the last byte', content.length, content.length],
      ['reversed', 10, 5],
      ['starting before the first byte', -1, 3],
      ['not whole bytes', 0.5, 3],
    ])('refuses a range %s with a RangeError', async (_what, start, end) => {
      await expect(store.read(hash, { start, end })).rejects.toBeInstanceOf(RangeError)
    })
  })

  it('answers an absent content: stat null, read FileNotFoundError', async () => {
    const absent = sha256(Buffer.from('never stored'))
    expect(await store.stat(absent)).toBeNull()
    await expect(store.read(absent)).rejects.toBeInstanceOf(FileNotFoundError)
    await expect(store.read(absent, { start: 0, end: 0 })).rejects.toBeInstanceOf(FileNotFoundError)
  })

  describe('a malformed hash never reaches a path or a query and is absent', () => {
    const traversal = '../planted'
    beforeAll(async () => {
      await adapter.plant(traversal)
    })
    it.each([
      ['a traversal to planted bytes', traversal],
      ['a traversal to a system file', '../../etc/passwd'],
      ['an uppercase digest', hash.toUpperCase()],
      ['a digest prefix', hash.slice(0, 12)],
      ['a digest with a trailing newline', `${hash}\n`],
      ['an empty name', ''],
      ['a query operator', { $ne: '' } as unknown as string],
    ])('%s', async (_what, name) => {
      expect(await store.stat(name)).toBeNull()
      await expect(store.read(name)).rejects.toBeInstanceOf(FileNotFoundError)
      await store.delete(name)
      expect(await adapter.planted(traversal)).toBe(true)
      expect(await store.stat(hash)).toEqual({ hash, size: content.length })
    })
  })

  it('deletes a content, and deleting an absent one is not an error', async () => {
    const bytes = randomBytes(1000)
    const { hash: stored } = await store.put(Readable.from([bytes]))
    await store.delete(stored)
    expect(await store.stat(stored)).toBeNull()
    await expect(store.read(stored)).rejects.toBeInstanceOf(FileNotFoundError)
    expect(await adapter.copies(stored)).toBe(0)
    await store.delete(stored)
    // Stored again after a delete, it is there again.
    await store.put(Readable.from([bytes]))
    expect(await store.stat(stored)).toEqual({ hash: stored, size: 1000 })
  })

  it('leaves nothing, visible or staged, when the source fails midway', async () => {
    const before = await adapter.footprint()
    await expect(store.put(failingMidway())).rejects.toThrow('connection lost')
    await expect(store.put(Readable.from(failingMidway()))).rejects.toThrow('connection lost')
    expect(await adapter.footprint()).toBe(before)
    expect(await store.stat(sha256(content.subarray(0, 600_000)))).toBeNull()
  })

  it('ends a read quietly when its reader goes away midway, and reads whole after', async () => {
    await store.put(Readable.from([content]))
    // As a download whose client disconnected: the web stream handed to the response is
    // cancelled after its first chunk (docs/0029-a-connection-fault-ends-only-that-connection.md).
    const reads = await Promise.all([
      store.read(hash),
      store.read(hash, { start: 1, end: 700_000 }),
    ])
    for (const read of reads) {
      const reader = (Readable.toWeb(read) as ReadableStream<Uint8Array>).getReader()
      expect((await reader.read()).done).toBe(false)
      await reader.cancel(new Error('the client went away'))
      expect(read.destroyed).toBe(true)
    }
    expect(sha256(await bytesOf(await store.read(hash)))).toBe(hash)
  })

  it('sweeps, when it opens, what a put killed with its process left staged', async () => {
    const before = await adapter.footprint()
    await adapter.leaveCrashedPut()
    expect(await adapter.footprint()).toBeGreaterThan(before)
    const reopened = await adapter.open()
    try {
      expect(await adapter.footprint()).toBe(before)
      expect(await reopened.stat(hash)).toEqual({ hash, size: content.length })
    } finally {
      await reopened.close()
    }
  })
})
