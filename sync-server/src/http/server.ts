// The Node HTTP server around the app, with the limits that keep one client from holding what
// others need: request and header timeouts (Node's default lets a slow body hold a socket for
// 300 s), an idle keep-alive timeout, at most `maxConnections` open connections in all and at
// most `maxConnectionsPerClient` from one address (docs/0007-production-defaults.md).
import type { Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { serve } from '@hono/node-server'
import type { Config } from '../config'

export type ServerLimits = Pick<
  Config,
  | 'headersTimeoutMs'
  | 'requestTimeoutMs'
  | 'keepAliveTimeoutMs'
  | 'maxConnections'
  | 'maxConnectionsPerClient'
>

/** Starts serving `app` on the configured host and port, with the limits applied. */
export function listen(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  config: ServerLimits & Pick<Config, 'host' | 'port'>,
  onListening?: (info: AddressInfo) => void,
): Server {
  const server = serve(
    {
      fetch: app.fetch,
      hostname: config.host,
      port: config.port,
      serverOptions: {
        headersTimeout: config.headersTimeoutMs,
        requestTimeout: config.requestTimeoutMs,
        keepAliveTimeout: config.keepAliveTimeoutMs,
        // Node looks for expired requests only this often (30 s by default), which would let a
        // slow client overstay its timeout by that much.
        connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
      },
    },
    onListening,
  ) as Server
  server.keepAliveTimeout = config.keepAliveTimeoutMs
  // Beyond this Node closes new connections as soon as they are accepted.
  server.maxConnections = config.maxConnections
  if (config.maxConnectionsPerClient > 0) capPerClient(server, config.maxConnectionsPerClient)
  return server
}

/** Closes at once any connection beyond `cap` open ones from the same address. */
function capPerClient(server: Server, cap: number): void {
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    if (address === undefined) return
    const count = open.get(address) ?? 0
    if (count >= cap) {
      socket.destroy()
      return
    }
    open.set(address, count + 1)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}
