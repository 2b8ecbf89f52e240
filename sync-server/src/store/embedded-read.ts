// The embedded store's reads (find, findOne, count) on a collection's in-memory view, built to
// cost per call only what the answer needs:
// - a filter that is exactly an index lookup (equalities with plain values on every field of one
//   index, or on `_id`; or one `$in` list of such values on `_id` or a one-field index) is
//   answered from the index alone: each posted document matches, so none is tested, and without
//   a sort the walk stops at skip + limit documents;
// - any other filter is tested document by document and, without a sort, also stops at the limit;
// - mingo's queries are compiled with one set of options made once: mingo's own constructor
//   copies its whole operator table on every query, which cost more than a small find itself;
// - a caller that only reads the answer (the data API encodes it at once) gets the store's own
//   documents, deep-frozen, instead of copies (`readOnly`).
import { Query as MingoQuery } from 'mingo'
import { Context } from 'mingo/core'
import { Query as BareQuery } from 'mingo/query'
import type { Options as MingoOptions, QueryOperator } from 'mingo/types'
import { copyDoc } from './embedded-copy'
import { idDirection, idEnds, idRange } from './embedded-order'
import { keepPage, keptPage, slotOf, type CollectionState, type Posting } from './embedded-state'
import { queryOptions } from './embedded-update'
import { canonicalKey, entryOf, equalityEntry } from './index-keys'
import type { Doc, FindOptions, Query } from './port'

/** An operator name no caller uses (the data API refuses every operator it does not list). */
const PROBE = '$__lfitComputeOptions'

/**
 * mingo's compute options with its full operator context, made once. mingo hands its options
 * object to query operators and takes one back without copying its context; a probe operator,
 * used once here, captures it. Undefined if a mingo version stops doing either: then every
 * query is built the ordinary (slower) way.
 */
const SHARED_OPTIONS = ((): Partial<MingoOptions> | undefined => {
  let captured: unknown
  const probe = ((_selector: string, _value: unknown, options: unknown) => {
    if (captured !== undefined) throw new Error(`${PROBE} is internal to the embedded store`)
    captured = options
    return () => false
  }) as unknown as QueryOperator
  try {
    new MingoQuery(
      { _id: { [PROBE]: true } },
      { ...queryOptions, context: Context.init({ query: { [PROBE]: probe } }) },
    )
    const options = captured as Partial<MingoOptions> & { update?: unknown }
    if (typeof options?.update !== 'function' || options.scriptEnabled !== false) return undefined
    // Checked once: a query compiled with the shared options must know the operators.
    if (!new BareQuery({ a: { $in: [1] } }, options).test({ a: 1 })) return undefined
    return options
  } catch {
    return undefined
  }
})()

/** A compiled mingo query for `filter` (scripts off), without rebuilding mingo's operator table. */
export function compileQuery(filter: Query): MingoQuery {
  return SHARED_OPTIONS
    ? (new BareQuery(filter, SHARED_OPTIONS) as MingoQuery)
    : new MingoQuery(filter, queryOptions)
}

/** A value an index lookup may answer exactly: compared by value, never by shape or pattern. */
const isKeyScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value))

/**
 * The documents `filter` selects when it is exactly an index lookup: top-level fields only (no
 * dotted path), each equal to a string, finite number or boolean, and together the fields of one
 * index or `_id` alone. Every document returned matches the filter as MongoDB (and mingo) would:
 * a field equals the value or is an array holding it, which is what the index entries record.
 * At most `take` of them, the first in the posting's order: a find with a limit reads only the
 * entries it answers, not a participant's whole history. Undefined when the filter is anything
 * else.
 */
export function exactLookup(
  state: CollectionState,
  filter: Query,
  take = Number.POSITIVE_INFINITY,
  readOnly = false,
): readonly Doc[] | undefined {
  const fields = Object.keys(filter)
  if (fields.length === 0) return undefined
  if (fields.length === 1) {
    const listed = keyList(filter[fields[0] as string])
    if (listed) return listLookup(state, fields[0] as string, listed, take)
  }
  for (const field of fields) {
    if (field.startsWith('$') || field.includes('.') || !isKeyScalar(filter[field]))
      return undefined
  }
  if (fields.length === 1 && fields[0] === '_id') {
    const doc = state.docs.get(canonicalKey(filter._id))
    return doc ? [doc] : []
  }
  for (const spec of state.indexes) {
    const paths = Object.keys(spec.key)
    if (paths.length !== fields.length || !paths.every((path) => Object.hasOwn(filter, path))) {
      continue
    }
    const entry = equalityEntry(spec, filter)
    if (entry === undefined) continue
    const slot = slotOf(spec, entry)
    if (spec.unique) {
      const owner = state.owners.get(slot)
      const doc = owner === undefined ? undefined : state.docs.get(owner)
      return doc ? [doc] : []
    }
    const posting = state.postings.get(slot)
    if (!posting) return []
    return readOnly ? readOnlyPage(posting, take) : firstPosted(posting, take)
  }
  return undefined
}

