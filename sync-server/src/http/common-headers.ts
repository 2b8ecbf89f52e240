// What every request gets first and every answer carries last: a request id (the client's own
// `X-Request-Id` when it is a sane one, as Hono's requestId middleware decides), the log, and on
// every answer the security headers (security-headers.ts) and that id, set by the outermost
// middleware so no route can forget them.
//
// An API answer (`answer` in msgpack.ts) is built with all of them at once as one plain record:
// Hono's `c.body` with more than one header, and any header set on a finished answer, make an
// undici `Headers` object, which the Node adapter then sorts and copies back into a record, on
// every call (docs/0018-find-under-load.md). Only an answer built that way skips the last step;
// every other answer (errors, files, pages, an answer after a header was set on the context,
// such as a cookie) gets the headers set on it as before.
import type { Context, MiddlewareHandler } from 'hono'
import type { Config } from '../config'
import type { AppEnv } from './env'
import type { Log } from './log'
import { acceptsGzip, COMPRESS_FROM_BYTES, gzipped } from './compression'
import { securityHeaderRecord } from './security-headers'

const REQUEST_ID = 'X-Request-Id'
/** The longest client-sent request id kept, and its characters (as Hono's requestId allows). */
const MAX_REQUEST_ID = 255
const FOREIGN_ID_CHARACTER = /[^\w\-=]/

/** Requests on whose context a header was set (a cookie, Retry-After): Hono holds it until the answer. */
const headed = new WeakSet<Context>()

/**
 * The id of a request: the client's own `X-Request-Id` when it is a sane one, else a new one.
 * The live socket's upgrade (live/socket.ts) takes its id here before the app sees the request.
 */
export function requestIdFrom(given: string | undefined): string {
  if (!given || given.length > MAX_REQUEST_ID || FOREIGN_ID_CHARACTER.test(given)) {
    return crypto.randomUUID()
  }
  return given
}

/**
 * With `clock`, every call under /api/ is logged once answered, with its status and time: here,
 * in the outermost layer, rather than in a layer of its own, which cost every API call one more
 * async dispatch (docs/0054-find-under-load.md). An error is answered by the layer it was thrown
 * in, so the status logged is the one sent, a refused oversize body's 413 included.
 */
export function commonHeaders(
  config: Pick<Config, 'env'>,
  log: Log,
  clock?: () => number,
): MiddlewareHandler<AppEnv> {
  const security = securityHeaderRecord(config)
  const entries = Object.entries(security)
  return async (c, next) => {
    const started = clock?.()
    const id = requestIdFrom(c.req.header(REQUEST_ID))
    c.set('requestId', id)
    c.set('log', log)
    c.set('securityHeaders', security)
    // Hono keeps a header set before the answer in a hidden field that only its own `c.body`
    // merges in; remembering that one was set sends that answer the merging way (`answerWith`).
    const header = c.header
    c.header = ((...args: Parameters<typeof header>) => {
      headed.add(c)
      header(...args)
    }) as typeof header
    await next()
    if (started !== undefined && c.req.path.startsWith(API_PATH)) logCall(c, log, started, clock!)
    // Built by `answerWith` with every common header in it (a context variable, not a WeakSet
    // of answers: adding each answer to one costs more than the check saves).
    if (c.res === c.get('complete')) return
    const headers = c.res.headers
    headers.set(REQUEST_ID, id)
    for (const [name, value] of entries) headers.set(name, value)
    headers.delete('X-Powered-By')
  }
}

const API_PATH = '/api/'

function logCall(c: Context<AppEnv>, log: Log, started: number, clock: () => number): void {
  // c.get, not c.var: Hono builds a new object of all variables on every c.var.
  const session = c.get('session')
  log.info('api', {
    requestId: c.get('requestId'),
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: clock() - started,
    // A call made while acting names both (docs/0045-acting-as-another-user.md).
    ...(session?.actor ? { actor: session.actor.username, as: session.user.username } : {}),
  })
}

/**
 * The answer with `headers` and every common header, as one plain record when nothing else was
 * set on the context; otherwise through Hono's `c.body`, which merges what was set, and the
 * common headers are added by `commonHeaders` afterwards. A large body goes gzipped to a client
 * that accepts it (compression.ts), so only such an answer waits for anything.
 */
export function answerWith(
  c: Context,
  body: Uint8Array<ArrayBuffer>,
  status: number,
  headers: Readonly<Record<string, string>>,
): Response | Promise<Response> {
  if (body.byteLength < COMPRESS_FROM_BYTES) return built(c, body, status, headers)
  const varied = { ...headers, Vary: 'Accept-Encoding' }
  if (!acceptsGzip(c.req.header('accept-encoding'))) return built(c, body, status, varied)
  return gzipped(body).then((zipped) =>
    built(c, zipped, status, { ...varied, 'Content-Encoding': 'gzip' }),
  )
}

function built(
  c: Context,
  body: Uint8Array<ArrayBuffer>,
  status: number,
  headers: Readonly<Record<string, string>>,
): Response {
  const security = c.get('securityHeaders') as AppEnv['Variables']['securityHeaders'] | undefined
  if (!security || headed.has(c)) return c.body(body, status as 200, headers)
  const answer = new Response(body, {
    status,
    headers: { ...security, [REQUEST_ID]: c.get('requestId') as string, ...headers },
  })
  c.set('complete', answer)
  return answer
}
