// The real server process (`node sync-server/src/main.ts`, as `npm start` runs it) on a fresh
// data directory: a production start has no demo users, the session secret is nobody's but this
// server's (a token signed with the secret the source once carried is refused), it is kept
// across restarts, and it never shows in the output or in an answer.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SignJWT } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../src/config'
import { openDiskFileStore } from '../src/files/disk'
import { memoryLog } from '../src/http/log'
import { MSGPACK, pack, unpack } from '../src/http/msgpack'
import { DEMO_IN_PRODUCTION_WARNING, prepareData } from '../src/seed/prepare'
import { CERTIFICATE_SECRET_FILE } from '../src/certificates/secret'
import { SECRET_FILE } from '../src/session-secret'
import { openTestStore, startServer } from './harness'
import { SINK_PASSWORD, startSmtpSink } from './smtp-sink'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url))

/** The secret every clone of this repository used to sign tokens with. */
const OLD_PUBLIC_SECRET = 'lfit-development-secret-do-not-use-in-production'
const DEMO = { username: 'admin@demo.test', password: 'demo-password' }

interface Running {
  url: string
  output: () => string
  stop: () => Promise<void>
}

const running: ChildProcess[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lfit-start-'))
  dirs.push(dir)
  return dir
}

/** Starts the server on a free port and resolves once it says where it listens. */
function start(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIR: join(tmpdir(), 'lfit-no-web-build'),
      MONGODB_URI: '',
      SESSION_SECRET: '',
      DEMO: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  let output = ''
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const found = /listening on (http:\/\/[^/\s]+)\//.exec(output)
      if (found) {
        resolve({
          url: found[1] as string,
          output: () => output,
          async stop() {
            const exited = new Promise((done) => child.once('exit', done))
            child.kill('SIGTERM')
            await exited
          },
        })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
}

async function post(url: string, path: string, body: unknown, cookie?: string) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': MSGPACK, ...(cookie ? { cookie } : {}) },
    body: pack(body),
  })
  const bytes = new Uint8Array(await response.arrayBuffer())
  return {
    status: response.status,
    cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    text: new TextDecoder().decode(bytes) + JSON.stringify(bytes.length ? unpack(bytes) : null),
    headers: [...response.headers].join('\n'),
  }
}

describe('the data a start prepares', () => {
  it.each([
    ['production', { NODE_ENV: 'production', PUBLIC_URL: 'https://lfit.example.org' }, false],
    ['test', { NODE_ENV: 'test' }, false],
    ['development', { NODE_ENV: 'development' }, true],
    ['DEMO=1', { NODE_ENV: 'test', DEMO: '1' }, true],
  ])('%s: demo users %s', async (_, env, demo) => {
    const db = await openTestStore('embedded')
    const log = memoryLog()
    const dir = mkdtempSync(join(tmpdir(), 'lfit-prepare-'))
    const files = openDiskFileStore(dir)
    try {
      const config = loadConfig(env)
      expect(await prepareData(config, db.store, log, { now: Date.now(), files })).toBe(demo)
      expect(await db.store.collection('blocks').count({})).toBeGreaterThan(0)
      expect((await db.store.collection('users').count({})) > 0).toBe(demo)
      const server = await startServer({ store: db.store, config })
      expect((await server.browser().login(DEMO.username, DEMO.password)).status).toBe(
        demo ? 200 : 401,
      )
      await server.close()
      expect(log.lines.some((line) => line.message === DEMO_IN_PRODUCTION_WARNING)).toBe(false)
    } finally {
      await files.close()
      rmSync(dir, { recursive: true, force: true })
      await db.close()
    }
  })

  it('warns loudly when demo data is allowed in production', async () => {
    const db = await openTestStore('embedded')
    const log = memoryLog()
    const dir = mkdtempSync(join(tmpdir(), 'lfit-prepare-'))
    const files = openDiskFileStore(dir)
    try {
      const config = loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://lfit.example.org',
        DEMO: '1',
        ALLOW_DEMO_IN_PRODUCTION: '1',
      })
      expect(await prepareData(config, db.store, log, { now: Date.now(), files })).toBe(true)
      expect(log.lines).toContainEqual({
        level: 'warn',
        message: DEMO_IN_PRODUCTION_WARNING,
        fields: {},
      })
    } finally {
      await files.close()
      rmSync(dir, { recursive: true, force: true })
      await db.close()
    }
  })
})

