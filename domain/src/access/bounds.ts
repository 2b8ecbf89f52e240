// The structural bounds every value a client sends through the data API must keep, checked in
// one walk before any operator is judged (docs/0003-bounded-queries.md): nesting depth, items
// per array, keys per object, string and path lengths, values in all, and no path segment that
// reaches the JavaScript prototype chain. The walk itself stops at the first excess, so checking
// costs no more than the limits allow.
import {
  FORBIDDEN_SEGMENTS,
  MAX_DEPTH,
  MAX_KEYS,
  MAX_LIST_ITEMS,
  MAX_NODES,
  MAX_PATH_LENGTH,
  MAX_STRING_LENGTH,
} from './limits'
import { refuse, type Refusal } from './refusal'

export interface BoundsOptions {
  /**
   * Which strings are names as well as data: in a pipeline every string may name a field
   * (`'$a.b'`, `as: 'x'`, `includeArrayIndex`), elsewhere strings are data and only keys name.
   */
  stringsName: boolean
}

/** Whether a dotted path (or `$`-reference) has a segment on the prototype chain. */
export function hasForbiddenSegment(path: string): boolean {
  return path
    .replace(/^\$+/, '')
    .split('.')
    .some((segment) => FORBIDDEN_SEGMENTS.has(segment))
}

/** The first bound `value` breaks, or null; `what` names the value in the refusal. */
export function checkBounds(value: unknown, what: string, options: BoundsOptions): Refusal | null {
  const budget = { nodes: MAX_NODES }
  return walk(value, what, 0, budget, options)
}

function walk(
  value: unknown,
  path: string,
  depth: number,
  budget: { nodes: number },
  options: BoundsOptions,
): Refusal | null {
  if (--budget.nodes < 0) return refuse('limitExceeded', path, MAX_NODES)
  if (typeof value === 'string') {
    if (value.length > MAX_STRING_LENGTH) return refuse('limitExceeded', path, MAX_STRING_LENGTH)
    if (options.stringsName && hasForbiddenSegment(value)) return refuse('forbiddenPath', value)
    return null
  }
  if (value === null || typeof value !== 'object' || value instanceof Date) return null
  if (depth >= MAX_DEPTH) return refuse('limitExceeded', path, MAX_DEPTH)
  if (Array.isArray(value)) {
    if (value.length > MAX_LIST_ITEMS) return refuse('limitExceeded', path, MAX_LIST_ITEMS)
    for (const item of value) {
      const found = walk(item, path, depth + 1, budget, options)
      if (found) return found
    }
    return null
  }
  const keys = Object.keys(value)
  if (keys.length > MAX_KEYS) return refuse('limitExceeded', path, MAX_KEYS)
  for (const key of keys) {
    if (key.length > MAX_PATH_LENGTH) return refuse('limitExceeded', path, MAX_PATH_LENGTH)
    if (hasForbiddenSegment(key)) return refuse('forbiddenPath', key)
    const found = walk((value as Record<string, unknown>)[key], key, depth + 1, budget, options)
    if (found) return found
  }
  return null
}
