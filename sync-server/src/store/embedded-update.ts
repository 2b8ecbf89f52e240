// MongoDB update semantics for the embedded store, through mingo's own update API.
import { update as mingoUpdate } from 'mingo'
import type { Options as MingoOptions } from 'mingo/types'
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
    node[parts.at(-1)!] = structuredClone(value)
  }
  return seed
}
