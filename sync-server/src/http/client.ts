// The client's address, for rate limits. Behind a trusted reverse proxy it is the last hop the
// proxy appended to X-Forwarded-For; otherwise the socket's peer. Never trusted blindly: a client
// can write any X-Forwarded-For it likes when no proxy overwrites it.
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((hop) => hop.trim())
    const last = hops.filter(Boolean).pop()
    if (last) return last
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // Requests made in-process (app.request in tests) have no socket.
    return 'unknown'
  }
}
