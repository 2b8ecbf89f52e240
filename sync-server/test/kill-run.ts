// The kill scenario of issue 9 (docs/0006), shared by the kill test (sync-kill.test.ts, a few
// kills) and the soak (bench/kill-soak.ts, many): the real server as a child process on an
// embedded store in a temporary DATA_DIR, writer clients pushing overlapping batches of
// attendance edits over HTTP with msgpack, cursor pullers pulling throughout, and the server
// killed with SIGKILL mid-push and restarted on the same directory. Writers retry every batch
// not acknowledged, with the same edit ids, as a device's outbox does. At the end the database is
// opened directly and compared with what every client was told and holds.
import { spawn, type ChildProcess } from 'node:child_process'
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { dbCallPath } from '@lfit/domain/api/calls'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { SYNC_COLLECTIONS, SYNC_PROTOCOL_VERSION } from '@lfit/domain/sync/protocol'
import { SYNCED } from '@lfit/domain/sync/registry'
import { MSGPACK, pack, unpack } from '../src/http/msgpack'
import { DEMO_PASSWORD } from '../src/seed/demo-data'
import { openStore } from '../src/store/open'
import type { Doc } from '../src/store/port'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

export interface KillRunOptions {
  /** SIGKILLs, each while a push is in flight, each followed by a restart. */
  kills: number
  writers: number
  pullers: number
  /** Edits per pushed batch: half to records every writer shares, half creating new ones. */
  batchSize: number
  /** Batches each writer pushes at least; it goes on pushing new ones until the kills are done. */
  minBatches: number
  /** SYNC_STALE_PENDING_MS of the server. */
  staleMs: number
  /** Hard bound on the whole run; it stops early (and reports it) when reached. */
  timeLimitMs: number
  /** Progress lines (the soak prints them; the test keeps quiet). */
  log?: (line: string) => void
}

export interface KillRunReport {
  kills: number
  restarts: number
  /** Distinct edits the writers pushed. */
  editsPushed: number
  /** Edits a writer received an answer for (applied or superseded). */
  acknowledged: number
  /** Pushes sent, retries included, and those that got no answer (the server died, or 503). */
  pushes: number
  unanswered: number
  /** Acknowledged edits missing from history, or whose effect the records do not show. */
  lost: number
  /** Edit ids kept more than once in history, or answered differently than history keeps. */
  duplicated: number
  /** Pullers whose copy differs from the server's records at the end. */
  stalePullers: number
  /** Change-log entries still pending at the end, and numbers missing from the log. */
  pendingLeft: number
  gaps: number
  /** Whatever went wrong besides the figures above, one line each (empty on success). */
  problems: string[]
  seconds: number
}

interface Edit {
  id: string
  collection: 'attendance'
  recordId: string
  hlc: string
  deviceId: string
  fields: Record<string, unknown>
}

interface Answered {
  id: string
  status: string
  permanent?: boolean
}

const DAYS = ['lfit_20261116', 'lfit_20261117', 'lfit_20261118', 'lfit_20261119']
const SHARED = DAYS.flatMap((day) =>
  ['ana', 'bor', 'cene', 'dana', 'eva', 'filip'].map((name) => `${day}:kill-${name}@demo.test`),
)
const MARKS = ['present', 'absent', 'late', 'excused', null]
const SECRET = 'kill-test-session-secret-0123456789abcdef'
/** Wall time of the first edit; edits carry increasing walls so each device's stamps differ. */
const BASE_WALL = Date.UTC(2026, 10, 23, 8, 0)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

/**
 * The server process, started the way `npm start` runs it; killed by the node process's pid.
 * The connection-fault test (connection-faults.test.ts) starts one too.
 */
export class ServerProcess {
  private child: ChildProcess | null = null
  restarts = 0

  constructor(
    private readonly env: Record<string, string>,
    readonly url: string,
    private readonly logFile: string,
  ) {}

  async start(deadline: number): Promise<void> {
    const out = createWriteStream(this.logFile, { flags: 'a' })
    // node itself, not an npx wrapper: the pid killed is the server's.
    const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.pipe(out)
    child.stderr?.pipe(out)
    this.child = child
    while (Date.now() < deadline && child.exitCode === null) {
      try {
        await fetch(`${this.url}/`)
        return
      } catch {
        await sleep(50)
      }
    }
    const tail = readFileSync(this.logFile, 'utf8').split('\n').slice(-30).join('\n')
    throw new Error(`the server did not come up at ${this.url}:\n${tail}`)
  }