/** The values of `{ $in: [...] }` when each is one an index lookup answers exactly. */
function keyList(condition: unknown): unknown[] | undefined {
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) {
    return undefined
  }
  const keys = Object.keys(condition)
  if (keys.length !== 1 || keys[0] !== '$in') return undefined
  const values = (condition as { $in: unknown }).$in
  return Array.isArray(values) && values.every(isKeyScalar) ? values : undefined
}

/**
 * `{ field: { $in: [...] } }` on `_id` or the field of a one-field index, answered as the union
 * of each value's lookup: a push reads its batch's records and history by `_id` this way, and the
 * make-up standing check after it the batch's participants. Testing each candidate with mingo
 * instead cost a pass over the whole list per document (its `$in` builds a set of the list every
 * time), so a batch of 1,000 cost a million steps. Undefined for a field without such an index.
 */
function listLookup(
  state: CollectionState,
  field: string,
  values: readonly unknown[],
  take: number,
): Doc[] | undefined {
  if (field === '_id') {
    const found = new Map<string, Doc>()
    for (const value of values) {
      const key = canonicalKey(value)
      const doc = state.docs.get(key)
      if (doc !== undefined) found.set(key, doc)
    }
    return firstPosted(found, take)
  }
  if (field.startsWith('$') || field.includes('.')) return undefined
  const spec = state.indexes.find(
    (index) =>
      !index.unique && Object.keys(index.key).length === 1 && Object.hasOwn(index.key, field),
  )
  if (!spec) return undefined
  // Gathered straight into the answer, without a map of every document first (the largest part
  // of the standing check's reads after a push, docs/0021). Each value is looked up once; a
  // document with one value there is posted under that value alone, so only one holding an array
  // (posted once per element) can come twice, and only those are remembered.
  const out: Doc[] = []
  const looked = new Set<string>()
  let multikey: Set<string> | undefined
  for (const value of values) {
    const entry = entryOf(value)
    if (looked.has(entry)) continue
    looked.add(entry)
    const posting = state.postings.get(slotOf(spec, entry))
    if (!posting) continue
    for (const [key, doc] of posting) {
      if (out.length >= take) return out
      if (Array.isArray(doc[field])) {
        multikey ??= new Set()
        if (multikey.has(key)) continue
        multikey.add(key)
      }
      out.push(doc)
    }
  }
  return out
}

/**
 * The first `take` documents of a posting, gathered straight into the answer's array: the
 * posting holds the documents, so a limit-50 find touches 50 entries and looks none up (a map
 * lookup per posted key was the largest cost of a find in the store; a generator here cost
 * more than the lookups themselves; docs/0018-find-under-load.md).
 */
function firstPosted(posting: Posting, take: number): Doc[] {
  // Made at its final size: grown by push, the array of a limit-50 answer was copied four times.
  const out = new Array<Doc>(Math.min(take, posting.size))
  let count = 0
  for (const doc of posting.values()) {
    if (count === out.length) break
    out[count++] = doc
  }
  return out
}

/**
 * The first `take` documents of a posting for a read-only find: frozen, and the same array as
 * the last such find's while the posting has not changed (`keptPage`, embedded-state.ts), so a
 * caller may keep what it makes of the whole answer by the array, as of each document.
 */
function readOnlyPage(posting: Posting, take: number): readonly Doc[] {
  const kept = keptPage(posting)
  if (kept !== undefined && kept.length === Math.min(take, posting.size)) return kept
  const page = readOnlyDocs(firstPosted(posting, take))
  if (Object.isFrozen(page)) keepPage(posting, page)
  return page
}

/**
 * The documents of a find, in the order mingo's cursor would give them, uncopied: `scan` gives
 * the candidates when the filter is not an exact index lookup (each is then tested), undefined
 * when every document is one.
 */
