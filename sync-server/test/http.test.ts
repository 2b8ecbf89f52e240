// The HTTP edge of the API: Origin checks, msgpack bodies and their limits, unknown paths,
// collections, operations and fields, and server errors. Every refusal is a 4xx in the one
// bilingual error shape; a failure inside is a 500 that says nothing about its cause.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app'
import { memoryLog } from '../src/http/log'
import { MSGPACK, pack, unpack } from '../src/http/msgpack'
import type { Store } from '../src/store/port'
import {
  STORE_KINDS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  testConfig,
  userFor,
  type OpenedStore,
  type TestServer,
} from './harness'

const errorOf = (body: unknown) =>
  (body as { error: { code: string; message: { sl: string; en: string } } }).error

describe.each(STORE_KINDS)('the HTTP edge on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  beforeAll(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [userFor('admin')])
    server = await startServer({
      store: db.store,
      config: { allowedOrigins: ['http://localhost:5173'], maxBodyBytes: 64 * 1024 },
    })
  })
  afterAll(async () => {
    await server.close()
    await db.close()
  })

  const event = { insert: { type: 'pageview', path: '/' } }

  it('refuses a state-changing call from a foreign origin, changing nothing', async () => {
    const admin = await server.as('admin')
    const before = await snapshot(db.store, 'analytics')
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1.evil.example`]) {
      const answer = await admin.db('analytics', 'insert', event, { origin })
      expect(answer.status).toBe(403)
      expect(answer.body).toEqual({
        error: {
          code: 'foreignOrigin',
          message: {
            sl: 'Zahteva s tuje strani ni dovoljena',
            en: 'Requests from another site are not allowed',
          },
        },
      })
    }
    const login = await server.browser().login(userFor('admin').username, undefined)
    expect(login.status).toBe(200)
    const foreignLogin = await server
      .browser()
      .auth(
        'login',
        { username: userFor('admin').username, password: 'x' },
        { origin: 'https://evil.example' },
      )
    expect(foreignLogin.status).toBe(403)
    expect(await snapshot(db.store, 'analytics')).toEqual(before)
  })

  it('accepts its own origin, configured origins and clients that send none', async () => {
    const visitor = server.browser()
    expect((await visitor.db('analytics', 'insert', event)).status).toBe(200)
    expect(
      (await visitor.db('analytics', 'insert', event, { origin: 'http://localhost:5173' })).status,
    ).toBe(200)
    expect((await visitor.db('analytics', 'insert', event, { origin: null })).status).toBe(200)
  })

  it('answers bad bodies with 4xx, never 500', async () => {
    const visitor = server.browser()
    const cases: [string, Promise<{ status: number; body: unknown }>, number, string][] = [
      [
        'not msgpack',
        visitor.db('analytics', 'insert', undefined, { raw: new Uint8Array([0xc1]) }),
        400,
        'invalidBody',
      ],
      [
        'truncated',
        visitor.db('analytics', 'insert', undefined, { raw: pack(event).slice(0, 5) }),
        400,
        'invalidBody',
      ],
      [
        'JSON',
        visitor.db('analytics', 'insert', undefined, {
          raw: new TextEncoder().encode('{"a":1}'),
          headers: { 'content-type': 'application/json' },
        }),
        415,
        'unsupportedMediaType',
      ],
      [
        'too large',
        visitor.db('analytics', 'insert', { insert: { type: 'x'.repeat(70_000) } }),
        413,
        'payloadTooLarge',
      ],
      ['a list, not a payload', visitor.db('analytics', 'insert', [1, 2]), 400, 'invalidValue'],
      ['missing insert', visitor.db('analytics', 'insert', {}), 400, 'invalidValue'],
      [
        'unknown field',
        visitor.db('analytics', 'insert', { insert: { type: 'x', secret: 1 } }),
        403,
        'readOnlyField',
      ],
      ['unknown collection', visitor.db('nope', 'find', {}), 404, 'unknownCollection'],
      ['unknown operation', visitor.db('analytics', 'drop', {}), 404, 'unknownOperation'],
      ['sync operation elsewhere', visitor.db('analytics', 'pull', {}), 404, 'unknownOperation'],
      ['unknown API path', visitor.post('/api/nothing/here', {}), 404, 'pageNotFound'],
      ['unknown auth call', visitor.auth('become', {}), 404, 'pageNotFound'],
    ]
    for (const [name, call, status, code] of cases) {
      const answer = await call
      expect({ name, status: answer.status }).toEqual({ name, status })
      expect(errorOf(answer.body).code).toBe(code)
      expect(errorOf(answer.body).message).toEqual({
        sl: expect.any(String),
        en: expect.any(String),
      })
    }
  })

  it('refuses requests the stored data makes impossible with 400, and bad visitor records', async () => {
    const admin = await server.as('admin')
    await admin.db('registrations', 'insert', { insert: { _id: 'r1', note: 'text' } })
    const conflict = await admin.db('registrations', 'upsert', {
      query: { _id: 'r1' },
      update: { $set: { note: 'a' }, $unset: { note: '' } },
    })
    expect(conflict.status).toBe(400)
    expect(errorOf(conflict.body).code).toBe('badRequest')
    const mixed = await admin.db('registrations', 'find', {
      opts: { projection: { note: 1, year: 0 } },
    })
    expect(mixed.status).toBe(400)
    const signup = await server.browser().post('/api/signups/eventDay', {
      name: '',
      email: 'not-mail',
      phone: '1',
      dayId: 'tomorrow',
    })
    expect(signup.status).toBe(400)
    expect(errorOf(signup.body).code).toBe('invalidBody')
    expect(await db.store.collection('eventSignups').count({})).toBe(0)
  })

  it('names the unknown collection and field in both languages', async () => {
    const admin = await server.as('admin')
    const collection = await admin.db('grades', 'find', {})
    expect(errorOf(collection.body).message).toEqual({
      sl: 'Neznana zbirka: grades',
      en: 'Unknown collection: grades',
    })
    const field = await admin.db('registrations', 'find', { query: { grade: 5 } })
    expect(field.status).toBe(400)
    expect(errorOf(field.body)).toEqual({
      code: 'unknownField',
      message: { sl: 'Neznano polje: grade', en: 'Unknown field: grade' },
    })
  })

  it('gives every answer a request id and msgpack that caches never keep', async () => {
    const answer = await server.browser().db('analytics', 'insert', event)
    expect(answer.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/)
    expect(answer.headers.get('content-type')).toBe(MSGPACK)
    expect(answer.headers.get('cache-control')).toBe('no-store')
  })
})

describe('server errors', () => {
  const failing: Store = {
    kind: 'embedded',
    collection: () => {
      throw new Error('connection to db-7.internal:27017 lost; password=hunter2')
    },
    drop: async () => {},
    close: async () => {},
  }

  it('answer 500 in the error shape without internals, and log them with the request id', async () => {
    const log = memoryLog()
    const app = createApp({
      stores: async () => failing,
      config: testConfig(),
      clock: Date.now,
      log,
    })
    const response = await app.request('/api/db/analytics/insert', {
      method: 'POST',
      headers: { 'content-type': MSGPACK },
      body: pack({ insert: { type: 'pageview', path: '/' } }),
    })
    expect(response.status).toBe(500)
    const body = unpack(new Uint8Array(await response.arrayBuffer()))
    expect(body).toEqual({
      error: {
        code: 'internal',
        message: { sl: 'Notranja napaka strežnika', en: 'Internal Server Error' },
      },
    })
    const logged = log.lines.find((line) => line.level === 'error')
    expect(logged?.fields.requestId).toBe(response.headers.get('x-request-id'))
    expect(logged?.fields.detail).toBe('connection to db-7.internal:27017 lost; password=***')
    expect(JSON.stringify(log.lines)).not.toContain('hunter2')
  })

  it('a non-API path the app does not know is a 404 in the same shape', async () => {
    const app = createApp({
      stores: async () => failing,
      config: testConfig(),
      clock: Date.now,
      log: memoryLog(),
    })
    const response = await app.request('/no/such/page')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      error: {
        code: 'pageNotFound',
        message: { sl: 'Stran ne obstaja: /no/such/page', en: 'Page not found: /no/such/page' },
      },
    })
  })

  it('the mount hook adds routes after the API, which they cannot shadow', async () => {
    const app = createApp({
      stores: async () => failing,
      config: testConfig(),
      clock: Date.now,
      log: memoryLog(),
      mount: (root) => {
        root.get('/builds/latest.json', (c) => c.json({ id: 'b1', timestamp: 1 }))
        root.post('/api/db/analytics/insert', (c) => c.text('shadow'))
      },
    })
    expect(await (await app.request('/builds/latest.json')).json()).toEqual({
      id: 'b1',
      timestamp: 1,
    })
    const response = await app.request('/api/db/analytics/insert', { method: 'POST' })
    expect(await response.text()).not.toBe('shadow')
  })
})
