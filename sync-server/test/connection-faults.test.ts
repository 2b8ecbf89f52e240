// A client that vanishes mid-request ends its own connection, never the server (issue 31,
// docs/0029-a-connection-fault-ends-only-that-connection.md). The real server runs as a child
// process (kill-run.ts's ServerProcess, as `npm start` runs it) on an embedded store in a
// temporary DATA_DIR, and raw TCP sockets on loopback cut requests short the ways a studio
// tablet on flaky Wi-Fi or a hostile client does: WebSocket upgrades reset before the answer
// (at once, after a few ms, after a half-close; without a session, with a lapsed one, signed
// in; to unknown paths; tunnels), API, login, statistics and upload bodies reset midway,
// downloads aborted mid-way (a stored file by range, an app file gzipped and by range). After
// each, the same process must still answer. Counts are bounded; everything stays on loopback.
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { dbCallPath } from '@lfit/domain/api/calls'
import { LIVE_PATH } from '@lfit/domain/sync/live'
import { DEMO_PASSWORD } from '../src/seed/demo-data'
import { createUpload, pdfBytes, sha256, upload } from './file-transfer'
import { Browser } from './harness'
import { freePort, ServerProcess } from './kill-run'

/** Upgrades per round: as many as a whole studio's tablets reconnecting at once. */
const UPGRADES = 40
/** Requests per round cut short mid-body, and range downloads aborted. */
const CUT_REQUESTS = 10
const SECRET = 'fault-test-session-secret-0123456789abcdef'
/** A script of the web build, large enough that its answer is still being sent when cut. */
const LARGE_ASSET = '/assets/large.js'
const largeAsset = new Uint8Array(
  Buffer.from(`const data = '${randomBytes(6 * 1024 * 1024).toString('base64')}'\n`),
)

const CUTS = ['at once', 'after a few ms', 'after a half-close'] as const
type Cut = (typeof CUTS)[number]

let dir: string
let port: number
let url: string
let server: ServerProcess
let pid: number | undefined
/** The demo admin, signed in: a file manager, so it may upload and download. */
let admin: Browser

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lfit-faults-'))
  // The web build is one large script: the site serves it gzipped (a compression stream) and
  // by range, both of which a client can abandon mid-way.
  mkdirSync(join(dir, 'web', 'assets'), { recursive: true })
  writeFileSync(join(dir, 'web', LARGE_ASSET), largeAsset)
  port = await freePort()
  url = `http://127.0.0.1:${port}`
  server = new ServerProcess(
    {
      NODE_ENV: 'test',
      DEMO: '1',
      SESSION_SECRET: SECRET,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(dir, 'data'),
      WEB_DIR: join(dir, 'web'),
      MONGODB_URI: '',
      // A piece cut mid-body leaves its upload staged to be resumed, counted in its uploader's
      // share (docs/0031); this test cuts more of them than one uploader may hold by default.
      UPLOAD_STAGED_MAX_COUNT_PER_USER: '1000',
    },
    url,
    join(dir, 'server.log'),
  )
  await server.start(Date.now() + 60_000)
  pid = server.pid
  admin = new Browser(url)
  expect((await admin.login('admin@demo.test', DEMO_PASSWORD)).status).toBe(200)
})

beforeEach(async () => {
  // A test that ended the process fails on its own; the next one is judged on a fresh server.
  const answering = await admin.auth('user').then(
    (answer) => answer.status === 200,
    () => false,
  )
  if (server.pid !== undefined && answering) return
  await server.kill()
  await server.restart(Date.now() + 60_000)
  pid = server.pid
})

afterAll(async () => {
  await server?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** How long, after its faults, the server must go on answering: past the app's slowest answer. */
const WATCH_MS = 250

/**
 * The server is the process started above and answers a signed-in API call, again and again for
 * WATCH_MS: a fault ends the process only once the app has answered the request, which may be
 * after the first check.
 */
async function expectSameProcessServing(): Promise<void> {
  const until = Date.now() + WATCH_MS
  do {
    expect(server.pid).toBeDefined()
    expect(server.pid).toBe(pid)
    expect((await admin.auth('user')).status).toBe(200)
    await sleep(25)
  } while (Date.now() < until)
  expect(server.pid).toBe(pid)
}

function cookieOf(browser: Browser): string {
  return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}

/** A request head as raw bytes: the request line, the headers, the blank line. */
function head(requestLine: string, headers: Record<string, string | undefined>): string {
  const lines = [requestLine, `Host: 127.0.0.1:${port}`]
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) lines.push(`${name}: ${value}`)
  }
  return `${lines.join('\r\n')}\r\n\r\n`
}

function upgradeRequest(path: string, cookie?: string): string {
  return head(`GET ${path} HTTP/1.1`, {
    Upgrade: 'websocket',
    Connection: 'Upgrade',
    'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
    'Sec-WebSocket-Version': '13',
    Origin: url,
    Cookie: cookie,
  })
}

