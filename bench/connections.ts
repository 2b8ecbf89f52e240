// Connection benchmark (issue 9): find and pull over HTTP with msgpack at 50 and 200 concurrent
// keep-alive connections against the real app on the embedded store, served the way main.ts
// serves it (timeouts, connection caps, the API admission queue), with throughput, p50/p99
// latency, the 503s the admission queue answered, and the load average; the same app without
// admission (every request at once) is measured alongside. As a floor, measured in
// the same run with the same client, a bare Hono app on @hono/node-server answers the same
// bytes; the ratio says how much of the time is the app's own work. Clients run in this process
// too, so both sides share the machine. Prints figures only; nothing here asserts on time.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { schedule } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { SYNC_PROTOCOL_VERSION, type Mutation } from '@lfit/domain/sync/protocol'
import { createApp } from '../sync-server/src/app'
import { hashPassword } from '../sync-server/src/auth/passwords'
import { loadConfig } from '../sync-server/src/config'
import { MSGPACK, pack } from '../sync-server/src/http/msgpack'
import { listen } from '../sync-server/src/http/server'
import { openStore } from '../sync-server/src/store/open'
import { ensureSyncIndexes } from '../sync-server/src/sync/changelog'

const PARTICIPANTS = 40
const DAYS = 100
const EDITOR = 'bench-editor@demo.test'
const PASSWORD = 'bench-password'
const LEVELS = [50, 200] as const
/** Requests per level and call: enough for a stable p99, few enough to finish in seconds. */
const REQUESTS = { find: 4_000, pull: 400 } as const
const quiet = { info() {}, warn() {}, error() {} }

interface Reply {
  status: number
  body: Buffer
}

function post(agent: Agent, port: number, path: string, body: Uint8Array, cookie = '') {
  return new Promise<Reply>((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': MSGPACK,
          'content-length': body.length,
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
        )
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

interface Figures {
  perSecond: number
  p50: number
  p99: number
  busy: number
  /** Connections the server reset or closed under the call. */
  failed: number
  load: number
}

/** `total` calls over `connections` keep-alive connections, each connection one call at a time. */
async function load(
  port: number,
  connections: number,
  total: number,
  call: (agent: Agent, port: number, index: number) => Promise<Reply>,
): Promise<Figures> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let busy = 0
  let failed = 0
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < total) {
        const index = next++
        const begun = performance.now()
        const reply = await call(agent, port, index).catch(() => null)
        latencies.push(performance.now() - begun)
        if (reply === null) failed += 1
        else if (reply.status === 503) busy += 1
        else if (reply.status !== 200) throw new Error(`answer ${reply.status}`)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    perSecond: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    busy,
    failed,
    load: loadavg()[0] as number,
  }
}

function listening(server: Server): Promise<number> {
  return new Promise((resolve) => {
    const done = () => resolve((server.address() as AddressInfo).port)
    if (server.listening) done()
    else server.once('listening', done)
  })
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve))

