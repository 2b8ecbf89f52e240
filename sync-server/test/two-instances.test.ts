// Several instances behind one address with one MongoDB (README, docs/0033): two app instances,
// each with its own connection, user and session caches, live hub, lock, lease and mail worker,
// on one database of the MongoDB wire-protocol test server (which has no change streams, so the
// live feed polls). A device's requests may land on either: its session, its pulls, its pokes and
// its files must not care which, and the work done once (seeding, mail, certificates) is done
// once. One writer here is a child process killed mid-push.
import { VISITOR_ANSWER as VISITOR } from '@lfit/domain/api/answers'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import WebSocket from 'ws'
import type { Certificate } from '@lfit/domain/certificates/record'
import { studyDaysOfYear } from '@lfit/domain/makeups/standing'
import { schedule } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { LIVE_PATH, parseLiveMessage } from '@lfit/domain/sync/live'
import type { Mutation, PullResponse, PushResponse } from '@lfit/domain/sync/protocol'
import { SESSION_CACHE_MS, SESSIONS } from '../src/auth/sessions'
import { SESSION_SECONDS } from '../src/auth/token'
import { openGridFsFileStore } from '../src/files/gridfs'
import type { FileStore } from '../src/files/port'
import { memoryLog } from '../src/http/log'
import { MAIL_OUTBOX, OutboxMailer } from '../src/mail/outbox'
import { smtpTransport } from '../src/mail/transports'
import { MailWorker } from '../src/mail/worker'
import { enrolDirectly } from '../src/people/enrolments'
import { prepareData } from '../src/seed/prepare'
import { openStore } from '../src/store/open'
import type { Store } from '../src/store/port'
import { CHANGES } from '../src/sync/changelog'
import { INSTANCES, InstanceLease } from '../src/sync/instances'
import { pdfBytes, send, upload } from './file-transfer'
import {
  Browser,
  PASSWORD,
  ROLE_USERS,
  START,
  TestClock,
  randomDbName,
  seedUsers,
  startServer,
  userFor,
  type TestServer,
} from './harness'
import { startSmtpSink, type SmtpSink } from './smtp-sink'

const DAY = 'lfit_20261116'
const PARTICIPANT = userFor('participant').username
const PARTICIPANTS = ['ana', 'bor', 'cene', 'dana'].map((name) => `${name}@test.lfit`)
const LIVE = { pollMs: 50, pingMs: 1_000, maxSocketsPerUser: 4, maxAgeMs: 15 * 60_000 }
/** Short, so the test is quick; long enough that a busy machine does not starve a live beat. */
const LEASE_MS = 1_500
const writer = fileURLToPath(new URL('./stalled-writer.ts', import.meta.url))
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

const errorCode = (body: unknown) => (body as { error?: { code?: string } })?.error?.code

/** The same device on another instance: the load balancer sent its next request there. */
function over(server: TestServer, browser: Browser): Browser {
  const moved = new Browser(server.url)
  for (const [name, value] of browser.cookies) moved.cookies.set(name, value)
  return moved
}

let wall = START
function mark(
  participant: string,
  fields: Record<string, unknown>,
  device: string,
  day = DAY,
): Mutation {
  return {
    id: `m-${randomUUID()}`,
    collection: 'attendance',
    recordId: `${day}:${participant}`,
    hlc: encodeHlc({ wall: ++wall, counter: 0, node: device }),
    deviceId: device,
    fields,
  }
}

/** Pushes a batch; every edit is taken (applied, or superseded by a later stamp already held). */
async function push(browser: Browser, batch: Mutation[]) {
  const answer = await browser.db('attendance', 'upsertBatch', { v: 1, batch })
  expect(answer.status).toBe(200)
  for (const { status } of (answer.body as PushResponse).results) {
    expect(['applied', 'superseded']).toContain(status)
  }
}

type Row = PullResponse['changes']['attendance'][number]

