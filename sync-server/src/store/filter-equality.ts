// MongoDB builds the document of an upsert from the equality conditions of its filter before it
// applies the update (`{ a: 1, b: { $gt: 2 }, $and: [{ c: 3 }] }` seeds `{ a: 1, c: 3 }`). Both
// adapters need that rule: the embedded one to build the document, the MongoDB one to know
// whether the filter already fixes `_id`.
import type { Query } from './port'

/** Equality fields of a filter as dotted path → value (`$eq` and `$and` included, like MongoDB). */
export function filterEqualities(filter: Query): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const clause of value) Object.assign(out, filterEqualities(clause as Query))
    } else if (!key.startsWith('$')) {
      if (isOperatorObject(value)) {
        if ('$eq' in value) out[key] = value.$eq
      } else if (!(value instanceof RegExp)) {
        out[key] = value
      }
    }
  }
  return out
}

export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  if (value instanceof Date || value instanceof RegExp) return false
  const keys = Object.keys(value)
  return keys.length > 0 && keys.every((k) => k.startsWith('$'))
}