  /** The process id while the server runs; undefined once it has exited, however it ended. */
  get pid(): number | undefined {
    const child = this.child
    return child && child.exitCode === null && child.signalCode === null ? child.pid : undefined
  }

  async kill(): Promise<void> {
    const child = this.child
    this.child = null
    if (!child?.pid || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    process.kill(child.pid, 'SIGKILL')
    await exited
  }

  async restart(deadline: number): Promise<void> {
    await this.start(deadline)
    this.restarts += 1
  }

  /** Stops it the way an operator does, so the store is closed before the test opens it. */
  async stop(): Promise<void> {
    const child = this.child
    this.child = null
    if (!child?.pid || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const late = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(late)
  }
}

/** One signed-in client: its own session cookie, msgpack both ways. */
class Client {
  private cookie = ''

  constructor(
    private readonly url: string,
    readonly username: string,
  ) {}

  /** Answers status and body, or null when the server could not be reached. */
  async post(path: string, body: unknown): Promise<{ status: number; body: unknown } | null> {
    try {
      const response = await fetch(`${this.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': MSGPACK,
          accept: MSGPACK,
          origin: this.url,
          ...(this.cookie ? { cookie: this.cookie } : {}),
        },
        body: pack(body),
      })
      const bytes = new Uint8Array(await response.arrayBuffer())
      const type = response.headers.get('content-type') ?? ''
      const set = response.headers.getSetCookie()[0]
      if (set) this.cookie = set.split(';')[0] as string
      return {
        status: response.status,
        body: type.startsWith(MSGPACK) && bytes.length > 0 ? unpack(bytes) : undefined,
      }
    } catch {
      return null
    }
  }

  async login(): Promise<boolean> {
    const answer = await this.post('/api/auth/login', {
      username: this.username,
      password: DEMO_PASSWORD,
    })
    return answer?.status === 200
  }

  /** A call that logs in again once when the session is refused (bounded by the caller). */
  async call(path: string, body: unknown): Promise<{ status: number; body: unknown } | null> {
    const answer = await this.post(path, body)
    if (answer?.status === 401 && (await this.login())) return this.post(path, body)
    return answer
  }
}

/** A deterministic random source, so a failing run can be told apart from another by its seed. */
function randomSource(seed: number) {
  let state = seed
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state % n
  }
}

class Writer {
  readonly edits: Edit[] = []
  /** The answer a writer was given per edit id (the last one, if retried after an answer). */
  readonly answers = new Map<string, Answered>()
  pushes = 0
  unanswered = 0
  inFlight = false
  /** How long a push takes, smoothed: the killer aims inside it. */
  pushMs = 20
  private batchNo = 0
  private readonly random: (n: number) => number

  constructor(
    readonly client: Client,
    private readonly index: number,
  ) {
    this.random = randomSource(7919 * (index + 1))
  }

  private nextBatch(size: number): Edit[] {
    const device = `kill-tablet-${this.index}`
    const batch: Edit[] = []
    for (let i = 0; i < size; i++) {
      const serial = this.batchNo * size + i
      // Every other edit creates a record nobody else writes: a crash that lost its
      // announcement could not be hidden by a later edit of the same record.
      const recordId =
        i % 2 === 0
          ? (SHARED[this.random(SHARED.length)] as string)
          : `${DAYS[serial % DAYS.length]}:kill-w${this.index}-${serial}@demo.test`
      batch.push({
        id: `kill-${this.index}-${this.batchNo}-${i}`,
        collection: 'attendance',
        recordId,
        hlc: encodeHlc({ wall: BASE_WALL + serial, counter: 0, node: device }),
        deviceId: device,
        fields:
          this.random(3) === 0
            ? { note: `n${this.random(5)}` }
            : { mark: MARKS[this.random(MARKS.length)] },
      })
    }
    this.batchNo += 1
    return batch
  }

  /** Pushes batches until `more()` says stop (after at least `min`), each until answered. */
  async run(options: {
    batchSize: number
    min: number
    more: () => boolean
    deadline: number
    problems: string[]
  }): Promise<void> {
    const path = dbCallPath('attendance', 'upsertBatch')
    while (this.batchNo < options.min || options.more()) {
      if (Date.now() > options.deadline) return
      const batch = this.nextBatch(options.batchSize)
      this.edits.push(...batch)
      let pending = batch
      // Bounded by the deadline and by count: a device retries, but not for ever.
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt >= 2_000 || Date.now() > options.deadline) {
          options.problems.push(`writer ${this.index}: a batch was never answered`)
          return
        }
        this.pushes += 1
        this.inFlight = true
        const sent = Date.now()
        const answer = await this.client.call(path, { v: SYNC_PROTOCOL_VERSION, batch: pending })
        this.inFlight = false
        if (answer?.status === 200) this.pushMs = (this.pushMs * 3 + Date.now() - sent) / 4
        if (answer?.status !== 200) {
          this.unanswered += 1
          if (answer && answer.status !== 503) {
            options.problems.push(`writer ${this.index}: push answered ${answer.status}`)
          }
          // A device backs off while the server is away; a short wait keeps the test short.
          await sleep(50 + this.random(100))
          continue
        }
        const results = (answer.body as { results: Answered[] }).results
        const retry: Edit[] = []
        pending.forEach((edit, i) => {
          const result = results[i]
          if (result?.status === 'rejected' && !result.permanent) retry.push(edit)
          else if (result) this.answers.set(edit.id, result)
        })
        pending = retry
      }
    }
  }
}

class Puller {
  /** The device's copy, keyed `collection/id`. */
  readonly view = new Map<string, Doc>()
  private cursor: string | null = null
  pulls = 0

  constructor(readonly client: Client) {}

  /** Pulls pages until the server says there is no more; false when the server was away. */
  async drain(deadline: number): Promise<boolean> {
    const path = dbCallPath('attendance', 'pull')
    for (let page = 0; page < 1_000 && Date.now() < deadline; page++) {
      this.pulls += 1
      const answer = await this.client.call(path, { v: SYNC_PROTOCOL_VERSION, cursor: this.cursor })
      if (answer?.status !== 200) return false
      const body = answer.body as {
        changes: Record<string, Doc[]>
        cursor: string
        more: boolean
        reset: boolean
      }
      if (body.reset) this.view.clear()
      // Read generically: whatever collections the answer carries, by name.
      for (const [collection, rows] of Object.entries(body.changes)) {
        for (const row of rows) this.view.set(`${collection}/${row._id as string}`, row)
      }
      this.cursor = body.cursor
      if (!body.more) return true
    }
    return false
  }
}

export async function runKillScenario(options: KillRunOptions): Promise<KillRunReport> {
  const started = Date.now()
  const deadline = started + options.timeLimitMs
  const log = options.log ?? (() => undefined)
  const dir = mkdtempSync(join(tmpdir(), 'lfit-kill-'))
  const dataDir = join(dir, 'data')
  const webDir = join(dir, 'web')
  mkdirSync(webDir)
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>LFIT</title>')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = new ServerProcess(
    {
      NODE_ENV: 'development',
      DEMO: '1',
      SESSION_SECRET: SECRET,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      MONGODB_URI: '',
      SYNC_STALE_PENDING_MS: String(options.staleMs),
    },
    url,
    join(dir, 'server.log'),
  )
  const problems: string[] = []
  let kills = 0
  try {
    await server.start(deadline)
    const writers = Array.from(
      { length: options.writers },
      (_, i) => new Writer(new Client(url, 'presenceEditor@demo.test'), i),
    )
    const pullerUsers = ['educator@demo.test', 'regEditor@demo.test', 'admin@demo.test']
    const pullers = Array.from(
      { length: options.pullers },
      (_, i) => new Puller(new Client(url, pullerUsers[i % pullerUsers.length] as string)),
    )
    for (const { client } of [...writers, ...pullers]) {
      if (!(await client.login())) {
        throw new Error('a client could not log in with the demo password')
      }
    }

    let killing = true
    let lastKill = 0
    const writing = Promise.all(
      writers.map((writer) =>
        writer.run({
          batchSize: options.batchSize,
          min: options.minBatches,
          more: () => killing,
          deadline,
          problems,
        }),
      ),
    )
    let writersDone = false
    void writing.then(() => (writersDone = true))
    const pulling = Promise.all(
      pullers.map(async (puller) => {
        for (let round = 0; round < 100_000 && !writersDone && Date.now() < deadline; round++) {
          if (!(await puller.drain(deadline))) await sleep(100)
          await sleep(20)
        }
      }),
    )

    // The killer: each kill lands while a push is in flight, a random part of a push time later.
    const random = randomSource(104729)
    for (let k = 0; k < options.kills && Date.now() < deadline; k++) {
      await sleep(100 + random(300))
      const waitUntil = Date.now() + 10_000
      let busy = writers.find((w) => w.inFlight)
      while (!busy && Date.now() < waitUntil) {
        await sleep(1)
        busy = writers.find((w) => w.inFlight)
      }
      if (!busy) {
        problems.push('no push was in flight to kill')
        break
      }
      await sleep(random(Math.max(1, Math.round(busy.pushMs))))
      await server.kill()
      kills += 1
      lastKill = Date.now()
      log(`kill ${kills}/${options.kills} after ${((lastKill - started) / 1000).toFixed(1)} s`)
      await server.restart(deadline)
    }
    killing = false
    await writing
    await pulling

    // Every entry left pending by a killed writer is stale once the limit has passed since the
    // last kill; then a full drain must leave each puller with the server's records.
    const staleAt = lastKill + options.staleMs + 200
    if (Date.now() < staleAt) await sleep(staleAt - Date.now())
    for (const puller of pullers) {
      if (!(await puller.drain(deadline))) problems.push('a final pull did not finish')
    }
    await server.stop()

    const store = await openStore({ dataDir, dbName: 'lfit' })
    try {
      const records = new Map<string, Doc>()
      for (const collection of SYNC_COLLECTIONS) {
        for (const { rev: _rev, ...doc } of await store.collection(collection).find({})) {
          records.set(`${collection}/${doc._id as string}`, doc)
        }
      }
      let stalePullers = 0
      for (const puller of pullers) {
        // Each puller reads whole the collections its role reads all of (the demo library, say,
        // is not the educator's to read), and must hold exactly those records.
        const { username } = puller.client
        const roles = [username.split('@')[0] as string]
        const read = SYNC_COLLECTIONS.filter(
          (name) => SYNCED[name].readScope({ username, roles }).kind === 'all',
        )
        const expected = new Map(
          [...records].filter(([key]) => read.some((name) => key.startsWith(`${name}/`))),
        )
        if (isDeepStrictEqual(puller.view, expected)) continue
        stalePullers += 1
        const missing = [...expected].filter(
          ([key, doc]) => !isDeepStrictEqual(puller.view.get(key), doc),
        )
        problems.push(
          `a puller's copy differs in ${missing.length} records, e.g. ${missing[0]?.[0]}`,
        )
      }

      const edits = writers.flatMap((writer) => writer.edits)
      const answers = new Map(writers.flatMap((writer) => [...writer.answers]))
      const kept = await store.collection('history').find({ _id: { $in: edits.map((e) => e.id) } })
      const history = new Map<string, Doc>()
      let duplicated = 0
      for (const doc of kept) {
        if (history.has(doc._id as string)) duplicated += 1
        history.set(doc._id as string, doc)
      }
      for (const [id, answer] of answers) {
        const stored = history.get(id)?.result as { status?: string } | undefined
        if (stored && stored.status !== answer.status) duplicated += 1
      }
      // Per record and field, the winning edit among those the server kept: the merge rule.
      const winner = new Map<string, Edit>()
      for (const edit of edits) {
        if (!history.has(edit.id)) continue
        for (const field of Object.keys(edit.fields)) {
          const key = `${edit.recordId}/${field}`
          const best = winner.get(key)
          if (!best || best.hlc < edit.hlc) winner.set(key, edit)
        }
      }
      let lost = 0
      for (const edit of edits) {
        if (!answers.has(edit.id)) continue
        if (!history.has(edit.id)) {
          lost += 1
          continue
        }
        const record = records.get(`attendance/${edit.recordId}`)
        const holds = Object.keys(edit.fields).every((field) => {
          const best = winner.get(`${edit.recordId}/${field}`) as Edit
          const stamp = (record?.stamps as Record<string, { hlc: string }> | undefined)?.[field]
          return stamp?.hlc === best.hlc && isDeepStrictEqual(record?.[field], best.fields[field])
        })
        if (!holds) lost += 1
      }
      const entries = await store.collection('changes').find({}, { sort: { _id: 1 } })
      const gaps = entries.filter((entry, i) => entry._id !== i + 1).length
      const pendingLeft = entries.filter((entry) => entry.state === 'pending').length
      return {
        kills,
        restarts: server.restarts,
        editsPushed: edits.length,
        acknowledged: answers.size,
        pushes: writers.reduce((sum, w) => sum + w.pushes, 0),
        unanswered: writers.reduce((sum, w) => sum + w.unanswered, 0),
        lost,
        duplicated,
        stalePullers,
        pendingLeft,
        gaps,
        problems,
        seconds: (Date.now() - started) / 1000,
      }
    } finally {
      await store.close()
    }
  } finally {
    await server.kill()
    rmSync(dir, { recursive: true, force: true })
  }
}
