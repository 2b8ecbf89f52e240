// File store throughput: a 200 MB file put into and read back from both adapters (the disk store
// in a temp dir, GridFS against MONGODB_URI or the MongoDB-compatible test server), beside a floor
// measured in the same run on the same bytes: a raw `fs` stream copy and a raw `fs` read. Prints
// MB/s (1 MB = 10^6 bytes) and the load average; asserts nothing.
// Run: node --import tsx bench/files.ts
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable, type Readable } from 'node:stream'
import { finished, pipeline } from 'node:stream/promises'
import { openFileStore } from '../sync-server/src/files/open'
import type { FileStore } from '../sync-server/src/files/port'
import { startMongoCompatible } from '../sync-server/test/mongo-compatible/server'

const size = 200_000_000
const dir = mkdtempSync(join(tmpdir(), 'lfit-files-bench-'))
const source = join(dir, 'source.bin')

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/** A sink that drops what it gets, so a read is timed without a second write. */
const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done()
    },
  })

async function timed(label: string, run: () => Promise<unknown>) {
  const started = performance.now()
  await run()
  const seconds = (performance.now() - started) / 1000
  const rate = size / 1e6 / seconds
  console.log(
    `  ${label.padEnd(44)} ${rate.toFixed(0).padStart(5)} MB/s  (${seconds.toFixed(2)} s, load ${load()})`,
  )
}

async function writeSource() {
  // Random bytes, so nothing on the way can compress them; one block repeated keeps it quick.
  const block = randomBytes(4_000_000)
  const out = createWriteStream(source)
  for (let written = 0; written < size; written += block.length) {
    if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
  }
  out.end()
  await finished(out)
}

async function bench(label: string, store: FileStore) {
  console.log(label)
  let hash = ''
  await timed('upload (put from a file)', async () => {
    hash = (await store.put(createReadStream(source))).hash
  })
  await timed('upload of the same content again (one copy)', () =>
    store.put(createReadStream(source)),
  )
  await timed('download (read to the end)', async () =>
    pipeline((await store.read(hash)) as Readable, discard()),
  )
  await store.delete(hash)
}

try {
  console.log(`file store throughput, ${size / 1e6} MB file, load average ${load()}`)
  await writeSource()
  console.log('floor (same bytes, same disk)')
  await timed('raw fs stream copy', () =>
    pipeline(createReadStream(source), createWriteStream(join(dir, 'copy.bin'))),
  )
  await timed('raw fs read', () => pipeline(createReadStream(source), discard()))
  rmSync(join(dir, 'copy.bin'))

  const disk = await openFileStore({ dataDir: dir, dbName: 'bench' })
  await bench('disk store (DATA_DIR/files)', disk)
  await disk.close()

  // The compatible server keeps everything in its heap; the 256 MB it starts with cannot hold
  // 200 MB of chunks and a cursor over them (the read stalls), so this run gives it more.
  // _JAVA_OPTIONS is read after the command line, so it wins over the launcher's -Xmx.
  if (!process.env.MONGODB_URI) process.env._JAVA_OPTIONS = '-Xmx1g'
  const server = process.env.MONGODB_URI ? undefined : await startMongoCompatible()
  const uri = process.env.MONGODB_URI ?? server!.uri
  const dbName = `bench_files_${Date.now()}`
  const gridfs = await openFileStore({ mongodbUri: uri, dataDir: dir, dbName })
  try {
    await bench(
      `GridFS store (${server ? 'MongoDB-compatible test server, in memory' : 'MONGODB_URI'})`,
      gridfs,
    )
  } finally {
    await gridfs.close()
    await server?.stop()
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
