// Push and pull against a peer (issue 10): PouchDB 9 replicating the same attendance documents
// to express-pouchdb (memory adapters both sides) on loopback, next to our upsertBatch and pull
// over HTTP with msgpack to the real app on the embedded store. Each figure is the median of
// interleaved runs (BENCH_RUNS, default 5), printed with the ratio (PouchDB ÷ ours, so above 1
// means we are faster), the goal and the load average, since the machine may be shared; after
// it the CPU time of each side, which other processes on the cores do not inflate. Batches match on
// both sides: PouchDB's `batch_size` is the size of our batch (1,000 or 100) or page (5,000).
// Each run's participants are enrolled in the year of the pushed days (accepted, as the demo data
// enrols its participants), so every push also pays for the standing check that follows it
// (docs/0021): without an enrolment the check reads nothing and counts no day.
// The push rows count their runs after two warm-up rounds on each side (PUSH_WARM_UP), and time
// beside them a durable floor (support/durable-floor.ts: the same batches to a bare Hono app that
// only writes their bytes and waits for fdatasync), so the most any server that answers an edit
// once it is on disk could gain over PouchDB is printed from the same run.
// The process runs with the production start's Node flags (support/production-flags.ts); PouchDB,
// in the same process, has them too.
// The push rows print below their 3× goal: a push keeps each edit's history and flushes each batch
// before answering, which PouchDB's memory adapter does not (docs/0028).
// BENCH_PUSH_ONLY=1 runs the push rows alone; PULL_CPU_PROFILE=path writes a CPU profile of each of our
// pull runs (client and server, `path.{run}.cpuprofile`; PouchDB's runs are not profiled). Prints figures only;
// nothing here asserts on time.
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { transition, type Enrolment } from '@lfit/domain/people/enrolment'
import { schedule } from '@lfit/domain/schedule'
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
import type { Doc, Store } from '../sync-server/src/store/port'
import { ensureSyncIndexes } from '../sync-server/src/sync/changelog'
import { attendanceEdits, caller, login, type Api } from './support/api'
import { startDurableFloor } from './support/durable-floor'
import { startProfile } from './support/cpu-profile'
import { watchGc, type GcWatch } from './support/gc-time'
import { withProductionFlags } from './support/production-flags'
import { recordFigure, type Figure } from './support/summary'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
/**
 * Push rounds run first on both sides and not counted: the first two of each side ran 1.5-3.5×
 * slower (code not yet optimised by the JIT, pools and files opening), and a server answers
 * pushes for days after its start, not its first two.
 */
const PUSH_WARM_UP = 2
/** BENCH_PUSH_ONLY=1 prints the two push rows and leaves the pull out (profiling the push path). */
const PUSH_ONLY = process.env.BENCH_PUSH_ONLY === '1'
const PUSH_EDITS = 1000
// The schedule has 121 study days, so 250 participants make the issue's 30,000 records (30,250).
const PULL_PARTICIPANTS = 250
const PULL_DAYS = 121
const PULL_PAGE = 5000
const EDITOR = 'bench-editor@demo.test'
const PASSWORD = 'bench-password'
const quiet = { info() {}, warn() {}, error() {} }

// PouchDB ships no types; the few calls used here.
interface PouchDb {
  bulkDocs(docs: readonly object[]): Promise<unknown>
  replicate: {
    to(target: string, options: { batch_size: number }): Promise<{ docs_written: number }>
    from(source: string, options: { batch_size: number }): Promise<{ docs_written: number }>
  }
  destroy(): Promise<unknown>
}
type PouchConstructor = new (name: string) => PouchDb
interface PouchStatic {
  plugin(plugin: unknown): PouchStatic
  defaults(options: object): PouchConstructor
}
type ExpressPouchDb = (
  PouchDB: PouchConstructor,
  options: object,
) => { listen(port: number, host: string, ready: () => void): Server }

const require = createRequire(import.meta.url)
const MemoryPouch = (require('pouchdb') as PouchStatic)
  .plugin(require('pouchdb-adapter-memory'))
  .defaults({ adapter: 'memory' })
const expressPouchDb = require('express-pouchdb') as ExpressPouchDb

