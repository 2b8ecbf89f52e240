// Keys for the embedded store: the lmdb key of a document (from its `_id`) and the entries of
// unique indexes. Values compare the way MongoDB compares index keys: 1 and 1.0 are the same
// key, Dates by instant, objects by fields in order, and a missing field counts as null.
import type { Doc, IndexSpec } from './port'

export function canonicalKey(value: unknown): string {
  if (value === undefined || value === null) return 'null'
  switch (typeof value) {
    case 'number':
      return `n:${Object.is(value, -0) ? 0 : value}`
    case 'bigint':
      return `n:${value}`
    case 'string':
      return `s:${value}`
    case 'boolean':
      return `b:${value}`
  }
  if (value instanceof Date) return `d:${value.getTime()}`
  if (Array.isArray(value)) return `a:[${value.map((v) => JSON.stringify(canonicalKey(v))).join()}]`
  if (value instanceof RegExp) return `r:${value.toString()}`
  const fields = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(canonicalKey(v))}`,
  )
  return `o:{${fields.join()}}`
}

export function indexName(spec: IndexSpec): string {
  return spec.name ?? Object.entries(spec.key).flat().join('_')
}

/**
 * Every key a document contributes to an index. An array value contributes one key per element
 * (MongoDB's multikey rule), so two documents sharing any element collide on a unique index.
 */
export function indexEntries(doc: Doc, spec: IndexSpec): string[] {
  const paths = Object.keys(spec.key)
  // One field holding one value, the common case (every index of the synced collections, and
  // each write and staged read of a push posts one per document, docs/0021): its one entry,
  // without the combinations and the set below.
  if (paths.length === 1 && !paths[0]!.includes('.')) {
    const value = doc[paths[0]!]
    if (!Array.isArray(value)) return [entryOf(value)]
  }
  let keys: string[][] = [[]]
  for (const path of paths) {
    const values = valuesAt(doc, path.split('.'))
    keys = keys.flatMap((prefix) => values.map((v) => [...prefix, canonicalKey(v)]))
  }
  return [...new Set(keys.map((parts) => JSON.stringify(parts)))]
}

/** The entry of one value in a one-field index, as `indexEntries` makes it. */
export function entryOf(value: unknown): string {
  return JSON.stringify([canonicalKey(value)])
}

/**
 * The one entry a filter's equality fields select in an index, when they cover all its fields
 * with values that are not arrays (an array would select by whole value, not by element).
 */
export function equalityEntry(
  spec: IndexSpec,
  equalities: Record<string, unknown>,
): string | undefined {
  const values: string[] = []
  for (const path of Object.keys(spec.key)) {
    if (!(path in equalities) || Array.isArray(equalities[path])) return undefined
    values.push(canonicalKey(equalities[path]))
  }
  return JSON.stringify(values)
}

/** The index key of a document as MongoDB reports it in a duplicate-key error. */
export function keyValue(doc: Doc, spec: IndexSpec): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(spec.key).map((path) => [path, valuesAt(doc, path.split('.'))[0] ?? null]),
  )
}

function valuesAt(value: unknown, path: string[]): unknown[] {
  if (path.length === 0) {
    return Array.isArray(value) && value.length > 0 ? value : [value ?? null]
  }
  if (Array.isArray(value)) {
    const found = value.flatMap((item) => (isPlainObject(item) ? valuesAt(item, path) : []))
    return found.length > 0 ? found : [null]
  }
  if (!isPlainObject(value)) return [null]
  const [head, ...rest] = path
  return valuesAt(value[head!], rest)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  )
}
