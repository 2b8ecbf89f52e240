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