/** Pulls into `view` until nothing more, alternating instances page by page; the last cursor. */
async function pullInto(devices: Browser[], cursor: string | null, view: Map<string, Row>) {
  for (let page = 0; ; page++) {
    const device = devices[page % devices.length] as Browser
    const answer = await device.db('attendance', 'pull', { v: 1, cursor })
    expect(answer.status).toBe(200)
    const body = answer.body as PullResponse
    if (body.reset) view.clear()
    for (const record of body.changes.attendance) view.set(record._id, record)
    cursor = body.cursor
    if (!body.more) return cursor
  }
}

async function stored(store: Store): Promise<Map<string, Row>> {
  const docs = await store.collection('attendance').find({})
  return new Map(docs.map(({ rev: _rev, ...doc }) => [doc._id as string, doc as unknown as Row]))
}

/** A live socket of `browser` on `server`, answering its pokes' cursors in order. */
async function liveSocket(server: TestServer, browser: Browser) {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}${LIVE_PATH}`, {
    headers: { origin: server.url, cookie },
  })
  const pokes: string[] = []
  const waiting: (() => void)[] = []
  ws.on('message', (data) => {
    const message = parseLiveMessage(String(data))
    if (message?.type === 'poke') pokes.push(message.cursor)
    for (const wake of waiting.splice(0)) wake()
  })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  return {
    ws,
    async poke(): Promise<string> {
      while (pokes.length === 0) await new Promise<void>((wake) => waiting.push(wake))
      return pokes.shift() as string
    },
  }
}

interface Instance {
  dbName: string
  server: TestServer
  store: Store
  files: FileStore
  lease: InstanceLease
  dataDir: string
}

async function startInstance(
  dbName: string,
  clock: TestClock,
  sessionSecret: string,
): Promise<Instance> {
  // Its own Store object: its own claim lock, lease and caches, as in another process.
  const store = await openStore({ mongodbUri: inject('mongoUri'), dataDir: '.', dbName })
  const lease = new InstanceLease(store, LEASE_MS, memoryLog())
  await lease.start()
  const files = await openGridFsFileStore(inject('mongoUri'), dbName)
  const dataDir = mkdtempSync(join(tmpdir(), 'lfit-instance-'))
  const server = await startServer({
    store,
    clock,
    live: true,
    files,
    config: { sessionSecret, dataDir, live: LIVE },
  })
  return { dbName, server, store, files, lease, dataDir }
}

async function stopInstance(instance: Instance): Promise<void> {
  await instance.server.close()
  await instance.lease.stop()
  await instance.files.close()
  await instance.store.close()
  rmSync(instance.dataDir, { recursive: true, force: true })
}

describe('two instances on one MongoDB', () => {
  let clock: TestClock
  let a: Instance
  let b: Instance
  let dir: string
  const sockets: WebSocket[] = []
  const children: ChildProcess[] = []

  beforeEach(async () => {
    const dbName = randomDbName()
    clock = new TestClock()
    // One SESSION_SECRET for every instance, as the README asks.
    const secret = randomBytes(32).toString('base64url')
    a = await startInstance(dbName, clock, secret)
    b = await startInstance(dbName, clock, secret)
    await seedUsers(a.store, [
      ...ROLE_USERS,
      ...PARTICIPANTS.map((username) => ({ username, roles: ['participant' as const] })),
    ])
    dir = mkdtempSync(join(tmpdir(), 'lfit-two-'))
  })
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL')
    for (const ws of sockets.splice(0)) ws.terminate()
    await a.store.drop()
    await stopInstance(a)
    await stopInstance(b)
    rmSync(dir, { recursive: true, force: true })
  })

  it('a session made on one works on the other; logout, a password change and a block end it there within the session check', async () => {
    const here = a.server.browser()
    expect((await here.login(PARTICIPANT)).status).toBe(200)
    expect((await over(b.server, here).auth('user')).status).toBe(200)
    expect((await here.auth('logout')).status).toBe(200)
    const loggedOut = over(b.server, here)
    clock.advance(SESSION_CACHE_MS)
    expect((await loggedOut.auth('user')).body).toEqual(VISITOR)

    // A password changed on A ends the session B served; the changer's own one lives on, on B too.
    const changer = a.server.browser()
    await changer.login(PARTICIPANT)
    const elsewhere = b.server.browser()
    await elsewhere.login(PARTICIPANT)
    expect((await elsewhere.auth('user')).status).toBe(200)
    const changed = await changer.auth('password', {
      oldPassword: PASSWORD,
      newPassword: 'new-pass-1',
    })
    expect(changed.status).toBe(200)
    clock.advance(SESSION_CACHE_MS)
    expect((await elsewhere.auth('user')).body).toEqual(VISITOR)
    expect((await over(b.server, changer).auth('user')).status).toBe(200)

    // A block on A ends the session on B.
    const blocked = b.server.browser()
    await blocked.login(userFor('librarian').username)
    expect((await blocked.auth('user')).status).toBe(200)
    const admin = await a.server.as('admin')
    const id = `user-${userFor('librarian').username}`
    expect((await admin.db('users', 'save', { _id: id, status: 'blocked' })).status).toBe(200)
    clock.advance(SESSION_CACHE_MS)
    expect((await blocked.auth('user')).body).toEqual(VISITOR)
  })

  it('both instances sweep expired sessions, and neither sweeps away the other’s live ones', async () => {
    await a.server.browser().login(PARTICIPANT)
    clock.advance(SESSION_SECONDS * 1_000)
    const [onA, onB] = [a.server.browser(), b.server.browser()]
    await Promise.all([onA.login(PARTICIPANT), onB.login(PARTICIPANT)])
    const sessions = await a.store.collection(SESSIONS).find({})
    expect(sessions.map((s) => s.createdAt)).toEqual([clock.now, clock.now])
    expect((await over(b.server, onA).auth('user')).status).toBe(200)
    expect((await over(a.server, onB).auth('user')).status).toBe(200)
  })

  it('an unblock on one instance is not undone by the other instance’s cached block', async () => {
    const admin = await a.server.as('admin')
    const id = `user-${PARTICIPANT}`
    expect((await admin.db('users', 'save', { _id: id, status: 'blocked' })).status).toBe(200)
    // The blocked user tries B, which now holds the blocked record in its user cache.
    const refused = await b.server.browser().login(PARTICIPANT)
    expect(errorCode(refused.body)).toBe('userBlocked')
    expect((await admin.db('users', 'save', { _id: id, status: 'active' })).status).toBe(200)

    const device = a.server.browser()
    expect((await device.login(PARTICIPANT)).status).toBe(200)
    const onB = over(b.server, device)
    const answer = await onB.auth('user')
    expect(answer.status).toBe(200)
    expect(onB.cookies.get('token')).toBe(device.cookies.get('token'))
    expect((await device.auth('user')).status).toBe(200)
  })

  it('a block written straight into the database still refuses, and ends the session for both', async () => {
    const device = a.server.browser()
    expect((await device.login(PARTICIPANT)).status).toBe(200)
    const users = a.store.collection('users')
    await users.upsert({ username: PARTICIPANT }, { $set: { status: 'blocked' } })
    // B learns of the block by a refused login; the device's session was never ended.
    expect(errorCode((await b.server.browser().login(PARTICIPANT)).body)).toBe('userBlocked')
    const refused = await over(b.server, device).auth('user')
    expect(refused.status).toBe(401)
    expect(errorCode(refused.body)).toBe('userBlocked')
    // Read again and still blocked: the session is gone, so A (which cached the user active) refuses too.
    clock.advance(SESSION_CACHE_MS)
    expect((await device.auth('user')).body).toEqual(VISITOR)
  })

  it('pushes to both converge and cursor pulls from either miss nothing', async () => {
    const editorA = await a.server.as('presenceEditor')
    const editorB = over(b.server, editorA)
    const readerA = await a.server.as('admin')
    const readerB = over(b.server, readerA)
    const view = new Map<string, Row>()
    let cursor = await pullInto([readerA], null, view)
    const edits: Mutation[] = []
    const pushes: Promise<void>[] = []
    for (let round = 0; round < 6; round++) {
      for (const [device, browser] of [
        ['tablet-a', editorA],
        ['tablet-b', editorB],
      ] as const) {
        const batch = PARTICIPANTS.map((p, i) =>
          mark(p, (round + i) % 2 ? { mark: 'present' } : { note: `${device} ${round}` }, device),
        )
        edits.push(...batch)
        pushes.push(push(browser, batch))
      }
      // A cursor from one instance is used on the other, while the pushes go on.
      cursor = await pullInto(round % 2 ? [readerA, readerB] : [readerB, readerA], cursor, view)
    }
    await Promise.all(pushes)
    await pullInto([readerB, readerA], cursor, view)

    // Per field, the edit with the latest stamp wins, whichever instance took it.
    const expected = new Map<string, Record<string, unknown>>()
    for (const edit of edits.toSorted((x, y) => (x.hlc < y.hlc ? -1 : 1))) {
      expected.set(edit.recordId, { ...expected.get(edit.recordId), ...edit.fields })
    }
    const records = await stored(a.store)
    for (const [id, fields] of expected) expect(records.get(id)).toMatchObject(fields)
    expect(view).toEqual(records)
    const log = await a.store.collection(CHANGES).find({}, { sort: { _id: 1 } })
    expect(log.map((entry) => entry._id)).toEqual(log.map((_, i) => i + 1))
    expect(log.filter((entry) => entry.state !== 'committed')).toEqual([])
  })

  it('a push on one pokes a socket on the other', async () => {
    const participant = b.server.browser()
    await participant.login(PARTICIPANTS[0] as string)
    const socket = await liveSocket(b.server, participant)
    sockets.push(socket.ws)
    await push(await a.server.as('presenceEditor'), [
      mark(PARTICIPANTS[0] as string, { mark: 'present' }, 't'),
    ])
    expect(await socket.poke()).toMatch(/^[\w-]+:\d+$/)
    expect(b.server.live?.mode).toBe(
      inject('mongoServer') === 'mongo-java-server' ? 'polling' : b.server.live?.mode,
    )
    // Why it polls is said in words, not as the driver's "Unknown error: null".
    for (const { server } of [a, b]) {
      for (const line of server.log.lines.filter((l) => l.message.includes('no change stream'))) {
        expect(line.fields.reason).toMatch(/offers no change streams/)
        expect(line.fields.reason).not.toMatch(/unknown error/i)
      }
    }
  })

  it('a file uploaded through one downloads from the other', async () => {
    const editor = await a.server.as('mediaEditor')
    const pdf = pdfBytes(300 * 1024)
    const uploaded = await upload(editor, 'vaja.pdf', 'application/pdf', pdf)
    expect(uploaded.reply.status).toBe(204)
    const downloaded = await send(over(b.server, editor), 'GET', `/api/files/${uploaded.fileId}`)
    expect(downloaded.status).toBe(200)
    expect(Buffer.from(downloaded.bytes).equals(Buffer.from(pdf))).toBe(true)
  })

  // A child process (tsx) starts slowly on a busy machine: its own time budget.
  it(
    'a writer killed between claim and commit holds nobody back longer than its lease',
    { timeout: 60_000 },
    async () => {
      const editor = await b.server.as('presenceEditor')
      const view = new Map<string, Row>()
      let cursor = await pullInto([editor], null, view)
      const [ana, bor] = PARTICIPANTS as [string, string]
      const batch = [mark(ana, { mark: 'late' }, 'tablet-dead')]
      const file = join(dir, 'batch.json')
      const user = { username: userFor('presenceEditor').username, roles: ['presenceEditor'] }
      writeFileSync(file, JSON.stringify({ user, now: clock.now, batch }))
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', writer, inject('mongoUri'), a.dbName, String(LEASE_MS), file],
        { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
      )
      children.push(child)
      await new Promise<void>((resolve, reject) => {
        let out = ''
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          if (out.includes('stalled\n')) resolve()
        })
        child.once('exit', (code) => reject(new Error(`stalled writer exited with ${code}`)))
      })
      // A push after the stalled one, through A: committed, but behind the pending entry.
      await push(await a.server.as('presenceEditor'), [mark(bor, { mark: 'present' }, 'tablet-a')])

      // While the writer beats, its entry is waited for, however long it is pending: here for more
      // than a lease (five beats, one every third of a lease).
      const own = new Set<string>([a.lease.id, b.lease.id])
      const writerBeat = async () => {
        const docs = await b.store.collection(INSTANCES).find({})
        return Number(docs.find((doc) => !own.has(doc._id as string))?.beat ?? 0)
      }
      const first = await writerBeat()
      while ((await writerBeat()) < first + 5) {
        cursor = await pullInto([editor, over(a.server, editor)], cursor, view)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      cursor = await pullInto([editor], cursor, view)
      expect(view.has(`${DAY}:${ana}`)).toBe(false)
      expect(view.has(`${DAY}:${bor}`)).toBe(false)

      child.kill('SIGKILL')
      await new Promise((resolve) => child.once('exit', resolve))
      // Dead: passed once its beat stops for a lease. The app's clock stands still, so the stale
      // limit (30 s from the claim) cannot be what let it through.
      while (!view.has(`${DAY}:${bor}`)) {
        cursor = await pullInto([editor, over(a.server, editor)], cursor, view)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(view.get(`${DAY}:${ana}`)).toMatchObject({ mark: 'late' })
      expect(view.get(`${DAY}:${bor}`)).toMatchObject({ mark: 'present' })
      const abandoned = await a.store.collection(CHANGES).find({ state: 'abandoned' })
      expect(abandoned).toHaveLength(1)
      expect(clock.now - (abandoned[0]?.at as number)).toBeLessThan(
        b.server.config.syncStalePendingMs,
      )
    },
  )

  it('two issues of one certificate at once, one per instance, store one', async () => {
    const days = studyDaysOfYear(schedule(), 3)
    expect(days.length).toBeGreaterThan(0)
    await a.store.collection('enrolments').insert({
      _id: `3:${PARTICIPANT}`,
      person: PARTICIPANT,
      year: 3,
      status: 'completed',
      project: 'lfit',
      history: [],
    })
    const scope = { kind: 'year', year: 3 }
    const [onA, onB] = await Promise.all([a.server.as('regEditor'), b.server.as('admin')])
    const answers = await Promise.all(
      [onA, onB, onA, onB].map((browser) =>
        browser.post('/api/certificates/issue', { scope, people: [PARTICIPANT] }),
      ),
    )
    const issued = answers.flatMap((answer) => (answer.body as { issued: Certificate[] }).issued)
    expect(issued).toHaveLength(1)
    expect(await a.store.collection('certificates').count({ status: 'valid' })).toBe(1)
    expect(await a.store.collection('certificates').count({})).toBe(1)
  })

  it('a participant reaching the limit through both instances at once is mailed once', async () => {
    await enrolDirectly(a.store, {
      person: PARTICIPANT,
      year: 4,
      by: userFor('admin').username,
      at: new Date(START).toISOString(),
    })
    // Study days of programme year 4, all before the clock's today: 4 of at most 5 is at risk.
    const days = ['lfit_20260209', 'lfit_20260210', 'lfit_20260211', 'lfit_20260212']
    const onA = await a.server.as('presenceEditor')
    const onB = over(b.server, onA)
    await Promise.all(
      days.map((day, i) =>
        push(i % 2 ? onB : onA, [mark(PARTICIPANT, { mark: 'absent' }, `tablet-${i}`, day)]),
      ),
    )
    await push(
      onB,
      days.map((day) => mark(PARTICIPANT, { mark: 'absent' }, 'tablet-9', day)),
    )
    const mails = await a.store.collection(MAIL_OUTBOX).find({})
    expect(mails.map((m) => [m.to, m.kind]).toSorted()).toEqual([
      [userFor('fullRegEditor').username, 'makeupAtRiskStaff'],
      [PARTICIPANT, 'makeupAtRisk'],
      [userFor('regEditor').username, 'makeupAtRiskStaff'],
    ])
  })

  describe('with a mail server', () => {
    let sink: SmtpSink
    beforeEach(async () => {
      sink = await startSmtpSink()
    })
    afterEach(async () => {
      await sink.close()
    })

    it('sends each queued message once, whichever instance queued it', async () => {
      const from = 'LFIT <lfit@studio.example>'
      const workers = [a, b].map(
        ({ store }) =>
          new MailWorker({
            store: async () => store,
            clock: clock.read,
            transport: smtpTransport(sink.url, from),
            log: memoryLog(),
          }),
      )
      const mailers = [a, b].map(({ store }) => new OutboxMailer(async () => store, clock.read))
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (mailers[i % 2] as OutboxMailer).send({
            kind: 'test',
            to: `m${i}@example.si`,
            language: 'sl',
            subject: `Sporočilo ${i}`,
            text: `${i}`,
            html: `<p>${i}</p>`,
          }),
        ),
      )
      await Promise.all(workers.flatMap((worker) => [worker.deliverDue(), worker.deliverDue()]))
      await Promise.all(workers.map((worker) => worker.deliverDue()))
      const recipients = sink.received.flatMap((message) => message.to).toSorted()
      expect(recipients).toEqual(
        Array.from({ length: 12 }, (_, i) => `m${i}@example.si`).toSorted(),
      )
      expect(await a.store.collection(MAIL_OUTBOX).count({ status: 'sent' })).toBe(12)
      await Promise.all(workers.map((worker) => worker.stop()))
    })
  })
})

describe('demo data prepared by two instances starting at once', () => {
  it('is seeded once: the same records, each edit applied once', async () => {
    const dbName = randomDbName()
    const open = () => openStore({ mongodbUri: inject('mongoUri'), dataDir: '.', dbName })
    const [first, second] = await Promise.all([open(), open()])
    // Each instance has its own handle on the one GridFS, as two servers do.
    const files = await Promise.all(
      [0, 1].map(() => openGridFsFileStore(inject('mongoUri'), dbName)),
    )
    const logs = [memoryLog(), memoryLog()]
    try {
      const config = {
        demo: true,
        env: 'test',
        certificateSecret: 'two-instances-secret',
        demoCalendar: 'today',
      } as const
      await Promise.all(
        [first, second].map((store, i) =>
          prepareData(config, store, logs[i] as ReturnType<typeof memoryLog>, {
            now: START,
            files: files[i] as FileStore,
          }),
        ),
      )
      // Both may have found no users and seeded: the same records, and each edit kept once.
      const seeded = logs
        .flatMap((log) => log.lines)
        .filter((l) => l.message === 'demo data seeded')
      expect(seeded.length).toBeGreaterThan(0)
      const report = seeded[0]?.fields as Record<string, number>
      for (const collection of ['users', 'attendance', 'absences', 'materials', 'library']) {
        expect(await first.collection(collection).count({}), collection).toBe(report[collection])
      }
      const edits = ['attendance', 'absences', 'materials', 'library'].map((c) => report[c] ?? 0)
      // The first calendar is stored once too: a record per block and the programme's, each
      // edit kept once in history (docs/0047-the-calendar-is-data.md).
      const calendar = await first.collection('calendar').count({})
      expect(calendar).toBe(schedule().blocks.length + 1)
      expect(await first.collection('history').count({})).toBe(
        edits.reduce((x, y) => x + y) + calendar,
      )
      // The demo's files were stored once: one record per file, each material naming those.
      expect(await first.collection('files').count({})).toBe(
        await second.collection('files').count({}),
      )
      for (const material of await first.collection('materials').find({})) {
        for (const file of material.files as { fileId: string }[]) {
          expect(await first.collection('files').findById(file.fileId)).not.toBeNull()
        }
      }
    } finally {
      await Promise.all(files.map((store) => store.close()))
      await first.drop()
      await first.close()
      await second.close()
    }
  })
})
