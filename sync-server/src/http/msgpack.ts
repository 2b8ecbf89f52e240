// Request and answer bodies of the API are msgpack (spec §7). Decoding is where untrusted bytes
// become values, so it is strict: a size limit, and only the plain data a JSON document could
// hold (plus dates). msgpackr can also produce RegExps, Errors, Sets, typed arrays and BigInts
// from extension types; a RegExp reaching a MongoDB filter would be a query operator in disguise.
import type { Context, MiddlewareHandler } from 'hono'
import { Packr } from 'msgpackr'
import type { AppEnv } from './env'
import { ApiError } from './errors'

export const MSGPACK = 'application/msgpack'
const ACCEPTED_TYPES = [MSGPACK, 'application/x-msgpack']

/** Deepest nesting accepted in a body; real payloads stay far below. */
const MAX_DEPTH = 24

const packr = new Packr({ useRecords: false, mapsAsObjects: true, structuredClone: false })

/** Packs an answer (typed as a plain Uint8Array so it is a BodyInit, see STACK.md). */
export function pack(value: unknown): Uint8Array<ArrayBuffer> {
  return packr.pack(value) as Uint8Array<ArrayBuffer>
}

export function unpack(bytes: Uint8Array): unknown {
  return packr.unpack(bytes)
}

/** Answers `value` as msgpack; API answers are personal, so never stored by a cache. */
export function answer(c: Context, value: unknown, status = 200) {
  return c.body(pack(value ?? null), status as 200, {
    'Content-Type': MSGPACK,
    'Cache-Control': 'no-store',
  })
}

/** Whether a decoded value is plain data: primitives, dates, arrays and plain objects. */
export function isPlainData(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false
  if (value === null || value === undefined) return true
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(value)
    case 'object':
      break
    default:
      return false
  }
  if (value instanceof Date) return !Number.isNaN(value.getTime())
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1))
  const proto = Object.getPrototypeOf(value) as unknown
  if (proto !== Object.prototype && proto !== null) return false
  return Object.entries(value).every(
    ([key, item]) => key !== '__proto__' && isPlainData(item, depth + 1),
  )
}

/**
 * Reads the body of a POST into `c.var.body`: msgpack only, at most `maxBytes`. An empty body is
 * an empty payload (`{}`), as for logout and the user call.
 */
export function msgpackBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const declared = Number(c.req.header('content-length') ?? '0')
    if (declared > maxBytes) throw new ApiError('payloadTooLarge')
    const bytes = await readLimited(c.req.raw, maxBytes)
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
