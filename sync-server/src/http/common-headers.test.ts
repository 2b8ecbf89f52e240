// Every answer carries the same headers as with Hono's own secureHeaders and requestId
// middleware, whichever way it was built: an API answer built with them at once, one after a
// cookie or Retry-After was set on the context, a text answer, an error. Compared header by header
// with an app that uses Hono's middleware (the way the server sent them before).
import { Hono, type MiddlewareHandler } from 'hono'
import { setCookie } from 'hono/cookie'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { commonHeaders } from './common-headers'
import type { AppEnv } from './env'
import { ApiError, onError } from './errors'
import { memoryLog } from './log'
import { answer } from './msgpack'
import { DIRECTIVES } from './security-headers'

const HSTS = 'max-age=31536000; includeSubDomains'

/** The routes of the comparison, each answering a different way. */
function withRoutes(app: Hono<AppEnv>): Hono<AppEnv> {
  app.onError(onError)
  app.get('/answer', (c) => answer(c, { ok: true }))
  app.get('/cookie', (c) => {
    setCookie(c, 'token', 'gone', { path: '/', httpOnly: true })
    return answer(c, { ok: true })
  })
  app.get('/retry', (c) => {
    c.header('Retry-After', '2')
    return answer(c, { busy: true }, 503)
  })
  app.get('/text', (c) => c.text('plain'))
  app.get('/error', () => {
    throw new ApiError('forbidden')
  })
  return app
}

function honoApp(env: 'production' | 'test'): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: DIRECTIVES,
      xContentTypeOptions: true,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      strictTransportSecurity: env === 'production' ? HSTS : false,
    }),
  )
  const log = memoryLog()
  const setLog: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set('log', log)
    await next()
  }
  app.use('*', requestId(), setLog)
  return withRoutes(app)
}

function ourApp(env: 'production' | 'test'): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use(
    '*',
    commonHeaders(
      loadConfig({
        NODE_ENV: env,
        SESSION_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://lfit.example.org',
      }),
      memoryLog(),
    ),
  )
  return withRoutes(app)
}

/**
 * The headers of an answer to a request with a fixed id. A Content-Type is compared without
 * spaces: a text answer without other headers set before it gets the platform's spelling
 * (`text/plain;charset=UTF-8`), the same type.
 */
async function headersOf(app: Hono<AppEnv>, path: string) {
  const response = await app.request(path, { headers: { 'X-Request-Id': 'abc-123' } })
  const headers = [...response.headers].map(
    ([name, value]) => [name, name === 'content-type' ? value.replace(/; /g, ';') : value] as const,
  )
  return { status: response.status, headers, body: await response.arrayBuffer() }
}

describe.each(['production', 'test'] as const)('common headers (%s)', (env) => {
  it.each(['/answer', '/cookie', '/retry', '/text', '/error'])(
    '%s: the same headers, status and body as with Hono’s middleware',
    async (path) => {
      const ours = await headersOf(ourApp(env), path)
      const hono = await headersOf(honoApp(env), path)
      expect(ours.status).toBe(hono.status)
      expect(ours.headers.sort()).toEqual(hono.headers.sort())
      expect(new Uint8Array(ours.body)).toEqual(new Uint8Array(hono.body))
    },
  )

  it('keeps a cookie set before the answer', async () => {
    const { headers } = await headersOf(ourApp(env), '/cookie')
    expect(headers).toContainEqual(['set-cookie', 'token=gone; Path=/; HttpOnly'])
  })

  it('gives each request an id of its own unless the client sent a sane one', async () => {
    const app = ourApp(env)
    const first = (await app.request('/answer')).headers.get('x-request-id')
    const second = (await app.request('/answer')).headers.get('x-request-id')
    expect(first).toMatch(/^[\w-]{36}$/)
    expect(second).not.toBe(first)
    const foreign = await app.request('/answer', { headers: { 'X-Request-Id': 'a b' } })
    expect(foreign.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/)
  })
})