export function findDocs(
  state: CollectionState,
  scan: () => readonly Doc[] | undefined,
  filter: Query,
  options: FindOptions,
): readonly Doc[] {
  const { sort, skip = 0, limit = 0, projection } = options
  const end = idEnd(state, filter, options)
  if (end !== undefined) {
    const docs = end ? [end] : []
    return projection ? compileQuery({}).find<Doc>(docs, projection).all() : docs
  }
  const plainWindow = Number.isInteger(skip) && skip >= 0 && Number.isInteger(limit) && limit >= 0
  // Without a sort the answer is the first skip + limit matches: an exact lookup reads no more.
  const take = sort || !plainWindow || limit === 0 ? Number.POSITIVE_INFINITY : skip + limit
  const exact = exactLookup(state, filter, take, options.readOnly)
  const query = exact ? null : compileQuery(filter)
  const narrowed = exact ?? scan()
  // Sorted by `_id` over the whole collection (a pull's snapshot page): walked in the order the
  // view keeps, tested one by one, stopping at the limit, instead of testing and sorting all.
  const direction = idDirection(sort)
  const whole = narrowed === undefined || narrowed.length === state.docs.size
  if (direction !== undefined && plainWindow && whole) {
    const test = query ? (doc: Doc) => query.test(doc) : undefined
    return projected(idRange(state, filter, direction, { skip, limit }, test), projection)
  }
  const candidates: Iterable<Doc> = narrowed ?? state.docs.values()
  if (sort || !plainWindow) {
    // A sort needs every match; mingo sorts, then skips, then limits, as MongoDB does.
    const matches = query ? [...candidates].filter((doc) => query.test(doc)) : [...candidates]
    let cursor = compileQuery({}).find<Doc>(matches, projection)
    if (sort) cursor = cursor.sort(sort)
    if (skip) cursor = cursor.skip(skip)
    if (limit) cursor = cursor.limit(limit)
    return cursor.all()
  }
  if (exact && skip === 0 && !projection) return exact
  const out: Doc[] = []
  let skipping = skip
  for (const doc of candidates) {
    if (query && !query.test(doc)) continue
    if (skipping > 0) {
      skipping -= 1
      continue
    }
    out.push(doc)
    if (limit > 0 && out.length >= limit) break
  }
  return projected(out, projection)
}

/** The documents with only the fields `projection` asks for (all without one). */
function projected(docs: Doc[], projection: FindOptions['projection']): Doc[] {
  if (!projection || Object.keys(projection).length === 0) return docs
  return compileQuery({}).find<Doc>(docs, projection).all()
}

/**
 * The one document of `find({}, { sort: { _id: ±1 }, limit: 1 })` (the change log's last or
 * first number), read from the ends the state keeps: null when the collection is empty,
 * undefined for any other find.
 */
function idEnd(
  state: CollectionState,
  filter: Query,
  options: FindOptions,
): Doc | null | undefined {
  const { sort, skip = 0, limit } = options
  if (limit !== 1 || skip !== 0 || Object.keys(filter).length > 0 || !sort) return undefined
  const keys = Object.keys(sort)
  if (keys.length !== 1 || keys[0] !== '_id') return undefined
  const ends = idEnds(state)
  return ends && (sort._id === -1 ? ends.high : ends.low)
}

/** How many documents match `filter` (an exact index lookup is counted without tests). */
export function countDocs(
  state: CollectionState,
  scan: () => readonly Doc[] | undefined,
  filter: Query,
) {
  const exact = exactLookup(state, filter)
  let count = 0
  if (exact) {
    for (const _doc of exact) count += 1
    return count
  }
  const query = compileQuery(filter)
  for (const doc of scan() ?? state.docs.values()) if (query.test(doc)) count += 1
  return count
}

/**
 * Documents for a caller that only reads them: each the store's own, deep-frozen (once), so an
 * attempt to change one throws instead of altering the store; a document holding values that
 * freezing cannot protect (a Date can still be set, a typed array written) is copied instead.
 * Freezing a stored document is safe: the store never changes one in place, every write puts a
 * new or copied document. Nor does it ever keep a caller's object, so a stored document that is
 * frozen is one this froze, all the way down: being frozen is the record. A WeakSet of them
 * beside the documents made every garbage collection trace thousands of weak entries, which
 * tripled the main thread's collection pauses in a push's profile (docs/0021).
 */
export function readOnlyDocs(docs: readonly Doc[]): Doc[] {
  // A frozen answer is one this made (a kept page, readOnlyPage): frozen documents only.
  if (Object.isFrozen(docs)) return docs as Doc[]
  let copied = false
  const out = docs.map((doc) => {
    if (Object.isFrozen(doc) || freezeDeep(doc)) return doc
    copied = true
    return copyDoc(doc)
  })
  // An answer of frozen documents only is frozen too: a caller that keeps something per
  // document (the data API's encoded bytes, db-api/operations.ts) asks once per answer, not once
  // per document.
  return copied ? out : (Object.freeze(out) as Doc[])
}

function freezeDeep(doc: Doc): boolean {
  if (!freezable(doc, 0)) return false
  freeze(doc)
  return true
}

/** Bounds the walk; stored documents are far shallower (the API bounds nesting at 24). */
const MAX_DEPTH = 100

function freezable(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return true
  if (depth > MAX_DEPTH) return false
  if (Array.isArray(value)) return value.every((item) => freezable(item, depth + 1))
  const proto = Object.getPrototypeOf(value) as unknown
  if (proto !== Object.prototype && proto !== null) return false
  return Object.values(value).every((item) => freezable(item, depth + 1))
}

function freeze(value: unknown): void {
  if (value === null || typeof value !== 'object') return
  for (const item of Object.values(value)) freeze(item)
  Object.freeze(value)
}
