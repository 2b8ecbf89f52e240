// Request bodies at the HTTP boundary: read with a size cap and decoded from msgpack into plain
// data (msgpackBody), then parsed with a zod schema (parseBody), whose failure is one 400 that
// names each field with its bilingual message, so a form can show it next to the field.
import type { Context, MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import { splitBilingual, type Bilingual } from '@lfit/domain/messages/bilingual'
import { fieldErrors } from '@lfit/domain/users/validation'
import type { AppEnv } from './env'
import { ApiError } from './errors'
import { redact } from './log'
import { ACCEPTED_TYPES, isPlainData, unpack } from './msgpack'

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const fields: Record<string, Bilingual> = {}
  for (const [field, message] of Object.entries(fieldErrors(parsed))) {
    fields[field] = splitBilingual(message)
  }
  throw new ApiError('invalidBody', {}, { fields })
}

/**
 * Reads the body of a POST into `c.var.body`: msgpack only, at most `maxBytes`. An empty body is
 * an empty payload (`{}`), as for logout and the user call.
 */
export function msgpackBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const length = c.req.header('content-length')
    const declared = Number(length ?? '0')
    if (declared > maxBytes) throw new ApiError('payloadTooLarge')
    const bytes = await arrivedBody(c, () =>
      length !== undefined && !c.req.header('transfer-encoding') && fromNodeServer(c)
        ? readDeclared(c.req.raw)
        : readLimited(c.req.raw, maxBytes),
    )
    if (bytes.length === 0) {
      c.set('body', {})
      return next()
    }
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (!ACCEPTED_TYPES.includes(type)) throw new ApiError('unsupportedMediaType')
    let body: unknown
    try {
      body = unpack(bytes)
    } catch {
      throw new ApiError('invalidBody')
    }
    if (!isPlainData(body)) throw new ApiError('invalidBody')
    c.set('body', body ?? {})
    return next()
  }
}

/**
 * The body `read` reads, or a 400 when it stopped arriving: a body fails only when its client
 * reset or closed the connection midway, or took longer than the request timeout. That is a
 * fault of this connection, logged as one with the request id, not a server error answered 500
 * (docs/0029-a-connection-fault-ends-only-that-connection.md); the client is gone anyway.
 */
export async function arrivedBody<T>(c: Context<AppEnv>, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof ApiError) throw error
    const code = (error as NodeJS.ErrnoException).code
    c.get('log').warn('connection fault', {
      requestId: c.get('requestId'),
      path: c.req.path,
      error: code ?? (error instanceof Error ? redact(error.message.slice(0, 100)) : 'unknown'),
    })
    throw new ApiError('badRequest')
  }
}

/** Whether the request came through Node's HTTP server, whose parser enforces Content-Length. */
function fromNodeServer(c: Context): boolean {
  return (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined
}

/**
 * Reads a body whose Content-Length was declared and checked against the cap (limitBody) and
 * which Node's parser delivers no byte beyond: the Node adapter's direct read, without a web
 * stream. A lying client cannot send more than it declared, only less (and then waits out the
 * request timeout).
 */
async function readDeclared(request: Request): Promise<Uint8Array> {
  return new Uint8Array(await request.arrayBuffer())
}

/** Reads a request body, stopping as soon as it exceeds the limit (a lying Content-Length too). */
async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (size > maxBytes) {
      await reader.cancel()
      throw new ApiError('payloadTooLarge')
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  return bytes
}
