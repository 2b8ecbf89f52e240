// Connection benchmark (issue 9): find and pull over HTTP with msgpack at 50 and 200 concurrent
// keep-alive connections against the real app on the embedded store, served the way main.ts
// serves it (timeouts, connection caps, the API admission queue), with throughput, p50/p99
// latency, the 503s the admission queue answered, and the load average; the same app without
// admission (every request at once) is measured alongside. As a floor, measured in
// the same run with the same client, a bare Hono app on @hono/node-server answers the same
// bytes; the ratio says how much of the time is the app's own work. Clients run in this process
// too, so both sides share the machine. Prints figures only; nothing here asserts on time.
//
// The find row of issue 10 comes first: one participant's attendance (limit 50) at 50
// connections, with the client in a process of its own (as autocannon would be: an in-process
// client spends as much CPU as the server and flattens the ratio), five runs of the app and of
// the bare floor interleaved, and their medians. Each client run first makes FIND_WARM_UP calls
// it does not count: a fresh client process's first calls (connecting 50 sockets, its own code
// not yet compiled) were slow against either server, and set the p99 of a short run. The row
// also prints the garbage collector's pauses in the server's process per run, and with
// FIND_CPU_PROFILE=path writes a CPU profile of the server during each app run (issue 35,
// docs/0054-find-under-load.md).
//
// This process, which serves both the app and the bare floor, runs with the Node flags of the
// production start (package.json's `serve`): it starts itself again with them when they are
// missing, so the figures are the server's as it runs in production (docs/0018-find-under-load.md).
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { schedule } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { SYNC_PROTOCOL_VERSION, type Mutation } from '@lfit/domain/sync/protocol'
import { createApp } from '../sync-server/src/app'
import { hashPassword } from '../sync-server/src/auth/passwords'
import { openDiskFileStore } from '../sync-server/src/files/disk'
import { loadConfig } from '../sync-server/src/config'
import { MSGPACK, pack } from '../sync-server/src/http/msgpack'
import { listen } from '../sync-server/src/http/server'
import { openStore } from '../sync-server/src/store/open'
import { ensureSyncIndexes } from '../sync-server/src/sync/changelog'
import { mountSite } from '../sync-server/src/web/site'
import { startProfile } from './support/cpu-profile'
import { watchGc } from './support/gc-time'
import { withProductionFlags } from './support/production-flags'
import { recordFigure } from './support/summary'

const PARTICIPANTS = 40
const DAYS = 100
const EDITOR = 'bench-editor@demo.test'
const PASSWORD = 'bench-password'
const LEVELS = [50, 200] as const
/** Requests per level and call: enough for a stable p99, few enough to finish in seconds. */
const REQUESTS = { find: 4_000, pull: 400 } as const
/** The find row: runs of each side, interleaved (BENCH_RUNS, default 5), and calls per run. */
const FIND_ROUNDS = Number(process.env.BENCH_RUNS ?? 5)
const FIND_CALLS = Number(process.env.FIND_CALLS ?? 6_000)
const FIND_WARM_UP = 1_000
/** Issue 35's goal for the find row: this share of the bare floor's requests per second, and p99. */
const GOAL_RATIO = 0.5
const GOAL_P99_MS = 15
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

const findBody = (index: number) =>
  pack({ query: { participant: `c-p${index % PARTICIPANTS}@demo.test` }, opts: { limit: 50 } })

/**
 * `total` calls over `connections` keep-alive sockets, one call at a time on each, written and
 * read as raw HTTP/1.1 (as autocannon does): Node's http client costs more CPU per call than a
 * bare server, so with it the client, not the server, would set the pace.
 */