/** The attendance document a PouchDB device would hold for the same edit. */
function pouchDoc(edit: Mutation): object {
  const at = edit.recordId.indexOf(':')
  const stamp = { hlc: edit.hlc, user: EDITOR, deviceId: edit.deviceId }
  return {
    _id: edit.recordId,
    dayId: edit.recordId.slice(0, at),
    participant: edit.recordId.slice(at + 1),
    mark: edit.fields.mark,
    note: '',
    stamps: { mark: stamp },
  }
}

/**
 * Accepted enrolments of the participants of these edits in the year of their days, made by the
 * domain's own transitions as the demo seed makes them.
 */
async function enrol(store: Store, edits: readonly Mutation[]): Promise<void> {
  const at = new Date().toISOString()
  const change = { by: EDITOR, at }
  const enrolments = new Map<string, Enrolment>()
  for (const edit of edits) {
    const split = edit.recordId.indexOf(':')
    const day = schedule().dayById.get(edit.recordId.slice(0, split))
    const person = edit.recordId.slice(split + 1)
    if (!day) throw new Error(`bench edit of an unknown day: ${edit.recordId}`)
    const applied = transition(null, 'apply', { ...change, person, year: day.year })
    const accepted = applied.ok ? transition(applied.enrolment, 'accept', change) : applied
    if (!accepted.ok) throw new Error(`bench enrolment refused: ${accepted.code}`)
    enrolments.set(accepted.enrolment._id, accepted.enrolment)
  }
  await store.collection('enrolments').insert([...enrolments.values()])
}

async function pushAll(api: Api, all: readonly Mutation[], size: number): Promise<void> {
  for (let at = 0; at < all.length; at += size) {
    const { results } = await api.call<PushResponse>('/api/db/attendance/upsertBatch', {
      v: SYNC_PROTOCOL_VERSION,
      batch: all.slice(at, at + size),
    })
    const refused = results.find((result) => result.status !== 'applied')
    if (refused) throw new Error(`bench edit not applied: ${JSON.stringify(refused)}`)
  }
}

/** Wall-clock, CPU and garbage-collection milliseconds of one task. */
interface Timing {
  ms: number
  cpu: number
  gc: number
}

/**
 * Times `task`, with the CPU time this process spent meanwhile (client, server and lmdb's write
 * thread all run here, and the peer sits idle): on a shared machine the wall clock also counts
 * the time other processes held the cores, the CPU time does not. And the collector's pauses in
 * it, which either side's garbage may cause (support/gc-time.ts).
 */
async function timed(gc: GcWatch, task: () => Promise<unknown>): Promise<Timing> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  await task()
  const ended = performance.now()
  const spent = process.cpuUsage(cpu)
  return {
    ms: ended - started,
    cpu: (spent.user + spent.system) / 1000,
    gc: await gc.pausedBetween(started, ended),
  }
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

/**
 * One row: the median figure, its ratio to the peer, the goal, the load, then CPU time, the
 * collector's pauses in all counted runs together (a pause lands in some runs, not in most) and
 * the runs; with a durable floor, its time and the ratio to the peer it allows.
 */
function report(
  figure: Figure,
  label: string,
  goal: number,
  ours: Timing[],
  peer: Timing[],
  floor?: Timing[],
): void {
  const ms = (list: Timing[]) => median(list.map((timing) => timing.ms))
  const cpu = (list: Timing[]) => median(list.map((timing) => timing.cpu))
  const runs = (list: Timing[]) => list.map((timing) => timing.ms.toFixed(0)).join('/')
  const paused = (list: Timing[]) => list.reduce((sum, timing) => sum + timing.gc, 0).toFixed(0)
  const ratio = ms(peer) / ms(ours)
  const bound =
    floor &&
    `durable floor ${ms(floor).toFixed(0)} ms, at most ${(ms(peer) / ms(floor)).toFixed(2)}×`
  console.log(
    `  ${label.padEnd(38)} ours ${ms(ours).toFixed(0).padStart(5)} ms  PouchDB ${ms(peer).toFixed(0).padStart(5)} ms` +
      `  (${ratio.toFixed(2)}× faster)  goal ≥ ${goal}× ${ratio >= goal ? 'met' : 'NOT met'}  load ${load()}` +
      `  | CPU ${cpu(ours).toFixed(0)} vs ${cpu(peer).toFixed(0)} ms (${(cpu(peer) / cpu(ours)).toFixed(2)}×)` +
      `  | GC pauses ${paused(ours)} vs ${paused(peer)} ms in all runs` +
      `${bound ? `  | ${bound}` : ''}  runs ${runs(ours)} vs ${runs(peer)}`,
  )
  recordFigure({
    figure,
    value: `${ms(ours).toFixed(0)} ms (PouchDB ${ms(peer).toFixed(0)} ms)`,
    ratio:
      `${ratio.toFixed(2)}× faster than PouchDB (CPU ${(cpu(peer) / cpu(ours)).toFixed(2)}×)` +
      (bound ? `; ${bound}` : ''),
    goal: `≥ ${goal}× faster`,
    met: ratio >= goal,
  })
}

