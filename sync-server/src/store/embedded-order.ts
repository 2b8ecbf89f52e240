// The `_id` order of an embedded collection, kept with its live view like the index postings:
// the lowest and highest `_id` (the change log's claim reads its last number on every push,
// docs/0006) and every key in `_id` order (a pull's snapshot pages walk a collection by `_id`
// from where the previous page stopped, docs/sync-protocol.md). Both are built on first use and
// then follow every applied write: a new document is added (its key merged into the order at the
// next read), a deleted end or any deleted document makes the part it touched be built again.
// Sorting the whole collection per read made each page and each claim slower as data grew.
import { compare } from 'mingo/util'
import type { CollectionState } from './embedded-state'
import type { Doc, Query } from './port'

/** Keys in `_id` order, and keys of documents added since (merged in at the next read). */
export interface IdOrder {
  sorted: string[]
  added: string[]
}

/** MongoDB's order of `_id` values (mingo's sort), with the common all-text case compared directly. */
function compareIds(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0
  return compare(a, b)
}

/** Keeps the ends and the order true after `key` went from `old` to `doc` in the view. */
export function noteWrite(
  state: CollectionState,
  key: string,
  old: Doc | undefined,
  doc: Doc | null,
): void {
  if (state.order) {
    if (doc === null) {
      if (old) state.order = undefined
    } else if (!old) state.order.added.push(key)
  }
  const ends = state.ends
  if (!ends) return
  // `_id` never changes, so only a new document or a deleted end moves the ends.
  if (doc === null) {
    if (old === ends.low || old === ends.high) state.ends = undefined
  } else if (old === ends.low) state.ends = { low: doc, high: ends.high }
  else if (old === ends.high) state.ends = { low: ends.low, high: doc }
  else state.ends = widened(ends, doc)
}

/** The documents with the lowest and highest `_id`, or null for an empty collection. */
export function idEnds(state: CollectionState): { low: Doc; high: Doc } | null {
  if (!state.ends) {
    for (const doc of state.docs.values()) state.ends = widened(state.ends, doc)
  }
  return state.ends ?? null
}

function widened(ends: CollectionState['ends'], doc: Doc): { low: Doc; high: Doc } {
  if (!ends) return { low: doc, high: doc }
  if (compareIds(doc._id, ends.low._id) < 0) return { low: doc, high: ends.high }
  if (compareIds(doc._id, ends.high._id) > 0) return { low: ends.low, high: doc }
  return ends
}

/** Every key in `_id` order. */
function orderedKeys(state: CollectionState): readonly string[] {
  const idOf = (key: string) => (state.docs.get(key) as Doc)._id
  const byId = (a: string, b: string) => compareIds(idOf(a), idOf(b))
  if (!state.order) {
    // Sorted as (id, key) pairs: comparing ids directly, not through two lookups each time.
    const pairs = [...state.docs].map(([key, doc]) => ({ id: doc._id, key }))
    pairs.sort((a, b) => compareIds(a.id, b.id))
    state.order = { sorted: pairs.map((pair) => pair.key), added: [] }
    return state.order.sorted
  }
  const { sorted, added } = state.order
  if (added.length === 0) return sorted
  added.sort(byId)
  const merged: string[] = new Array(sorted.length + added.length)
  let i = 0
  let j = 0
  for (let at = 0; at < merged.length; at++) {
    merged[at] =
      j >= added.length || (i < sorted.length && byId(sorted[i]!, added[j]!) <= 0)
        ? sorted[i++]!
        : added[j++]!
  }
  state.order = { sorted: merged, added: [] }
  return merged
}

/** The direction of a sort on `_id` alone, or undefined for any other sort. */
export function idDirection(sort: Record<string, 1 | -1> | undefined): 1 | -1 | undefined {
  if (!sort) return undefined
  const keys = Object.keys(sort)
  return keys.length === 1 && keys[0] === '_id' && (sort._id === 1 || sort._id === -1)
    ? sort._id
    : undefined
}

/**
 * The documents of a walk in `_id` order (or the reverse) that the filter selects, after `skip`
 * of them, up to `limit` (0: no limit). Ascending from a lower bound on `_id` (`$gt` or `$gte` a
 * text or number, a snapshot page's `_id > last`), the walk starts at the bound: every `_id`
 * before it fails the filter. `test` is the filter's own test, asked only of the documents the
 * walk does not select by itself (walkSelects), or of none without it. A loop over the kept
 * order, not a generator, and no call per document a pull's page selects: a page walks 5,000.
 */
export function idRange(
  state: CollectionState,
  filter: Query,
  direction: 1 | -1,
  window: { skip: number; limit: number },
  test?: (doc: Doc) => boolean,
): Doc[] {
  const keys = orderedKeys(state)
  const docs = state.docs
  const selects = walkSelects(filter, direction)
  const out: Doc[] = []
  let skipping = window.skip
  let at = direction === 1 ? lowerBound(state, keys, filter._id) : keys.length - 1
  for (; at >= 0 && at < keys.length; at += direction) {
    const doc = docs.get(keys[at]!) as Doc
    if (test && selects !== 'every' && typeof doc._id !== selects && !test(doc)) continue
    if (skipping > 0) {
      skipping -= 1
      continue
    }
    out.push(doc)
    if (window.limit > 0 && out.length >= window.limit) break
  }
  return out
}

/**
 * For a walk in `direction` from `filter`'s bound (idRange), which walked documents the filter
 * selects without testing them: 'every' one, those whose `_id` is of one type, or undefined when
 * each must be tested. An empty filter selects every document; a filter that is only an `_id`
 * lower bound (a snapshot page's `_id > last`) selects every document the ascending walk gives
 * whose `_id` is of the bound's type (MongoDB compares only values of one type; the order puts
 * other types after it). A pull's page of 5,000 then tests none, where mingo's comparison of
 * each was a third of its read.
 */
function walkSelects(filter: Query, direction: 1 | -1): 'every' | 'string' | 'number' | undefined {
  const fields = Object.keys(filter)
  if (fields.length === 0) return 'every'
  if (direction !== 1 || fields.length !== 1 || fields[0] !== '_id') return undefined
  const condition = filter._id
  if (condition === null || typeof condition !== 'object') return undefined
  const operators = Object.keys(condition)
  if (operators.length !== 1 || (operators[0] !== '$gt' && operators[0] !== '$gte')) {
    return undefined
  }
  const value = (condition as Record<string, unknown>)[operators[0]]
  if (typeof value === 'string') return 'string'
  if (typeof value === 'number' && Number.isFinite(value)) return 'number'
  return undefined
}

/** The first position an `_id` condition can hold from, by binary search; 0 without a bound. */
function lowerBound(state: CollectionState, keys: readonly string[], condition: unknown): number {
  if (condition === null || typeof condition !== 'object') return 0
  const bound = condition as Record<string, unknown>
  const strict = '$gt' in bound
  const value = strict ? bound.$gt : bound.$gte
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return 0
  let low = 0
  let high = keys.length
  while (low < high) {
    const mid = (low + high) >>> 1
    const order = compareIds((state.docs.get(keys[mid]!) as Doc)._id, value)
    if (order < 0 || (strict && order === 0)) low = mid + 1
    else high = mid
  }
  return low
}
