// The shared harness of the API's integration tests: the real app on 127.0.0.1 (port 0) over a
// real store of either kind, a clock the test moves, and "browsers" that talk msgpack over HTTP
// and keep their own cookies, as two people on two devices would.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { inject } from 'vitest'
import { ROLES, type Role } from '@lfit/domain/access/roles'
import { dbCallPath, type AuthCall, type DbOperation } from '@lfit/domain/api/calls'
import type { SyncRegistry } from '@lfit/domain/sync/registry'
import { createApp } from '../src/app'
import { mountSite } from '../src/web/site'
import { hashPassword } from '../src/auth/passwords'
import type { FileAccess } from '../src/files/access'
import type { FileStore } from '../src/files/port'
import { openUploadStaging } from '../src/files/staging'
import { loadConfig, type Config } from '../src/config'
import { startLive, type Live } from '../src/live/live'
import { memoryLog } from '../src/http/log'
import { MSGPACK, pack, unpack } from '../src/http/msgpack'
import { openStore } from '../src/store/open'
import type { Doc, Store } from '../src/store/port'

export const STORE_KINDS = ['embedded', 'mongodb'] as const
export type StoreKind = (typeof STORE_KINDS)[number]

/** The password of every seeded test user. */
export const PASSWORD = 'test-password-1'

/** 2026-11-23 12:00 in Ljubljana. */
export const START = Date.UTC(2026, 10, 23, 11, 0)

/**
 * 2026-11-10 12:00 in Ljubljana: the last block (16–20 November) is still ahead, so its days are
 * open to sign-ups (at START they have passed).
 */
export const SIGNUPS_OPEN = Date.UTC(2026, 10, 10, 11)

export class TestClock {
  constructor(public now = START) {}
  readonly read = () => this.now
  advance(ms: number): void {
    this.now += ms
  }
}

export interface OpenedStore {
  store: Store
  dbName: string
  close(): Promise<void>
}