async function peerBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lfit-peer-'))
  const stores = new Map<string, Promise<Store>>()
  const storeFor = (dbName = 'peer_main') => {
    if (!stores.has(dbName)) {
      stores.set(
        dbName,
        openStore({ dataDir, dbName }).then(
          async (store) => (await ensureSyncIndexes(store), store),
        ),
      )
    }
    return stores.get(dbName) as Promise<Store>
  }
  const editor: Doc = {
    _id: EDITOR,
    username: EDITOR,
    roles: ['presenceEditor'],
    status: 'active',
    passwordHash: await hashPassword(PASSWORD),
  }
  await (await storeFor()).collection('users').insert(editor)
  const config = loadConfig({ NODE_ENV: 'test', DB_NAME: 'peer_main', DB_NAMES: 'peer_pull' })
  const app = createApp({ stores: storeFor, config, clock: Date.now, log: quiet })
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
  await new Promise((resolve) => server.once('listening', resolve))
  const ours = await login(
    `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    EDITOR,
    PASSWORD,
  )

  const couch = expressPouchDb(MemoryPouch, {
    mode: 'minimumForPouchDB',
    inMemoryConfig: true,
    logPath: join(dataDir, 'express-pouchdb.log'),
  })
  const peerServer = await new Promise<Server>((resolve) => {
    const listening = couch.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const peerBase = `http://127.0.0.1:${(peerServer.address() as AddressInfo).port}`
  const floor = await startDurableFloor(dataDir)
  const floorApi = caller(floor.base)
  const gc = watchGc()

  try {
    console.log(`push and pull vs PouchDB 9 → express-pouchdb 4 (memory), load ${load()}`)
    const push1000 = { ours: [] as Timing[], peer: [] as Timing[], floor: [] as Timing[] }
    const push10x100 = { ours: [] as Timing[], peer: [] as Timing[], floor: [] as Timing[] }
    for (let run = 0; run < PUSH_WARM_UP + RUNS; run++) {
      const counted = run >= PUSH_WARM_UP
      // Fresh records every run (new participants), on both sides.
      const one = attendanceEdits('peer', `a${run}`, PUSH_EDITS / 10, 10)
      const ten = attendanceEdits('peer', `b${run}`, PUSH_EDITS / 10, 10)
      await enrol(await storeFor(), [...one, ...ten])
      const source = new MemoryPouch(`src-a${run}`)
      await source.bulkDocs(one.map(pouchDoc))
      const sources: PouchDb[] = []
      for (let i = 0; i < 10; i++) {
        const part = new MemoryPouch(`src-b${run}-${i}`)
        await part.bulkDocs(ten.slice(i * 100, (i + 1) * 100).map(pouchDoc))
        sources.push(part)
      }
      const one1000 = await timed(gc, () => pushAll(ours, one, 1000))
      const peer1000 = await timed(gc, async () => {
        const { docs_written } = await source.replicate.to(`${peerBase}/push-a${run}`, {
          batch_size: 1000,
        })
        if (docs_written !== one.length) throw new Error(`PouchDB wrote ${docs_written}`)
      })
      const ten100 = await timed(gc, () => pushAll(ours, ten, 100))
      const peer10x100 = await timed(gc, async () => {
        for (const part of sources) {
          const { docs_written } = await part.replicate.to(`${peerBase}/push-b${run}`, {
            batch_size: 100,
          })
          if (docs_written !== 100) throw new Error(`PouchDB wrote ${docs_written}`)
        }
      })
      const floor1000 = await timed(gc, () => pushAll(floorApi, one, 1000))
      const floor10x100 = await timed(gc, () => pushAll(floorApi, ten, 100))
      if (counted) {
        push1000.ours.push(one1000)
        push1000.peer.push(peer1000)
        push1000.floor.push(floor1000)
        push10x100.ours.push(ten100)
        push10x100.peer.push(peer10x100)
        push10x100.floor.push(floor10x100)
      }
      await Promise.all([source, ...sources].map((db) => db.destroy()))
    }
    report(
      'push 1,000 edits, one batch',
      'push 1,000 edits, one batch',
      3,
      push1000.ours,
      push1000.peer,
      push1000.floor,
    )
    report(
      'push 1,000 edits, 10 batches of 100',
      'push 1,000 edits, 10 batches of 100',
      3,
      push10x100.ours,
      push10x100.peer,
      push10x100.floor,
    )
    console.log(`  push: after ${PUSH_WARM_UP} rounds on each side, not counted`)

    if (PUSH_ONLY) return
    // A fresh device pulls 30,000 records; PouchDB replicates the same documents to a fresh db.
    const all = attendanceEdits('peer', 'pull', PULL_PARTICIPANTS, PULL_DAYS)
    for (let at = 0; at < all.length; at += 1000) {
      const { results } = await ours.call<PushResponse>(
        '/api/db/attendance/upsertBatch?db=peer_pull',
        {
          v: SYNC_PROTOCOL_VERSION,
          batch: all.slice(at, at + 1000),
        },
      )
      if (results.some((result) => result.status !== 'applied')) throw new Error('pull seed failed')
    }
    const pullAll = async (): Promise<Doc[]> => {
      const records: Doc[] = []
      let cursor: string | null = null
      for (let more = true; more;) {
        const page: PullResponse = await ours.call('/api/db/attendance/pull?db=peer_pull', {
          v: SYNC_PROTOCOL_VERSION,
          cursor,
        })
        records.push(...(page.changes.attendance as unknown as Doc[]))
        cursor = page.cursor
        more = page.more
      }
      return records
    }
    const held = await pullAll()
    if (held.length !== all.length) throw new Error(`pulled ${held.length} of ${all.length}`)
    // The same documents on the peer, written straight into its database over HTTP.
    const peerSource = new MemoryPouch(`${peerBase}/pull-source`)
    for (let at = 0; at < held.length; at += 5000) {
      await peerSource.bulkDocs(held.slice(at, at + 5000))
    }
    const pull = { ours: [] as Timing[], peer: [] as Timing[] }
    const profile = process.env.PULL_CPU_PROFILE
    for (let run = 0; run < RUNS; run++) {
      // Our runs only, one profile each: PouchDB's are left out.
      const profiling = profile ? await startProfile() : undefined
      pull.ours.push(
        await timed(gc, async () => {
          const records = await pullAll()
          if (records.length !== all.length) throw new Error(`pulled ${records.length}`)
        }),
      )
      await profiling?.stop(`${profile}.${run}.cpuprofile`)
      const fresh = new MemoryPouch(`pull-device-${run}`)
      pull.peer.push(
        await timed(gc, async () => {
          const { docs_written } = await fresh.replicate.from(`${peerBase}/pull-source`, {
            batch_size: PULL_PAGE,
          })
          if (docs_written !== all.length) throw new Error(`PouchDB pulled ${docs_written}`)
        }),
      )
      await fresh.destroy()
    }
    report(
      'fresh device pulls 30,000 records',
      `fresh device pulls ${all.length.toLocaleString('en')} records`,
      // Issue 35 raised it from 10×.
      15,
      pull.ours,
      pull.peer,
    )
    console.log(`  median of ${RUNS} interleaved runs; load average after: ${load()}`)
  } finally {
    await new Promise((resolve) => peerServer.close(resolve))
    await floor.close()
    await new Promise((resolve) => server.close(resolve))
    for (const store of stores.values()) await (await store).close()
    rmSync(dataDir, { recursive: true, force: true })
    gc.stop()
  }
}

await withProductionFlags(import.meta.url, peerBench)