describe('a production start on a fresh data directory', () => {
  it('seeds no demo users: the demo login fails', async () => {
    const server = await start({
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      CERTIFICATE_SECRET: 'c'.repeat(40),
      PUBLIC_URL: 'https://lfit.example.org',
      DATA_DIR: freshDir(),
      COOKIE_SECURE: '0',
    })
    expect(server.output()).not.toContain('Demo logins')
    expect((await post(server.url, '/api/auth/login', DEMO)).status).toBe(401)
    await server.stop()
  })

  it('refuses to start without CERTIFICATE_SECRET, which keys every certificate code', async () => {
    await expect(
      start({
        NODE_ENV: 'production',
        SESSION_SECRET: 's'.repeat(40),
        PUBLIC_URL: 'https://lfit.example.org',
        DATA_DIR: freshDir(),
        COOKIE_SECURE: '0',
        CERTIFICATE_SECRET: '',
      }),
    ).rejects.toThrow(/CERTIFICATE_SECRET: required in production/)
  })

  it('refuses to start without PUBLIC_URL, which every e-mailed link starts with', async () => {
    const refused = start({
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      CERTIFICATE_SECRET: 'c'.repeat(40),
      HOST: '0.0.0.0',
      DATA_DIR: freshDir(),
      COOKIE_SECURE: '0',
      PUBLIC_URL: '',
    })
    await expect(refused).rejects.toThrow(/PUBLIC_URL: required in production/)
  })

  it('refuses to start with DEMO=1 unless demo data is also allowed in production', async () => {
    await expect(
      start({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://lfit.example.org',
        DEMO: '1',
        DATA_DIR: freshDir(),
      }),
    ).rejects.toThrow(/ALLOW_DEMO_IN_PRODUCTION/)
  })
})

describe('the session secret of a start without SESSION_SECRET', () => {
  it('is generated and kept: a forged token is refused, sessions survive a restart, and the secret is never shown', async () => {
    const dataDir = freshDir()
    const first = await start({ NODE_ENV: 'development', DATA_DIR: dataDir })
    // Shaped like a real session token (type, session id), so only the signature can refuse it.
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'lfit-session' })
      .setSubject(DEMO.username)
      .setJti('forged-session')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(OLD_PUBLIC_SECRET))
    // Refused as a visitor: "who am I" answers no user (docs/0043-a-visitor-is-an-answer.md).
    const refused = await post(first.url, '/api/auth/user', {}, `token=${forged}`)
    expect(refused.status).toBe(200)
    expect(refused.text).toContain('{"user":null}')

    const login = await post(first.url, '/api/auth/login', DEMO)
    expect(login.status).toBe(200)
    const secret = readFileSync(join(dataDir, SECRET_FILE), 'utf8').trim()
    const answers = [login]
    answers.push(await post(first.url, '/api/auth/user', {}, login.cookie))
    await first.stop()

    const second = await start({ NODE_ENV: 'development', DATA_DIR: dataDir })
    expect(readFileSync(join(dataDir, SECRET_FILE), 'utf8').trim()).toBe(secret)
    const again = await post(second.url, '/api/auth/user', {}, login.cookie)
    expect(again.status).toBe(200)
    answers.push(again)
    await second.stop()

    // The certificate secret is generated beside it, apart from it, and never shown either.
    const certificateSecret = readFileSync(join(dataDir, CERTIFICATE_SECRET_FILE), 'utf8').trim()
    expect(certificateSecret).not.toBe(secret)
    for (const text of [
      first.output(),
      second.output(),
      ...answers.map((a) => a.text + a.headers),
    ]) {
      expect(text).not.toContain(secret)
      expect(text).not.toContain(certificateSecret)
    }
  })
})

describe('the e-mail of a started server', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 's'.repeat(40),
    CERTIFICATE_SECRET: 'c'.repeat(40),
    PUBLIC_URL: 'https://lfit.example.org',
    COOKIE_SECURE: '0',
  }
  const registration = {
    username: 'nina.kos@example.si',
    password: 'a-good-password',
    firstName: 'Nina',
    lastName: 'Kos',
    country: 'SI',
    phone: '041 123 456',
    year: 1,
  }

  it('warns in production without SMTP_URL that e-mails only go to files', async () => {
    const server = await start({ ...production, DATA_DIR: freshDir() })
    expect(server.output()).toContain('SMTP_URL is not set: e-mails are written as files')
    await server.stop()
  })

  it('sends a registration’s e-mail over SMTP_URL at once, never showing its password', async () => {
    const sink = await startSmtpSink()
    try {
      const server = await start({
        ...production,
        DATA_DIR: freshDir(),
        SMTP_URL: sink.url,
        MAIL_FROM: 'LFIT <lfit@studio.example>',
      })
      expect((await post(server.url, '/api/auth/register', registration)).status).toBe(202)
      await vi.waitFor(() => expect(sink.received).toHaveLength(1), { timeout: 10_000 })
      expect(sink.received[0]).toMatchObject({
        from: 'lfit@studio.example',
        to: ['nina.kos@example.si'],
      })
      await server.stop()
      expect(server.output()).not.toContain('SMTP_URL is not set')
      expect(server.output()).not.toContain(SINK_PASSWORD)
      expect(server.output()).toContain('"message":"mail sent"')
    } finally {
      await sink.close()
    }
  })
})
