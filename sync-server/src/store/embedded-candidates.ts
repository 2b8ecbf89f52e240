// Which stored documents a filter can match, found by key or index where the filter allows it,
// so writes (and a transaction's reads) test a few candidates instead of the whole collection.
import { slotOf, type Stage } from './embedded-state'
import { matcher } from './embedded-update'
import { filterEqualities, isOperatorObject } from './filter-equality'
import { canonicalKey, equalityEntry } from './index-keys'
import type { Doc, Query } from './port'

/**
 * Documents that may match: one lookup when the filter's equalities fix `_id` or cover a unique
 * index (the common upsert-by-key case), else all of them. Callers still test every candidate.
 */
export function candidatesFor(stage: Stage, filter: Query): Doc[] {
  return narrowedCandidates(stage, filter) ?? stage.all()
}

/**
 * The candidates of `candidatesFor` where the filter narrows them, or undefined where every
 * document is one: a reader that walks the documents in an order of its own (a pull's page in
 * `_id` order) then lists none of them first.
 */
export function narrowedCandidates(stage: Stage, filter: Query): Doc[] | undefined {
  const id = filter._id
  if (id !== undefined && !isOperatorObject(id) && !(id instanceof RegExp)) {
    const doc = stage.get(canonicalKey(id))
    return doc ? [doc] : []
  }
  // `{ _id: { $in: [...] } }` (a sync batch looking up its edits in history): one lookup per id
  // instead of a scan. Regexes in the list match by pattern, so those lists still scan.
  const ids = isOperatorObject(id) ? (id as Record<string, unknown>) : undefined
  if (ids && Object.keys(ids).length === 1 && Array.isArray(ids.$in)) {
    const list = ids.$in as unknown[]
    if (!list.some((value) => value instanceof RegExp || isOperatorObject(value))) {
      const keys = [...new Set(list.map((value) => canonicalKey(value)))]
      return keys.map((key) => stage.get(key)).filter((doc): doc is Doc => doc !== null)
    }
  }
  if (stage.indexes.length === 0) return undefined
  const equalities = filterEqualities(filter)
  for (const spec of stage.indexes) {
    if (!spec.unique) continue
    const entry = equalityEntry(spec, equalities)
    if (entry === undefined) continue
    const owner = stage.owner(slotOf(spec, entry))
    const doc = owner === null ? null : stage.get(owner)
    return doc ? [doc] : []
  }
  // A superset is enough: the caller tests every candidate against the whole filter.
  for (const spec of stage.indexes) {
    if (spec.unique) continue
    const entry = equalityEntry(spec, equalities)
    const posted = entry === undefined ? undefined : stage.posted(slotOf(spec, entry))
    if (posted) return posted
  }
  return undefined
}

/** The first stored document that matches `filter`, or null. */
export function firstMatch(stage: Stage, filter: Query): Doc | null {
  return candidatesFor(stage, filter).find(matcher(filter)) ?? null
}
