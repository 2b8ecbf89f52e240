// Live-update benchmark (issue 17): 500 live sockets open on the real app (embedded store, served
// as main.ts serves it), a burst of 1,000 changes pushed one edit at a time, and meanwhile
// concurrent HTTP calls (the session check every screen makes) whose p99 is printed, beside the
// same calls and the same burst with no socket open, their ratio, the pokes delivered and the
// load average. Sockets: 400 of participants (poked for their own records only) and 100 of
// presence editors (poked for every change). Clients run in this process too, so both sides
// share the machine. Prints figures only; nothing here asserts on time; never part of npm test.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { schedule } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { LIVE_PATH } from '@lfit/domain/sync/live'
import { SYNC_PROTOCOL_VERSION, type Mutation } from '@lfit/domain/sync/protocol'
import { createApp } from '../sync-server/src/app'
import { hashPassword } from '../sync-server/src/auth/passwords'
import { loadConfig } from '../sync-server/src/config'
import { listen } from '../sync-server/src/http/server'
import { startLive } from '../sync-server/src/live/live'
import { openStore } from '../sync-server/src/store/open'
import { ensureSyncIndexes } from '../sync-server/src/sync/changelog'
import { login, type Api } from './support/api'

const PARTICIPANTS = 200
const EDITORS = 50
const SOCKETS_EACH = 2
const CHANGES = 1_000
const PUSHERS = 10
const CALLS = 3_000
const CALLERS = 20
const PASSWORD = 'bench-password'
const quiet = { info() {}, warn() {}, error() {} }

/** The few members of a `ws` client socket used here (ws is the server's dependency). */
interface ClientSocket {
  on(event: 'open' | 'message' | 'error' | 'close', listener: (...args: unknown[]) => void): void
  terminate(): void
}
const WebSocket = createRequire(new URL('../sync-server/package.json', import.meta.url))('ws') as {
  new (url: string, options: { headers: Record<string, string> }): ClientSocket
}

const participant = (i: number) => `live-p${i}@bench.test`
const editor = (i: number) => `live-e${i}@bench.test`
const day = schedule().days.find((d) => !d.freeDay) as { id: string; to: number }

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

async function seed(dataDir: string): Promise<void> {
  const store = await openStore({ dataDir, dbName: 'lfit' })
  const passwordHash = await hashPassword(PASSWORD)
  const user = (username: string, roles: string[]) => ({
    _id: `user-${username}`,
    username,
    email: username,
    status: 'active',
    roles,
    firstName: username,
    lastName: 'Bench',
    passwordHash,
  })
  await store.collection('users').ensureIndex({ key: { username: 1 }, unique: true })
  await store
    .collection('users')
    .insert([
      ...Array.from({ length: PARTICIPANTS }, (_, i) => user(participant(i), ['participant'])),
      ...Array.from({ length: EDITORS }, (_, i) => user(editor(i), ['presenceEditor'])),
    ])
  await ensureSyncIndexes(store)
  await store.close()
}

interface Scenario {
  p50: number
  p99: number
  perSecond: number
  pokes: number
  load: number
}

async function scenario(sockets: boolean): Promise<Scenario> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lfit-bench-live-'))
  await seed(dataDir)
  const store = await openStore({ dataDir, dbName: 'lfit' })
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: randomUUID().repeat(2),
      PUBLIC_URL: 'https://lfit.example.org',
    }),
    host: '127.0.0.1',
    port: 0,
    // Every client is on 127.0.0.1: no cap per address, room for all sockets.
    maxConnectionsPerClient: 0,
    maxConnections: 4_096,
  }
  const clock = Date.now
  const live = await startLive({ store, config, clock, log: quiet })
  const app = createApp({ stores: async () => store, config, clock, log: quiet, live })
  const server: Server = listen(app, config)
  await new Promise((resolve) =>
    server.listening ? resolve(null) : server.once('listening', resolve),
  )
  live.attach(server, app)
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const pusher = await login(base, editor(0), PASSWORD)
  const caller = await login(base, editor(1), PASSWORD)
  let pokes = 0
  const open: ClientSocket[] = []
  if (sockets) {
    const users = [
      ...Array.from({ length: PARTICIPANTS }, (_, i) => participant(i)),
      ...Array.from({ length: EDITORS }, (_, i) => editor(i)),
    ]
    for (const username of users) {
      const { cookie } = await login(base, username, PASSWORD)
      for (let s = 0; s < SOCKETS_EACH; s++) {
        const socket = new WebSocket(`${base.replace('http', 'ws')}${LIVE_PATH}`, {
          headers: { origin: base, cookie },
        })
        socket.on('message', () => void (pokes += 1))
        await new Promise((resolve, reject) => {
          socket.on('open', resolve)
          socket.on('error', reject)
        })
        open.push(socket)
      }
    }
  }

  // The burst: 1,000 changes, one edit per push, PUSHERS at a time, spread over the participants.
  let next = 0
  const burst = Promise.all(
    Array.from({ length: PUSHERS }, async () => {
      while (next < CHANGES) {
        const index = next++
        const mutation: Mutation = {
          id: `live-${randomUUID()}`,
          collection: 'attendance',
          recordId: `${day.id}:${participant(index % PARTICIPANTS)}`,
          hlc: encodeHlc({ wall: day.to + index, counter: 0, node: 'bench' }),
          deviceId: 'bench',
          fields: { mark: index % 2 ? 'present' : 'absent' },
        }
        await pusher.call('/api/db/attendance/upsertBatch', {
          v: SYNC_PROTOCOL_VERSION,
          batch: [mutation],
        })
      }
    }),
  )
  const figures = await measure(caller)
  await burst
  const load = loadavg()[0] as number
  for (const socket of open) socket.terminate()
  await live.stop()
  await new Promise((resolve) => server.close(resolve))
  await store.close()
  rmSync(dataDir, { recursive: true, force: true })
  return { ...figures, pokes, load }
}

/** CALLS session checks, CALLERS at a time, each caller one call after another. */
async function measure(api: Api): Promise<{ p50: number; p99: number; perSecond: number }> {
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (next++ < CALLS) {
        const begun = performance.now()
        await api.call('/api/auth/user', {})
        latencies.push(performance.now() - begun)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: latencies.length / seconds,
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`
const without = await scenario(false)
const withSockets = await scenario(true)
console.log(
  `live: ${CALLS} session checks (${CALLERS} at a time) during a burst of ${CHANGES} changes`,
)
console.log(
  `  no sockets:   p50 ${ms(without.p50)}  p99 ${ms(without.p99)}  ${without.perSecond.toFixed(0)}/s  load ${without.load.toFixed(2)}`,
)
console.log(
  `  500 sockets:  p50 ${ms(withSockets.p50)}  p99 ${ms(withSockets.p99)}  ${withSockets.perSecond.toFixed(0)}/s  load ${withSockets.load.toFixed(2)}  pokes delivered ${withSockets.pokes}`,
)
console.log(`  p99 ratio (500 sockets / none): ${(withSockets.p99 / without.p99).toFixed(2)}`)
