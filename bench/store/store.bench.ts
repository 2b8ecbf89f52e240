// Store figures for both adapters: the embedded store in a temp dir, and the MongoDB adapter
// against MONGODB_URI or the MongoDB-compatible test server. Prints figures only; no asserts.
// Run: node --import tsx bench/store/store.bench.ts
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../../sync-server/src/store/open'
import type { BulkUpsertOp, Store } from '../../sync-server/src/store/port'
import { startMongoCompatible } from '../../sync-server/test/mongo-compatible/server'

const people = 200
const days = 50

async function time(label: string, run: () => Promise<unknown>) {
  const started = performance.now()
  const result = await run()
  const ms = performance.now() - started
  const note = typeof result === 'number' ? ` (${result})` : ''
  console.log(`  ${label.padEnd(52)} ${ms.toFixed(0).padStart(6)} ms${note}`)
}

async function bench(store: Store) {
  const att = store.collection('attendance')
  await att.ensureIndex({ key: { person: 1, day: 1 }, unique: true })
  const ops: BulkUpsertOp[] = []
  for (let p = 0; p < people; p++) {
    for (let d = 0; d < days; d++) {
      ops.push({
        filter: { person: `p${p}`, day: d },
        update: { $set: { status: d % 7 === 0 ? 'absent' : 'present', hours: 3 } },
      })
    }
  }
  await time(`bulkUpsert ${ops.length} new records`, () => att.bulkUpsert(ops))
  await time('bulkUpsert the same records again (all matched)', () => att.bulkUpsert(ops))
  await time('200 sequential upserts (each durable)', async () => {
    for (let i = 0; i < 200; i++) {
      await att.upsert({ person: `p${i}`, day: 0 }, { $set: { note: `n${i}` } })
    }
  })
  await time('200 concurrent findOneAndUpdate $inc on one counter', async () => {
    const counters = store.collection('counters')
    await Promise.all(
      Array.from({ length: 200 }, () =>
        counters.findOneAndUpdate({ _id: 'seq' }, { $inc: { value: 1 } }, { upsert: true }),
      ),
    )
    return (await counters.findById('seq'))?.value
  })
  await time('100 finds of one person, sorted by day', async () => {
    let found = 0
    for (let i = 0; i < 100; i++) {
      found += (await att.find({ person: `p${i}` }, { sort: { day: 1 } })).length
    }
    return found
  })
  await time('count absences', () => att.count({ status: 'absent' }))
  await time('aggregate $match/$group/$sort hours per person', async () => {
    const rows = await att.aggregate([
      { $match: { status: 'present' } },
      { $group: { _id: '$person', hours: { $sum: '$hours' } } },
      { $sort: { hours: -1 } },
    ])
    return rows.length
  })
  await time('deleteMany everything', async () => (await att.deleteMany({})).deleted)
}

const dataDir = mkdtempSync(join(tmpdir(), 'lfit-store-bench-'))
try {
  console.log('embedded store (lmdb + mingo)')
  const embedded = await openStore({ dataDir, dbName: 'bench' })
  await bench(embedded)
  await embedded.close()

  const server = process.env.MONGODB_URI ? undefined : await startMongoCompatible()
  const uri = process.env.MONGODB_URI ?? server!.uri
  console.log(`mongodb store (${server ? 'MongoDB-compatible test server' : 'MONGODB_URI'})`)
  const mongo = await openStore({ mongodbUri: uri, dataDir, dbName: `bench_${Date.now()}` })
  try {
    await bench(mongo)
  } finally {
    await mongo.drop()
    await mongo.close()
    await server?.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
