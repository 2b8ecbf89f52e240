// The bounds of one data API call, in one place (docs/0003-bounded-queries.md). Every query,
// update, document and pipeline a client sends is checked against these before a store sees it,
// so the work of any call is bounded by the size of what it names, not by what the stores would
// do with it. The numbers are far above what the app's screens send.

/** Longest `$regex`, which must be literal text with an optional leading `^` (see regex.ts). */
export const MAX_REGEX_LENGTH = 100

/** Deepest nesting of objects and arrays walked; deeper input is refused, not walked. */
export const MAX_DEPTH = 12

/** Most items in one array: `$in`, `$nin`, `$all`, `$each`, `$and`/`$or` lists, stored lists. */
export const MAX_LIST_ITEMS = 1_000

/** Most keys in one object (a query, an update's fields, a stored sub-document). */
export const MAX_KEYS = 100

/** Longest string anywhere in a call: a text field, a compared value, a field path. */
export const MAX_STRING_LENGTH = 10_000

/** Longest field path (`a.b.c`) or object key. */
export const MAX_PATH_LENGTH = 200

/**
 * Most values (objects, arrays and scalars, counted once each) in one query, update, pipeline or
 * stored document: with the per-array and per-object caps this bounds the work of walking and
 * evaluating it to a few thousand steps per document the store looks at.
 */
export const MAX_NODES = 5_000

/** Most stages in one pipeline. */
export const MAX_STAGES = 20

/**
 * Most `$unwind` and `$lookup` stages in one pipeline: each multiplies the documents flowing on,
 * so a few in a row would multiply them beyond any memory.
 */
export const MAX_MULTIPLYING_STAGES = 2

/** Most documents one find answers (also the largest `limit` and `$limit`); a screen pages on. */
export const MAX_DOCUMENTS = 10_000

/** Largest `skip` and `$skip`. */
export const MAX_SKIP = 100_000

/** Most documents one insert writes. */
export const MAX_INSERT = 1_000

/**
 * Most documents an aggregation may hold between two stages on the embedded store; more is
 * refused instead of filling the server's memory (MongoDB has its own stage limits).
 */
export const MAX_PIPELINE_DOCUMENTS = 100_000

/**
 * Path segments never accepted in a field path, object key or field reference: they reach the
 * JavaScript prototype chain in the embedded store's query engine (mingo guards
 * `Object.prototype` only), so `roles.constructor.prototype.3` would change every array.
 */
export const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
])

/**
 * Most values (as a tree: a sub-document referenced twice counts twice) an aggregation may hold
 * between two stages on the embedded store, or twice what its collection holds if that is more.
 * mingo assigns `$$ROOT` by reference, so without it a few stages could build a document that
 * contains itself, or one whose expansion doubles with every stage.
 */
export const MAX_PIPELINE_VALUES = 5_000_000

/** Deepest nesting an aggregation may build on the embedded store. */
export const MAX_PIPELINE_DEPTH = 64

/** Time MongoDB may spend on one read or aggregation (`maxTimeMS`) before it is stopped. */
export const QUERY_TIME_BUDGET_MS = 5_000