/** A fresh database of the given kind: a temp directory, or a random name on the test MongoDB. */
export async function openTestStore(
  kind: StoreKind,
  dbName = randomDbName(),
): Promise<OpenedStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lfit-api-'))
  const config =
    kind === 'mongodb' ? { mongodbUri: inject('mongoUri'), dataDir, dbName } : { dataDir, dbName }
  const store = await openStore(config)
  return {
    store,
    dbName,
    async close() {
      if (kind === 'mongodb') await store.drop()
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export function randomDbName(): string {
  return `api_${randomUUID().replaceAll('-', '').slice(0, 16)}`
}

export interface Answer {
  status: number
  body: unknown
  headers: Headers
}

export interface CallOptions {
  /** The Origin header; defaults to the server's own, as a browser on the page would send. */
  origin?: string | null
  headers?: Record<string, string>
  /** Sends these bytes as they are instead of packing the payload. */
  raw?: Uint8Array
  /** The method, for the resources that take PUT, DELETE or GET (/api/calendar); POST else. */
  method?: 'POST' | 'PUT' | 'DELETE' | 'GET'
}

/** One browser: its own cookie jar, msgpack bodies, the server's origin on every POST. */
export class Browser {
  readonly cookies = new Map<string, string>()

  constructor(readonly baseUrl: string) {}

  async post(path: string, payload: unknown = {}, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {
      'content-type': MSGPACK,
      accept: MSGPACK,
      ...options.headers,
    }
    const origin = options.origin === undefined ? this.baseUrl : options.origin
    if (origin !== null) headers.origin = origin
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    const method = options.method ?? 'POST'
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : (options.raw ?? pack(payload)),
    })
    this.keepCookies(response.headers)
    const bytes = new Uint8Array(await response.arrayBuffer())
    const type = response.headers.get('content-type') ?? ''
    let body: unknown = bytes.length === 0 ? undefined : new TextDecoder().decode(bytes)
    if (type.startsWith(MSGPACK) && bytes.length > 0) body = unpack(bytes)
    else if (type.startsWith('application/json')) body = JSON.parse(new TextDecoder().decode(bytes))
    return { status: response.status, body, headers: response.headers }
  }

  db(
    collection: string,
    operation: DbOperation | string,
    payload: unknown = {},
    options: CallOptions & { db?: string } = {},
  ) {
    return this.post(dbCallPath(collection, operation as DbOperation, options.db), payload, options)
  }

  auth(call: AuthCall | string, payload: unknown = {}, options: CallOptions = {}) {
    return this.post(`/api/auth/${call}`, payload, options)
  }

  async login(username: string, password = PASSWORD): Promise<Answer> {
    return this.auth('login', { username, password })
  }

  private keepCookies(headers: Headers) {
    for (const cookie of headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim())
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      const value = pair.slice(at + 1)
      const expired = attributes.some(
        (a) => /^max-age=0$/i.test(a) || /^expires=Thu, 01 Jan 1970/i.test(a),
      )
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

export interface TestUser {
  username: string
  roles: Role[]
  status?: 'active' | 'blocked'
  firstName?: string
  lastName?: string
}

/** The user seeded for a role: `{role}@test.lfit` with that one role. */
export const userFor = (role: Role): TestUser => ({
  username: `${role.toLowerCase()}@test.lfit`,
  roles: [role],
  firstName: role,
  lastName: 'Test',
})

/** Writes users straight into the store (hashed passwords), as seeding does. */
export async function seedUsers(store: Store, users: readonly TestUser[]): Promise<Doc[]> {
  const passwordHash = await hashPassword(PASSWORD)
  const docs = users.map((user) => ({
    _id: `user-${user.username}`,
    status: 'active',
    ...user,
    email: user.username,
    passwordHash,
    initialPassword: passwordHash,
  }))
  await store.collection('users').ensureIndex({ key: { username: 1 }, unique: true })
  await store.collection('users').insert(docs)
  return docs
}

export interface TestServer {
  url: string
  store: Store
  clock: TestClock
  log: ReturnType<typeof memoryLog>
  config: Config
  /** Live updates, when started with `live: true`. */
  live: Live | undefined
  browser(): Browser
  /** A browser logged in as the user seeded for `role`. */
  as(role: Role): Promise<Browser>
  close(): Promise<void>
}

export interface ServerOptions {
  store: Store
  /** Further databases by name (`?db=`); the default is `store`. */
  others?: Record<string, Store>
  config?: Partial<Config>
  clock?: TestClock
  /** Serve the live-update socket (/api/live), as main.ts does. */
  live?: boolean
  /** Serve /api/files over this file store (and this access port, or the default). */
  files?: FileStore
  fileAccess?: FileAccess
  /** The synced collections, when a test adds one to the app's. */
  registry?: SyncRegistry
  /** Serves the site too (payloads, rendered pages) over this web build directory. */
  webDir?: string
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test' }), ...overrides }
}

/** Starts the real app on 127.0.0.1 with a random port. */
export async function startServer(options: ServerOptions): Promise<TestServer> {
  const clock = options.clock ?? new TestClock()
  const log = memoryLog()
  const others = options.others ?? {}
  const config = testConfig({ dbNames: ['lfit', ...Object.keys(others)], ...options.config })
  const live = options.live
    ? await startLive({
        store: options.store,
        config,
        clock: clock.read,
        log,
        ...(options.registry ? { registry: options.registry } : {}),
      })
    : undefined
  const uploadStaging = options.files
    ? openUploadStaging({ dataDir: config.dataDir, limits: config.uploads, clock: clock.read })
    : undefined
  uploadStaging?.start()
  const app = createApp({
    uploadStaging,
    stores: async (name) =>
      name && name !== config.dbName ? (others[name] as Store) : options.store,
    config,
    clock: clock.read,
    log,
    live,
    files: options.files,
    fileAccess: options.fileAccess,
    registry: options.registry,
    ...(options.webDir ? { mount: mountSite({ webDir: options.webDir }) } : {}),
  })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    )
  })
  if (live) live.attach(server as Server, app)
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    store: options.store,
    clock,
    log,
    config,
    live,
    browser: () => new Browser(url),
    async as(role) {
      const browser = new Browser(url)
      const answer = await browser.login(userFor(role).username)
      if (answer.status !== 200) throw new Error(`login as ${role} failed: ${answer.status}`)
      return browser
    },
    async close() {
      uploadStaging?.stop()
      await live?.stop()
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
}

/** Every role's user, for the role matrix. */
export const ROLE_USERS: readonly TestUser[] = ROLES.map(userFor)

/** Every document of a collection, sorted by id: "nothing changed" compares two of these. */
export async function snapshot(store: Store, collection: string): Promise<Doc[]> {
  return store.collection(collection).find({}, { sort: { _id: 1 } })
}