/**
 * Opens a connection, writes `parts` and resets it (RST, as a dropped link or a killed client
 * leaves it): at once, after `ms`, or after half-closing it first. Resolves once it is closed.
 */
async function cutShort(parts: (string | Uint8Array)[], cut: Cut, ms: number): Promise<void> {
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => undefined)
  await once(socket, 'connect')
  for (const part of parts) socket.write(part)
  if (cut !== 'at once') {
    if (cut === 'after a half-close') socket.end()
    await sleep(ms)
  }
  socket.resetAndDestroy()
  if (!socket.closed) await once(socket, 'close')
}

/** `count` connections at once, each cut short the same way (a few ms apart when waiting). */
function cutMany(count: number, parts: () => (string | Uint8Array)[], cut: Cut) {
  return Promise.all(Array.from({ length: count }, (_, i) => cutShort(parts(), cut, 1 + (i % 5))))
}

/** The server's JSON log lines so far (standard output and error both go to the log file). */
function logLines(): Record<string, unknown>[] {
  return readFileSync(join(dir, 'server.log'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

describe('a client that vanishes before the server answers', () => {
  const SESSIONS = ['without a session', 'with a lapsed session', 'signed in'] as const
  const table = SESSIONS.flatMap((session) => CUTS.map((cut) => [session, cut] as const))

  it.each(table)(
    'forty live upgrades %s, reset %s, leave the same process serving',
    async (session, cut) => {
      const cookie =
        session === 'signed in'
          ? cookieOf(admin)
          : session === 'with a lapsed session'
            ? `${[...admin.cookies.keys()][0]}=${'x'.repeat(40)}.lapsed.token`
            : undefined
      await cutMany(UPGRADES, () => [upgradeRequest(LIVE_PATH, cookie)], cut)
      await expectSameProcessServing()
    },
  )

  it.each(CUTS)(
    'forty upgrades to unknown paths and tunnels (CONNECT), reset %s, leave it serving',
    async (cut) => {
      const requests = [
        ...['/api/nothing', '/', '/api/live/deeper', `${LIVE_PATH}x`].map((path) =>
          upgradeRequest(path),
        ),
        head('CONNECT 127.0.0.1:22 HTTP/1.1', {}),
      ]
      let i = 0
      await cutMany(UPGRADES, () => [requests[i++ % requests.length] as string], cut)
      await expectSameProcessServing()
    },
  )

  it('refuses an upgrade with a malformed Host the way it refuses a foreign origin', async () => {
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => undefined)
    await once(socket, 'connect')
    socket.write(upgradeRequest(LIVE_PATH, cookieOf(admin)).replace(/^Host: .*$/m, 'Host: a b'))
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
    await once(socket, 'close')
    expect(answer.slice(0, 12)).toBe('HTTP/1.1 403')
    await expectSameProcessServing()
  })

  it('logs a fault with the request id of its connection, and no cookie', async () => {
    const requestId = `fault-${randomBytes(6).toString('hex')}`
    // Answered first, then reset: a socket the server reads from, so the fault is certain.
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        const socket = connect(port, '127.0.0.1')
        socket.on('error', () => undefined)
        await once(socket, 'connect')
        socket.write(
          head(`GET ${LIVE_PATH} HTTP/1.1`, {
            Upgrade: 'websocket',
            Connection: 'Upgrade',
            'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
            'Sec-WebSocket-Version': '13',
            Origin: url,
            Cookie: cookieOf(admin),
            'X-Request-Id': requestId,
          }),
        )
        const [answer] = (await once(socket, 'data')) as [Buffer]
        expect(answer.subarray(0, 12).toString()).toBe('HTTP/1.1 101')
        socket.resetAndDestroy()
        if (!socket.closed) await once(socket, 'close')
      }),
    )
    await expectSameProcessServing()
    const logged = () => logLines().filter((line) => line.requestId === requestId)
    await expect
      .poll(() => logged().filter((line) => line.message === 'connection fault').length)
      .toBe(3)
    expect(logged()).toContainEqual(
      expect.objectContaining({ level: 'warn', path: LIVE_PATH, error: 'ECONNRESET' }),
    )
    // The app logged the upgrade itself under the same id.
    expect(logged()).toContainEqual(expect.objectContaining({ message: 'api', status: 204 }))
    const token = [...admin.cookies.values()][0] as string
    expect(readFileSync(join(dir, 'server.log'), 'utf8')).not.toContain(token)
  })
})

