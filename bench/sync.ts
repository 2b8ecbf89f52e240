// Sync benchmark (issue 3), on the embedded store and on the MongoDB wire protocol (MONGODB_URI,
// or the MongoDB-compatible test server): edits per second through upsertBatch in batches of 100
// and 1,000, the time a fresh device takes to pull 100 participants × 300 days of attendance, and
// find latency under 50 concurrent clients. Everything goes over HTTP with msgpack to the real
// app, as a device would. Prints figures only; nothing here asserts on time.
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import {
  SYNC_PROTOCOL_VERSION,
  type Mutation,
  type PullResponse,
  type PushResponse,
} from '@lfit/domain/sync/protocol'
import { createApp } from '../sync-server/src/app'
import { hashPassword } from '../sync-server/src/auth/passwords'
import { loadConfig } from '../sync-server/src/config'
import { openStore } from '../sync-server/src/store/open'
import type { Store } from '../sync-server/src/store/port'
import { ensureSyncIndexes } from '../sync-server/src/sync/changelog'
import { startMongoCompatible } from '../sync-server/test/mongo-compatible/server'
import { attendanceEdits, login, type Api } from './support/api'

const PARTICIPANTS = 100
const DAYS = 300
const FIND_CLIENTS = 50
const FINDS_PER_CLIENT = 20
const EDITOR = 'bench-editor@demo.test'
const PASSWORD = 'bench-password'
const quiet = { info() {}, warn() {}, error() {} }

async function pushAll(api: Api, path: string, all: Mutation[], size: number): Promise<number> {
  const started = performance.now()
  for (let at = 0; at < all.length; at += size) {
    const { results } = await api.call<PushResponse>(path, {
      v: SYNC_PROTOCOL_VERSION,
      batch: all.slice(at, at + size),
    })
    const refused = results.find((result) => result.status !== 'applied')
    if (refused) throw new Error(`bench edit not applied: ${JSON.stringify(refused)}`)
  }
  return all.length / ((performance.now() - started) / 1000)
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

async function benchStore(kind: string, open: (dbName: string) => Promise<Store>) {
  const stores = new Map<string, Promise<Store>>()
  const storeFor = (dbName = 'bench_main') => {
    if (!stores.has(dbName)) {
      stores.set(
        dbName,
        open(dbName).then(async (store) => (await ensureSyncIndexes(store), store)),
      )
    }
    return stores.get(dbName) as Promise<Store>
  }
  const main = await storeFor()
  await main.collection('users').insert({
    _id: EDITOR,
    username: EDITOR,
    roles: ['presenceEditor'],
    status: 'active',
    passwordHash: await hashPassword(PASSWORD),
  })
  const config = loadConfig({ NODE_ENV: 'test', DB_NAME: 'bench_main', DB_NAMES: 'bench_small' })
  const app = createApp({ stores: storeFor, config, clock: Date.now, log: quiet })
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  try {
    const api = await login(`http://127.0.0.1:${port}`, EDITOR, PASSWORD)
    const small = attendanceEdits('bench', 's', 10, DAYS)
    const per100 = await pushAll(api, '/api/db/attendance/upsertBatch?db=bench_small', small, 100)
    const full = attendanceEdits('bench', 'f', PARTICIPANTS, DAYS)
    const per1000 = await pushAll(api, '/api/db/attendance/upsertBatch', full, 1000)

    const pullStarted = performance.now()
    let cursor: string | null = null
    let records = 0
    let pages = 0
    for (let more = true; more; pages++) {
      const page: PullResponse = await api.call('/api/db/attendance/pull', {
        v: SYNC_PROTOCOL_VERSION,
        cursor,
      })
      records += page.changes.attendance.length
      cursor = page.cursor
      more = page.more
    }
    const pullMs = performance.now() - pullStarted

    const latencies: number[] = []
    await Promise.all(
      Array.from({ length: FIND_CLIENTS }, async (_, client) => {
        for (let i = 0; i < FINDS_PER_CLIENT; i++) {
          const started = performance.now()
          await api.call('/api/db/attendance/find', {
            query: {
              participant: `f-p${(client * FINDS_PER_CLIENT + i) % PARTICIPANTS}@demo.test`,
            },
            opts: { limit: 50 },
          })
          latencies.push(performance.now() - started)
        }
      }),
    )
    latencies.sort((a, b) => a - b)
    const row = (label: string, value: string) => console.log(`  ${label.padEnd(52)} ${value}`)
    console.log(`sync on the ${kind} store`)
    row(`upsertBatch, batches of 100 (${small.length} edits)`, `${per100.toFixed(0)} edits/s`)
    row(`upsertBatch, batches of 1,000 (${full.length} edits)`, `${per1000.toFixed(0)} edits/s`)
    row(
      `full pull, ${PARTICIPANTS} participants × ${DAYS} days (${records} records)`,
      `${pullMs.toFixed(0)} ms in ${pages} pages`,
    )
    row(
      `find, ${FIND_CLIENTS} concurrent clients × ${FINDS_PER_CLIENT}`,
      `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    )
  } finally {
    await new Promise((resolve) => server.close(resolve))
    for (const store of stores.values()) {
      const opened = await store
      await opened.drop()
      await opened.close()
    }
  }
}

async function syncBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lfit-bench-'))
  try {
    await benchStore('embedded', (dbName) => openStore({ dataDir, dbName }))
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  const given = process.env.MONGODB_URI
  const server = given ? null : await startMongoCompatible()
  const uri = given ?? (server?.uri as string)
  try {
    await benchStore(given ? 'MongoDB' : 'MongoDB-compatible (mongo-java-server)', (dbName) =>
      openStore({ mongodbUri: uri, dataDir, dbName }),
    )
  } finally {
    await server?.stop()
  }
}

await syncBench()
