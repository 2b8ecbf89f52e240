// Request and answer bodies of the API are msgpack (docs/architecture.md). Decoding is where untrusted bytes
// become values, so it is strict: a size limit, and only the plain data a JSON document could
// hold (plus dates). msgpackr can also produce RegExps, Errors, Sets, typed arrays and BigInts
// from extension types; a RegExp reaching a MongoDB filter would be a query operator in disguise.
import type { Context } from 'hono'
import { Packr } from 'msgpackr'
import { answerWith } from './common-headers'

export const MSGPACK = 'application/msgpack'
/** The content types a request body may declare. */
export const ACCEPTED_TYPES = [MSGPACK, 'application/x-msgpack']

/** Deepest nesting accepted in a body; real payloads stay far below. */
const MAX_DEPTH = 24

const packr = new Packr({ useRecords: false, mapsAsObjects: true, structuredClone: false })

/** An array answer whose items are msgpack already (each packed once, see `packedItem`). */
export class PackedArray {
  constructor(readonly items: readonly Uint8Array[]) {}
}

/** A whole answer that is msgpack already (its bytes are answered as they are). */
export class Packed {
  constructor(readonly bytes: Uint8Array<ArrayBuffer>) {}
}

/**
 * A map answer whose values may be packed arrays or packed maps (a pull answer: its envelope
 * around one packed array per collection). Keys are written in the object's order.
 */
export class PackedMap {
  constructor(readonly entries: Readonly<Record<string, unknown>>) {}
}

/** Packs an answer, typed as a plain Uint8Array: that is what a BodyInit accepts. */
export function pack(value: unknown): Uint8Array<ArrayBuffer> {
  if (value instanceof Packed) return value.bytes
  if (value instanceof PackedArray) return packedArray(value.items)
  if (value instanceof PackedMap) return packedMap(value.entries)
  return packr.pack(value) as Uint8Array<ArrayBuffer>
}

/** One value packed on its own, in bytes of its own, for a PackedArray. */
export function packedItem(value: unknown): Uint8Array {
  return packr.pack(value).slice()
}

/** A msgpack array of already packed items: its header, then the items as they are. */
function packedArray(items: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  return joined(0x90, 0xdc, items.length, items)
}

/** A msgpack map: its header, then each key and value packed (packed parts as they are). */
function packedMap(entries: Readonly<Record<string, unknown>>): Uint8Array<ArrayBuffer> {
  const keys = Object.keys(entries)
  const parts: Uint8Array[] = []
  for (const key of keys) {
    const value = entries[key]
    parts.push(packedItem(key))
    parts.push(
      value instanceof PackedArray || value instanceof PackedMap ? pack(value) : packedItem(value),
    )
  }
  return joined(0x80, 0xde, keys.length, parts)
}

/**
 * A header for `count` (the fix form from `fix` below 16, else the 16- or the 32-bit form
 * from `wide`, which is 0xdc/0xde and one more), then `parts` as they are.
 */
function joined(
  fix: number,
  wide: number,
  count: number,
  parts: readonly Uint8Array[],
): Uint8Array<ArrayBuffer> {
  const head = count < 16 ? 1 : count < 0x10000 ? 3 : 5
  let size = head
  for (const part of parts) size += part.length
  const out = new Uint8Array(size)
  if (count < 16) out[0] = fix | count
  else if (count < 0x10000) {
    out[0] = wide
    out[1] = count >> 8
    out[2] = count & 0xff
  } else {
    out[0] = wide + 1
    new DataView(out.buffer).setUint32(1, count)
  }
  let at = head
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

export function unpack(bytes: Uint8Array): unknown {
  return packr.unpack(bytes)
}

/** Answers `value` as msgpack; API answers are personal, so never stored by a cache. */
export function answer(c: Context, value: unknown, status = 200): Response | Promise<Response> {
  return answerWith(c, pack(value ?? null), status, ANSWER_HEADERS)
}

const ANSWER_HEADERS = Object.freeze({ 'Content-Type': MSGPACK, 'Cache-Control': 'no-store' })

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
  // Own keys and a loop rather than Object.entries: no pair array per field of every body.
  const keys = Object.keys(value)
  for (let at = 0; at < keys.length; at++) {
    const key = keys[at] as string
    if (key === '__proto__' || !isPlainData((value as Record<string, unknown>)[key], depth + 1)) {
      return false
    }
  }
  return true
}