async function connectionsBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lfit-bench-conn-'))
  const store = await openStore({ dataDir, dbName: 'bench_conn' })
  await ensureSyncIndexes(store)
  await store.collection('users').insert({
    _id: EDITOR,
    username: EDITOR,
    roles: ['presenceEditor'],
    status: 'active',
    passwordHash: await hashPassword(PASSWORD),
  })
  // Served as main.ts serves it; every client here is 127.0.0.1, so the per-address cap is off.
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DB_NAME: 'bench_conn' }),
    host: '127.0.0.1',
    port: 0,
    maxConnectionsPerClient: 0,
    // Shared by both apps below, so one login serves both.
    sessionSecret: randomBytes(32).toString('base64url'),
  }
  const app = createApp({ stores: async () => store, config, clock: Date.now, log: quiet })
  const server = listen(app, config)
  const port = await listening(server)
  // The same app with admission out of the way (every request starts at once), for comparison.
  const unlimitedConfig = { ...config, apiConcurrency: 1_000_000, apiQueueLength: 0 }
  const unlimited = listen(
    createApp({ stores: async () => store, config: unlimitedConfig, clock: Date.now, log: quiet }),
    unlimitedConfig,
  )
  const unlimitedPort = await listening(unlimited)
  let bare: Server | null = null
  try {
    const agent = new Agent({ keepAlive: true })
    const login = await new Promise<string>((resolve, reject) => {
      const body = pack({ username: EDITOR, password: PASSWORD })
      const outgoing = request(
        {
          agent,
          host: '127.0.0.1',
          port,
          path: '/api/auth/login',
          method: 'POST',
          headers: { 'content-type': MSGPACK, 'content-length': body.length },
        },
        (response) => {
          response.resume()
          const cookie = String(response.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? ''
          if (response.statusCode === 200) resolve(cookie)
          else reject(new Error(`bench login failed: ${response.statusCode}`))
        },
      )
      outgoing.on('error', reject)
      outgoing.end(body)
    })

    const days = schedule()
      .days.filter((day) => !day.freeDay)
      .slice(0, DAYS)
    const edits: Mutation[] = days.flatMap((day, d) =>
      Array.from({ length: PARTICIPANTS }, (_, p) => ({
        id: `bench-conn-${d}-${p}`,
        collection: 'attendance' as const,
        recordId: `${day.id}:c-p${p}@demo.test`,
        hlc: encodeHlc({ wall: day.to as number, counter: p, node: 'bench' }),
        deviceId: 'bench',
        fields: { mark: p % 9 === 0 ? 'absent' : 'present' },
      })),
    )
    for (let at = 0; at < edits.length; at += 1_000) {
      const reply = await post(
        agent,
        port,
        '/api/db/attendance/upsertBatch',
        pack({ v: SYNC_PROTOCOL_VERSION, batch: edits.slice(at, at + 1_000) }),
        login,
      )
      if (reply.status !== 200) throw new Error(`seeding failed: ${reply.status}`)
    }
    agent.destroy()

    const findBody = (index: number) =>
      pack({
        query: { participant: `c-p${index % PARTICIPANTS}@demo.test` },
        opts: { limit: 50 },
      })
    const pullBody = pack({ v: SYNC_PROTOCOL_VERSION, cursor: null })
    const calls = {
      find: (a: Agent, p: number, index: number) =>
        post(a, p, '/api/db/attendance/find', findBody(index), login),
      pull: (a: Agent, p: number) => post(a, p, '/api/db/attendance/pull', pullBody, login),
    }

    // The floor: the same answers' bytes from a bare Hono app, read body and all.
    const sample = {
      find: (await calls.find(new Agent(), port, 0)).body,
      pull: (await calls.pull(new Agent(), port)).body,
    }
    const floorApp = new Hono()
    floorApp.post('/api/db/attendance/:call', async (c) => {
      await c.req.arrayBuffer()
      const bytes = sample[c.req.param('call') as 'find' | 'pull']
      return c.body(new Uint8Array(bytes), 200, { 'Content-Type': MSGPACK })
    })
    bare = serve({ fetch: floorApp.fetch, hostname: '127.0.0.1', port: 0 }) as Server
    const barePort = await listening(bare)

    const row = (label: string, value: string) => console.log(`  ${label.padEnd(40)} ${value}`)
    console.log(
      `connections on the embedded store (${edits.length} records; answers: find ${sample.find.length} B, ` +
        `pull ${sample.pull.length} B; admission ${config.apiConcurrency} at once, queue ${config.apiQueueLength})`,
    )
    for (const kind of ['find', 'pull'] as const) {
      for (const connections of LEVELS) {
        const total = REQUESTS[kind]
        const app = await load(port, connections, total, calls[kind])
        const all = await load(unlimitedPort, connections, total, calls[kind])
        const floor = await load(barePort, connections, total, calls[kind])
        row(
          `${kind}, ${connections} connections (${total} calls)`,
          `${app.perSecond.toFixed(0)} req/s, p50 ${app.p50.toFixed(1)} ms, p99 ${app.p99.toFixed(1)} ms, ` +
            `503s ${app.busy}, resets ${app.failed}, load ${app.load.toFixed(2)} | ` +
            `no admission ${all.perSecond.toFixed(0)} req/s, p50 ${all.p50.toFixed(1)} ms, ` +
            `p99 ${all.p99.toFixed(1)} ms | ` +
            `bare Hono ${floor.perSecond.toFixed(0)} req/s, p99 ${floor.p99.toFixed(1)} ms, ` +
            `resets ${floor.failed} | app/bare ${(app.perSecond / floor.perSecond).toFixed(2)}`,
        )
      }
    }
  } finally {
    if (bare) await close(bare)
    await close(unlimited)
    await close(server)
    await store.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await connectionsBench()
