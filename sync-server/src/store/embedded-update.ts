// MongoDB update semantics for the embedded store, through mingo's own update API.
import { Query as MingoQuery, update as mingoUpdate } from 'mingo'
import { isEqual } from 'mingo/util'
import type { Options as MingoOptions } from 'mingo/types'
import { copyDoc } from './embedded-copy'
import { filterEqualities } from './filter-equality'
import type { Doc, Query, Update } from './port'

// Scripts ($where, $function, $accumulator) stay off even though the API also rejects them.
export const queryOptions: Partial<MingoOptions> = { scriptEnabled: false }

/** Applies a MongoDB update document in place; `$setOnInsert` counts only when inserting. */
export function applyUpdate(doc: Doc, update: Update, inserting: boolean): boolean {
  const { $setOnInsert, ...rest } = update
  // One mingo call per update: each call re-registers mingo's operators, which costs more than
  // the update itself. MongoDB rejects a path in both $set and $setOnInsert, so merging is safe.
  const modifier: Update =
    inserting && $setOnInsert
      ? { ...rest, $set: { ...($setOnInsert as object), ...(rest.$set as object | undefined) } }
      : rest
  if (Object.keys(modifier).length === 0) return false
  const direct = setDirectly(doc, modifier)
  if (direct !== undefined) return direct
  // Deep clone: values from the caller's update must not be shared with stored documents.
  const options = { cloneMode: 'deep' as const, queryOptions }
  return mingoUpdate(doc, modifier, undefined, undefined, options).length > 0
}

/** The start of an upserted document: the filter's equality fields, dotted paths nested. */
export function seedFromFilter(filter: Query): Doc {
  const seed: Doc = {}
  for (const [path, value] of Object.entries(filterEqualities(filter))) {
    const parts = path.split('.')
    let node: Record<string, unknown> = seed
    for (const part of parts.slice(0, -1)) {
      const next = node[part]
      node = (next !== null && typeof next === 'object' ? next : (node[part] = {})) as Record<
        string,
        unknown
      >
    }
    node[parts.at(-1)!] = copyDoc(value)
  }
  return seed
}

/**
 * A top-level field name that `$set` and an equality filter may use without mingo: not `_id`
 * (mingo refuses to change it), no operator, no dotted path, no prototype name.
 */
function plainField(field: string): boolean {
  return (
    field !== '_id' &&
    !field.startsWith('$') &&
    !field.includes('.') &&
    !(field in Object.prototype)
  )
}

/**
 * `$set` of top-level fields, the shape every sync write uses, applied directly: mingo's update()
 * builds its whole operator table on every call, which cost more than the write itself. Answers
 * whether the document changed, or undefined for any other shape (mingo then applies it).
 */
function setDirectly(doc: Doc, modifier: Update): boolean | undefined {
  const keys = Object.keys(modifier)
  if (keys.length !== 1 || keys[0] !== '$set') return undefined
  const set = modifier.$set
  if (set === null || typeof set !== 'object' || Array.isArray(set)) return undefined
  const entries = Object.entries(set)
  if (entries.some(([field, value]) => !plainField(field) || value === undefined)) return undefined
  let changed = false
  for (const [field, value] of entries) {
    if (Object.hasOwn(doc, field) && isEqual(doc[field], value)) continue
    // A copy: values from the caller's update must not be shared with stored documents.
    doc[field] = copyDoc(value)
    changed = true
  }
  return changed
}

type Scalar = string | number | boolean | null

const isScalar = (value: unknown): value is Scalar =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && !Number.isNaN(value))

/**
 * A test for one filter, made once per call. Equalities of top-level fields with scalars (the
 * compare-and-set and change-log filters of sync: `{ _id, rev }`, `{ _id, state }`) are tested
 * directly, as MongoDB does (null also matches a missing field); a document whose field holds an
 * array or object, and every other filter, is tested by mingo, compiled only when first needed.
 */
export function matcher(filter: Query): (doc: Doc) => boolean {
  let query: MingoQuery | undefined
  const byMingo = (doc: Doc) => (query ??= new MingoQuery(filter, queryOptions)).test(doc)
  const entries = Object.entries(filter)
  if (
    !entries.every(([field, value]) => (field === '_id' || plainField(field)) && isScalar(value))
  ) {
    return byMingo
  }
  return (doc) => {
    for (const [field, value] of entries) {
      const held = Object.hasOwn(doc, field) ? doc[field] : undefined
      if (held === undefined) {
        if (value !== null) return false
      } else if (!isScalar(held)) return byMingo(doc)
      else if (held !== value) return false
    }
    return true
  }
}
