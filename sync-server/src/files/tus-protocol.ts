// What the tus protocol (https://tus.io/protocols/resumable-upload) asks of the upload routes
// beyond what @tus/server does itself, so that any tus client works, not only the app's own
// (docs/0031-bounded-uploads.md): a request of another protocol version is answered 412 with the
// version the server speaks, a piece in another content type 415, a client that can send only
// GET and POST names its method in X-HTTP-Method-Override, and a refusal reaches a client that
// did not ask for msgpack as text it can show.
import type { Context } from 'hono'
import { TUS_RESUMABLE } from '@tus/server'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { MSGPACK } from '../http/msgpack'

/** The content type of every piece (tus 1.0.0, PATCH). */
const PIECE_TYPE = 'application/offset+octet-stream'

/** The methods a POST may stand for on an upload's address. */
const OVERRIDABLE = new Set(['PATCH', 'DELETE', 'HEAD'])

/** Refuses a tus request the server cannot take, before tus reads it. */
export function checkTusRequest(request: Request): void {
  const version = request.headers.get('tus-resumable')
  if (version !== null && version !== TUS_RESUMABLE) {
    throw new ApiError('tusVersionUnsupported', { version: TUS_RESUMABLE })
  }
  if (request.method !== 'PATCH') return
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== PIECE_TYPE) throw new ApiError('uploadContentType')
}

/**
 * The request as the method it stands for: a POST with X-HTTP-Method-Override (tus-js-client's
 * `overridePatchMethod`, for proxies that drop PATCH) is that method; any other stays as sent.
 */
export function withMethodOverride(request: Request): Request {
  const override = methodOf(request)
  if (override === request.method) return request
  if (override === 'HEAD')
    return new Request(request.url, { method: 'HEAD', headers: request.headers })
  return new Request(request, { method: override, duplex: 'half' } as RequestInit)
}

/** The method a request stands for (see withMethodOverride). */
export function methodOf(request: Request): string {
  const override = request.headers.get('x-http-method-override')?.trim().toUpperCase()
  return request.method === 'POST' && override && OVERRIDABLE.has(override)
    ? override
    : request.method
}

/**
 * Runs an upload route and answers its refusal so that the client can show it: as every API
 * answer (msgpack, through the app's onError) to a client that accepts msgpack, the app's own
 * included; as plain text, Slovenian then English, to any other tus client, whose error message
 * quotes the body as text.
 */
export async function answeringTus(
  c: Context<AppEnv>,
  route: () => Promise<Response>,
): Promise<Response> {
  try {
    return await route()
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    c.header('Tus-Resumable', TUS_RESUMABLE)
    if (error.code === 'tusVersionUnsupported') c.header('Tus-Version', TUS_RESUMABLE)
    const accept = c.req.header('accept') ?? ''
    if (!c.req.header('tus-resumable') || accept.includes(MSGPACK)) throw error
    c.header('Cache-Control', 'no-store')
    return c.text(`${error.bilingual.sl}\n${error.bilingual.en}\n`, error.status as 400)
  }
}