describe('a client that vanishes mid-body', () => {
  /** A POST head declaring `length` bytes, of which only the first few are ever sent. */
  const post = (path: string, length: number, extra: Record<string, string | undefined> = {}) =>
    head(`POST ${path} HTTP/1.1`, {
      'Content-Type': 'application/msgpack',
      'Content-Length': String(length),
      Origin: url,
      ...extra,
    })
  const someBytes = (count: number) => new Uint8Array(randomBytes(count))

  it.each(CUTS)(
    'API calls, logins and page statistics cut %s leave the same process serving, and no 500',
    async (cut) => {
      // One id for the round, so its log lines can be told from every other round's.
      const requestId = `cut-${randomBytes(6).toString('hex')}`
      const calls: [string, Record<string, string>, number][] = [
        [dbCallPath('blocks', 'find'), { Cookie: cookieOf(admin) }, 100],
        [dbCallPath('attendance', 'pull'), {}, 100],
        ['/api/auth/login', {}, 20],
        ['/a/event', { 'Content-Type': 'application/json' }, 20],
      ]
      for (const [path, headers, sent] of calls) {
        await cutMany(
          CUT_REQUESTS,
          () => [post(path, 4_096, { ...headers, 'X-Request-Id': requestId }), someBytes(sent)],
          cut,
        )
      }
      await expectSameProcessServing()
      // A client that left mid-body is a fault of its connection, not a server error.
      const round = logLines().filter((line) => line.requestId === requestId)
      expect(round.some((line) => line.message === 'connection fault')).toBe(true)
      expect(round.filter((line) => line.level === 'error')).toEqual([])
      expect(round.filter((line) => Number(line.status) >= 500)).toEqual([])
    },
  )

  it.each(CUTS)('upload pieces cut %s leave the same process serving', async (cut) => {
    const bytes = pdfBytes(256 * 1024)
    const created = await Promise.all(
      Array.from({ length: CUT_REQUESTS }, (_, i) =>
        createUpload(admin, bytes.length, {
          filename: `cut-${i}.pdf`,
          filetype: 'application/pdf',
        }),
      ),
    )
    const paths = created.map(({ reply, path }) => {
      expect(reply.status).toBe(201)
      return path
    })
    let i = 0
    await cutMany(
      CUT_REQUESTS,
      () => [
        head(`PATCH ${paths[i++]} HTTP/1.1`, {
          Origin: url,
          Cookie: cookieOf(admin),
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(bytes.length),
        }),
        bytes.slice(0, 64 * 1024),
      ],
      cut,
    )
    await expectSameProcessServing()
  })
})

/**
 * Sends `request` from ten clients at once; each stops reading once the answer (of `status`) has
 * begun, so the server is still sending, and resets its connection a few ms later. Answers what
 * each received first (the answer's head).
 */
async function abortMidAnswer(request: string, status: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: CUT_REQUESTS }, async (_, i) => {
      const socket = connect(port, '127.0.0.1')
      socket.on('error', () => undefined)
      await once(socket, 'connect')
      socket.write(request)
      const [first] = (await once(socket, 'data')) as [Buffer]
      expect(first.subarray(0, 12).toString()).toBe(`HTTP/1.1 ${status}`)
      socket.pause()
      await sleep(1 + (i % 5))
      socket.resetAndDestroy()
      if (!socket.closed) await once(socket, 'close')
      return first.toString('latin1')
    }),
  )
}

describe('a client that vanishes mid-download', () => {
  it('range downloads of a stored file aborted mid-way leave the same process serving', async () => {
    const file = pdfBytes(6 * 1024 * 1024)
    const stored = await upload(admin, 'large.pdf', 'application/pdf', file)
    expect(stored.reply.status).toBe(204)
    const path = `/api/files/${stored.fileId}`
    await abortMidAnswer(
      head(`GET ${path} HTTP/1.1`, { Cookie: cookieOf(admin), Range: 'bytes=1000-' }),
      206,
    )
    await expectSameProcessServing()
    // The file itself is whole for the next reader.
    const whole = await fetch(`${url}${path}`, { headers: { cookie: cookieOf(admin) } })
    expect(whole.status).toBe(200)
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(file))
  })

  it.each([
    ['gzipped', { 'Accept-Encoding': 'gzip' }, 200],
    ['by range', { Range: 'bytes=1000-' }, 206],
  ] as const)(
    'a large app file sent %s, aborted mid-way, leaves the same process serving',
    async (_, headers, status) => {
      const heads = await abortMidAnswer(head(`GET ${LARGE_ASSET} HTTP/1.1`, headers), status)
      for (const answer of heads) {
        expect(/^content-encoding: gzip$/im.test(answer)).toBe('Accept-Encoding' in headers)
      }
      await expectSameProcessServing()
      const whole = await fetch(`${url}${LARGE_ASSET}`, {
        headers: { 'accept-encoding': 'identity' },
      })
      expect(whole.status).toBe(200)
      expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(largeAsset))
    },
  )
})