async function rawLoad(
  port: number,
  connections: number,
  total: number,
  requestFor: (index: number) => Buffer,
): Promise<Figures> {
  const latencies: number[] = []
  let busy = 0
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const socket = connect({ host: '127.0.0.1', port, noDelay: true })
      await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
      let pending: Buffer = Buffer.alloc(0)
      let waiting: ((status: number) => void) | null = null
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
        const end = pending.indexOf('\r\n\r\n')
        if (end < 0) return
        const head = pending.subarray(0, end).toString('latin1')
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN)
        if (Number.isNaN(length)) throw new Error(`no Content-Length in ${head}`)
        if (pending.length < end + 4 + length) return
        pending = pending.subarray(end + 4 + length)
        waiting?.(Number(head.slice(9, 12)))
      })
      while (next < total) {
        const index = next++
        const begun = performance.now()
        const status = await new Promise<number>((resolve) => {
          waiting = resolve
          socket.write(requestFor(index))
        })
        latencies.push(performance.now() - begun)
        if (status === 503) busy += 1
        else if (status !== 200) throw new Error(`answer ${status}`)
      }
      socket.destroy()
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    perSecond: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    busy,
    failed: 0,
    load: loadavg()[0] as number,
  }
}

/** In the client process: the find load against `port`, its figures printed as JSON. */
async function findClient(port: number, cookie: string): Promise<void> {
  const requests = Array.from({ length: PARTICIPANTS }, (_, index) => {
    const body = findBody(index)
    const head =
      `POST /api/db/attendance/find HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Content-Type: ${MSGPACK}\r\nContent-Length: ${body.length}\r\n` +
      (cookie ? `Cookie: ${cookie}\r\n` : '') +
      '\r\n'
    return Buffer.concat([Buffer.from(head, 'latin1'), body])
  })
  const requestFor = (index: number) => requests[index % PARTICIPANTS]!
  await rawLoad(port, 50, FIND_WARM_UP, requestFor)
  const figures = await rawLoad(port, 50, FIND_CALLS, requestFor)
  console.log(JSON.stringify(figures))
}

/** The find load run from a process of its own. */
function findFromClientProcess(port: number, cookie: string): Promise<Figures> {
  const file = fileURLToPath(import.meta.url)
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', file, 'find-client', String(port), cookie],
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as Figures)),
    )
  })
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

