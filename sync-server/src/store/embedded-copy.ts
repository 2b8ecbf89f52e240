// The embedded store's one way to copy a document: what it stores must not be changed through a
// caller's reference, and what a caller gets must be the caller's own (port.ts).
// Stored documents are trees of plain objects, arrays and scalars, which a walk copies several
// times faster than structuredClone (which serialises and deserialises); anything else in them (a
// Date, a typed array, a Map) and anything deeper than documents go (a cycle included) is copied
// by structuredClone, exactly as before.

/** Deeper than any stored document (the data API bounds nesting far below this). */
const MAX_DEPTH = 64

export function copyDoc<T>(value: T): T {
  return copy(value, 0) as T
}

function copy(value: unknown, depth: number): unknown {
  // A function or symbol is refused by structuredClone, as before.
  if (typeof value === 'function' || typeof value === 'symbol') return structuredClone(value)
  if (value === null || typeof value !== 'object') return value
  if (depth > MAX_DEPTH) return structuredClone(value)
  if (Array.isArray(value)) {
    return Object.getPrototypeOf(value) === Array.prototype
      ? value.map((item: unknown) => copy(item, depth + 1))
      : structuredClone(value)
  }
  const proto = Object.getPrototypeOf(value) as unknown
  if (proto !== Object.prototype && proto !== null) return structuredClone(value)
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const item = copy((value as Record<string, unknown>)[key], depth + 1)
    // A key named `__proto__` (JSON and msgpack can carry one) stays a plain field.
    if (key === '__proto__') {
      Object.defineProperty(out, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    } else out[key] = item
  }
  return out
}

/** Marks a walk that met something other than plain objects, arrays and scalars. */
const NOT_PLAIN = Symbol('not plain')

/**
 * The copy the store keeps of a document it is given: frozen all the way down in the same walk
 * when it is plain data, so a read-only answer hands it out as it is instead of freezing it on
 * first read (`readOnlyDocs`, embedded-read.ts: being frozen says it was frozen all the way
 * down). A document holding anything else (a Date can still be changed when frozen) is an
 * ordinary copy, as before.
 */
export function storedCopy(doc: Record<string, unknown>): Record<string, unknown> {
  const frozen = frozenCopy(doc, 0)
  return frozen === NOT_PLAIN ? copyDoc(doc) : (frozen as Record<string, unknown>)
}

function frozenCopy(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? NOT_PLAIN : value
  }
  if (depth > MAX_DEPTH) return NOT_PLAIN
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return NOT_PLAIN
    const out = new Array<unknown>(value.length)
    for (let i = 0; i < value.length; i++) {
      const item = frozenCopy(value[i], depth + 1)
      if (item === NOT_PLAIN) return NOT_PLAIN
      out[i] = item
    }
    return Object.freeze(out)
  }
  const proto = Object.getPrototypeOf(value) as unknown
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN
  const out: Record<string, unknown> = {}
  // `for in` walks V8's cached key list of the shape; Object.keys made an array per object.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    // A key named `__proto__` is left to copyDoc, which keeps it a plain field.
    if (key === '__proto__') return NOT_PLAIN
    const item = frozenCopy((value as Record<string, unknown>)[key], depth + 1)
    if (item === NOT_PLAIN) return NOT_PLAIN
    out[key] = item
  }
  return Object.freeze(out)
}
