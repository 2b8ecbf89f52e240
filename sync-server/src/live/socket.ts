// The live socket at /api/live (docs/sync-protocol.md#live-updates). The upgrade request goes
// through the Hono app like any API call (security headers, log, admission, session), and the
// route below decides: only a signed-in user, only from the app's own origin (the allow-list of
// the HTTP origin check; a browser always sends Origin on a WebSocket, so a socket without one is
// refused too), and at most a few sockets per user. Only then does the Node server complete the
// handshake; any refusal is answered as the HTTP error it is and the connection closed.
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { Hono } from 'hono'
import { WebSocketServer } from 'ws'
import { LIVE_MAX_MESSAGE_BYTES, LIVE_PATH } from '@lfit/domain/sync/live'
import type { Config } from '../config'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { isAllowed } from '../http/origin'
import type { SyncUser } from '../sync/context'
import type { LiveHub } from './hub'

/** What the route hands to the upgrade once it accepted a request. */
const accepted = new WeakMap<Request, SyncUser>()

interface UpgradeEnv {
  incoming: IncomingMessage
  /** Set only by `attachLive`: a plain GET of /api/live is no socket. */
  liveUpgrade: true
}

export function createLiveRoutes(deps: {
  hub: LiveHub
  config: Pick<Config, 'allowedOrigins' | 'trustProxy'>
}): Hono<AppEnv> {
  const live = new Hono<AppEnv>()
  live.get('/', (c) => {
    if ((c.env as Partial<UpgradeEnv> | undefined)?.liveUpgrade !== true) {
      throw new ApiError('pageNotFound', { path: c.req.path })
    }
    const origin = c.req.header('origin')
    const host =
      (deps.config.trustProxy && c.req.header('x-forwarded-host')) || c.req.header('host')
    if (origin === undefined || !isAllowed(origin, host, deps.config.allowedOrigins)) {
      c.var.log.warn('foreign origin refused', {
        requestId: c.var.requestId,
        path: c.req.path,
        origin: (origin ?? '(none)').slice(0, 200),
      })
      throw new ApiError('foreignOrigin')
    }
    const session = c.var.session
    if (!session) throw new ApiError('notLoggedIn')
    if (!deps.hub.mayOpen(session.user.username)) throw new ApiError('rateLimited')
    accepted.set(c.req.raw, { username: session.user.username, roles: session.roles })
    return c.body(null, 204)
  })
  return live
}

/**
 * Serves the live socket on `server`: each upgrade to LIVE_PATH is first answered by `app`
 * (createLiveRoutes); anything else asking for an upgrade is closed.
 */
export function attachLive(
  server: Server,
  app: { fetch: (request: Request, env: UpgradeEnv) => Response | Promise<Response> },
  hub: LiveHub,
): WebSocketServer {
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: LIVE_MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  })
  server.on('upgrade', (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that goes before its answer is written (a tab that stops its socket when its
    // session lapsed) makes the refusal's write fail with EPIPE: without a listener that error
    // ended the process, not the connection.
    socket.on('error', () => socket.destroy())
    void upgrade(incoming, socket, head).catch(() => socket.destroy())
  })

  async function upgrade(incoming: IncomingMessage, socket: Duplex, head: Buffer) {
    const path = (incoming.url ?? '').split('?')[0]
    if (path !== LIVE_PATH) return refuse(socket, 404, 'Not Found')
    const headers = new Headers()
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === 'string') headers.set(name, value)
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    }
    const request = new Request(`http://${incoming.headers.host ?? 'localhost'}${incoming.url}`, {
      method: 'GET',
      headers,
    })
    const response = await app.fetch(request, { incoming, liveUpgrade: true })
    const user = accepted.get(request)
    if (!user || response.status !== 204) {
      const type = response.headers.get('content-type') ?? 'application/json'
      const body = Buffer.from(await response.arrayBuffer())
      return refuse(socket, response.status, response.statusText, body, type)
    }
    // The limit is checked again: two upgrades of one user may have been answered together.
    if (!hub.mayOpen(user.username)) return refuse(socket, 429, 'Too Many Requests')
    sockets.handleUpgrade(incoming, socket, head, (ws) => hub.add(ws, user))
  }
  return sockets
}

/** Answers the upgrade request with an HTTP error (the app's own answer) and closes. */
function refuse(
  socket: Duplex,
  status: number,
  statusText: string,
  body: Buffer = Buffer.alloc(0),
  type = 'application/json',
): void {
  if (!socket.writable) return void socket.destroy()
  const head =
    `HTTP/1.1 ${status} ${statusText || 'Refused'}\r\nConnection: close\r\n` +
    `Content-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`
  socket.write(head)
  socket.end(body, () => socket.destroy())
}