/** Issue 10's find row: app and bare floor, interleaved runs from a client process, medians. */
async function findRow(port: number, barePort: number, cookie: string): Promise<void> {
  const app: Figures[] = []
  const bare: Figures[] = []
  // Both servers run in this process and only one is under load at a time, so this process's CPU
  // time over a run is that server's: per call, it hardly depends on what else the machine runs.
  const appCpu: number[] = []
  const bareCpu: number[] = []
  // Of which in the kernel (socket reads and writes on loopback, where sending also does the
  // receiving side's TCP work): the part no code of the app can cut but by writing fewer bytes.
  const appKernel: number[] = []
  const bareKernel: number[] = []
  // Milliseconds of garbage collection in this (the server's) process per run: every pause
  // holds all 50 connections, so a few long ones make the p99 (docs/0054-find-under-load.md).
  const appGc: number[] = []
  const bareGc: number[] = []
  const gc = watchGc()
  const measured = async (
    target: number,
    cpu: number[],
    kernel: number[],
    paused: number[],
    cookie: string,
  ) => {
    const profiling = target === port && process.env.FIND_CPU_PROFILE ? await startProfile() : null
    const from = performance.now()
    const before = process.cpuUsage()
    const figures = await findFromClientProcess(target, cookie)
    const used = process.cpuUsage(before)
    paused.push(await gc.pausedBetween(from, performance.now()))
    if (profiling) await profiling.stop(`${process.env.FIND_CPU_PROFILE}.${cpu.length}.cpuprofile`)
    // The server answered the client's warm-up calls inside this window too.
    const calls = FIND_WARM_UP + FIND_CALLS
    cpu.push((used.user + used.system) / calls)
    kernel.push(used.system / calls)
    return figures
  }
  for (let round = 0; round < FIND_ROUNDS; round++) {
    app.push(await measured(port, appCpu, appKernel, appGc, cookie))
    bare.push(await measured(barePort, bareCpu, bareKernel, bareGc, ''))
  }
  gc.stop()
  const flags = process.execArgv.filter((flag) => flag.startsWith('--max-'))
  const summary = (runs: Figures[]) =>
    `${median(runs.map((r) => r.perSecond)).toFixed(0)} req/s, ` +
    `p50 ${median(runs.map((r) => r.p50)).toFixed(1)} ms, ` +
    `p99 ${median(runs.map((r) => r.p99)).toFixed(1)} ms`
  const ratio = median(app.map((r) => r.perSecond)) / median(bare.map((r) => r.perSecond))
  const p99 = median(app.map((r) => r.p99))
  const load = median(app.map((r) => r.load))
  console.log(
    `find, 50 connections, client in its own process (median of ${FIND_ROUNDS} interleaved runs ` +
      `of ${FIND_CALLS} calls each side after ${FIND_WARM_UP} not counted; server flags ` +
      `${flags.join(' ') || 'none'})`,
  )
  const met = ratio >= GOAL_RATIO && p99 <= GOAL_P99_MS
  // The row: label, figure, ratio to the bare floor, goal, load average.
  console.log(
    `  find (one participant, limit 50)  ${median(app.map((r) => r.perSecond)).toFixed(0)} req/s, ` +
      `p99 ${p99.toFixed(1)} ms  (app/bare ${ratio.toFixed(2)})  goal ≥ ${GOAL_RATIO} and ` +
      `p99 ≤ ${GOAL_P99_MS} ms ${met ? 'met' : 'not met'}  load ${load.toFixed(2)}`,
  )
  recordFigure({
    figure: 'find under 50 connections',
    value: `${median(app.map((r) => r.perSecond)).toFixed(0)} req/s, p99 ${p99.toFixed(1)} ms`,
    ratio: `${ratio.toFixed(2)} of bare Hono's req/s (bare p99 ${median(bare.map((r) => r.p99)).toFixed(1)} ms)`,
    goal: `≥ ${GOAL_RATIO} of bare Hono, p99 ≤ ${GOAL_P99_MS} ms`,
    met,
    load: load.toFixed(2),
  })
  console.log(
    `  app        ${summary(app)}, server CPU ${median(appCpu).toFixed(0)} µs per call ` +
      `(kernel ${median(appKernel).toFixed(0)}), ` +
      `503s ${app.reduce((n, r) => n + r.busy, 0)}`,
  )
  console.log(
    `  bare Hono  ${summary(bare)}, server CPU ${median(bareCpu).toFixed(0)} µs per call ` +
      `(kernel ${median(bareKernel).toFixed(0)})`,
  )
  console.log(
    `  app/bare CPU per call ${(median(appCpu) / median(bareCpu)).toFixed(1)}; ` +
      `app req/s by run ${app.map((r) => r.perSecond.toFixed(0)).join(', ')}; ` +
      `p99 by run ${app.map((r) => r.p99.toFixed(1)).join(', ')} ms (bare ` +
      `${bare.map((r) => r.p99.toFixed(1)).join(', ')}); ` +
      `GC pauses by run ${appGc.map((ms) => ms.toFixed(0)).join(', ')} ms (bare ` +
      `${bareGc.map((ms) => ms.toFixed(0)).join(', ')}); ` +
      `load average by run ${app.map((r) => r.load.toFixed(2)).join(', ')} (${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} now)`,
  )
}

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
  // Assembled as main.ts assembles it: the site and the file routes too, since one route the
  // fastest router cannot hold would route every request by the slower one.
  const production = {
    mount: mountSite({ webDir: resolve(config.webDir), cookieSecure: config.cookieSecure }),
    files: openDiskFileStore(dataDir),
  }
  const app = createApp({
    stores: async () => store,
    config,
    clock: Date.now,
    log: quiet,
    ...production,
  })
  const server = listen(app, config)
  const port = await listening(server)
  // The same app with admission out of the way (every request starts at once), for comparison.
  const unlimitedConfig = { ...config, apiConcurrency: 1_000_000, apiQueueLength: 0 }
  const unlimited = listen(
    createApp({
      stores: async () => store,
      config: unlimitedConfig,
      clock: Date.now,
      log: quiet,
      ...production,
    }),
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

    await findRow(port, barePort, login)
    if (process.env.FIND_ONLY) return

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

if (process.argv[2] === 'find-client') {
  await findClient(Number(process.argv[3]), process.argv[4] ?? '')
} else {
  await withProductionFlags(import.meta.url, connectionsBench)
}
