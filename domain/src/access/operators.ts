// The MongoDB operators a client may send through the data API (DESIGN.md §5), as allow-lists,
// and pure checks that walk a query, an update or a document and report the first key that is
// not allowed. Anything not listed is refused: a new MongoDB operator stays out until someone
// decides it is safe. Pipelines are checked in pipeline.ts with the same walkers.

/** Query operators on one field. `$where` (server-side JavaScript) is absent on purpose. */
// prettier-ignore
export const FIELD_OPERATORS = [
  '$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin',
  '$exists', '$not', '$regex', '$options', '$elemMatch', '$size', '$all',
] as const

/** Query operators that combine clauses. */
export const LOGICAL_OPERATORS = ['$and', '$or', '$nor'] as const

/** Update operators. A replacement document (no operator) is not an update here. */
// prettier-ignore
export const UPDATE_OPERATORS = [
  '$set', '$setOnInsert', '$unset', '$inc', '$min', '$max', '$push', '$addToSet',
  '$pull',
] as const

/** Modifiers inside `$push` / `$addToSet`. */
const PUSH_MODIFIERS = ['$each', '$slice', '$sort', '$position'] as const

/** Longest `$regex` accepted: regexes run on the server's thread. */
export const MAX_REGEX_LENGTH = 100
/** Deepest nesting walked; deeper input is refused rather than risking the stack. */
export const MAX_DEPTH = 12
const FIELD_OPS: ReadonlySet<string> = new Set(FIELD_OPERATORS)
const LOGICAL_OPS: ReadonlySet<string> = new Set(LOGICAL_OPERATORS)
const UPDATE_OPS: ReadonlySet<string> = new Set(UPDATE_OPERATORS)
const PUSH_MODS: ReadonlySet<string> = new Set(PUSH_MODIFIERS)

/** Why a query, update, document or pipeline was refused, and the key that caused it. */
export interface Refusal {
  code: 'forbiddenOperator' | 'unknownField' | 'readOnlyField' | 'invalidValue'
  key: string
}

export interface QueryFields {
  /** Top-level fields the caller may name; `_id` is always allowed. */
  readable: readonly string[]
  /** Identity fields (a username): only a plain string may be compared with them. */
  exact?: readonly string[]
}

export const refuse = (code: Refusal['code'], key: string): Refusal => ({ code, key })

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

export const isOperatorKey = (key: string) => key.startsWith('$')

/** The first `$`-key anywhere inside a literal value (a stored document, an `$in` list item). */
function literal(value: unknown, path: string, depth: number): Refusal | null {
  if (depth > MAX_DEPTH) return refuse('invalidValue', path)
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = literal(item, path, depth + 1)
      if (found) return found
    }
    return null
  }
  if (!isPlainObject(value)) return null
  for (const [key, item] of Object.entries(value)) {
    if (isOperatorKey(key)) return refuse('forbiddenOperator', key)
    if (key.includes('.') || key.includes('\0')) return refuse('invalidValue', `${path}.${key}`)
    const found = literal(item, `${path}.${key}`, depth + 1)
    if (found) return found
  }
  return null
}

/** A field path the caller may name: its first segment is theirs and no segment is an operator. */
export function fieldPath(path: string, readable: ReadonlySet<string> | null): Refusal | null {
  const segments = path.split('.')
  const operator = segments.find(isOperatorKey)
  if (operator) return refuse('forbiddenOperator', operator)
  if (segments.some((segment) => segment === '')) return refuse('unknownField', path)
  if (readable && !readable.has(segments[0] as string)) return refuse('unknownField', path)
  return null
}

function readableSet(fields: QueryFields): ReadonlySet<string> {
  return new Set(['_id', ...fields.readable])
}

/** Checks field paths the caller names outside a query (sort keys, projections). */
export function checkFieldNames(paths: readonly string[], fields: QueryFields): Refusal | null {
  const readable = readableSet(fields)
  for (const path of paths) {
    const found = fieldPath(path, readable)
    if (found) return found
  }
  return null
}

/** Checks the operators of a query whose field names cannot be known (inside a pipeline). */
export function checkQueryOperators(query: unknown): Refusal | null {
  return walkQuery(query, null, new Set(), 0)
}

/**
 * Checks a find/findOne/upsert/testHash query. `readable` null (inside pipelines and
 * `$elemMatch`) skips field names but still checks every operator.
 */
export function checkQuery(query: unknown, fields: QueryFields): Refusal | null {
  return walkQuery(query, readableSet(fields), new Set(fields.exact ?? []), 0)
}

function walkQuery(
  query: unknown,
  readable: ReadonlySet<string> | null,
  exact: ReadonlySet<string>,
  depth: number,
): Refusal | null {
  if (depth > MAX_DEPTH) return refuse('invalidValue', 'query')
  if (!isPlainObject(query)) return refuse('invalidValue', 'query')
  for (const [key, value] of Object.entries(query)) {
    if (isOperatorKey(key)) {
      if (!LOGICAL_OPS.has(key)) return refuse('forbiddenOperator', key)
      if (!Array.isArray(value) || value.length === 0) return refuse('invalidValue', key)
      for (const clause of value) {
        const found = walkQuery(clause, readable, exact, depth + 1)
        if (found) return found
      }
      continue
    }
    const found = fieldPath(key, readable) ?? condition(key, value, readable, exact, depth + 1)
    if (found) return found
  }
  return null
}

/** The value compared with one field: a literal, or an object of allowed field operators. */
function condition(
  field: string,
  value: unknown,
  readable: ReadonlySet<string> | null,
  exact: ReadonlySet<string>,
  depth: number,
): Refusal | null {
  const operators = isPlainObject(value) ? Object.keys(value).filter(isOperatorKey) : []
  if (exact.has(field.split('.')[0] as string)) {
    // `{ username: { $ne: null } }` would match every user: identities are compared as is.
    if (operators.length > 0) return refuse('forbiddenOperator', operators[0] as string)
    return typeof value === 'string' ? null : refuse('invalidValue', field)
  }
  if (!isPlainObject(value) || operators.length === 0) return literal(value, field, depth)
  for (const [operator, argument] of Object.entries(value)) {
    if (!FIELD_OPS.has(operator)) return refuse('forbiddenOperator', operator)
    const found = operatorArgument(field, operator, argument, value, readable, exact, depth)
    if (found) return found
  }
  return null
}

function operatorArgument(
  field: string,
  operator: string,
  argument: unknown,
  siblings: Record<string, unknown>,
  readable: ReadonlySet<string> | null,
  exact: ReadonlySet<string>,
  depth: number,
): Refusal | null {
  switch (operator) {
    case '$in':
    case '$nin':
    case '$all':
      return Array.isArray(argument)
        ? literal(argument, field, depth)
        : refuse('invalidValue', operator)
    case '$exists':
      return typeof argument === 'boolean' ? null : refuse('invalidValue', operator)
    case '$size':
      return Number.isInteger(argument) ? null : refuse('invalidValue', operator)
    case '$regex':
      return safeRegex(argument) ? null : refuse('invalidValue', operator)
    case '$options':
      return typeof argument === 'string' && /^[imsx]*$/.test(argument) && '$regex' in siblings
        ? null
        : refuse('invalidValue', operator)
    case '$not':
      return isPlainObject(argument)
        ? condition(field, argument, readable, new Set(), depth + 1)
        : refuse('invalidValue', operator)
    case '$elemMatch':
      // `{ $elemMatch: { $gte: 80 } }` tests scalar items; otherwise its keys name fields of
      // the array's items, which the field check cannot know.
      if (isPlainObject(argument) && Object.keys(argument).every(isOperatorKey)) {
        return condition(field, argument, null, new Set(), depth + 1)
      }
      return walkQuery(argument, null, new Set(), depth + 1)
    default:
      return literal(argument, field, depth)
  }
}

/**
 * A short regex without nested quantifiers such as `(a+)+`, which can take exponential time on
 * the server's one thread.
 */
function safeRegex(pattern: unknown): boolean {
  if (typeof pattern !== 'string' || pattern.length > MAX_REGEX_LENGTH) return false
  if (/\([^)]*[+*}][^)]*\)\s*[+*{]/.test(pattern)) return false
  try {
    new RegExp(pattern)
    return true
  } catch {
    return false
  }
}

/**
 * Checks an update: operators only, each naming fields the caller may write, values literal
 * (except `$push` modifiers and the condition of `$pull`).
 */
export function checkUpdate(update: unknown, writable: readonly string[]): Refusal | null {
  if (!isPlainObject(update) || Object.keys(update).length === 0) {
    return refuse('invalidValue', 'update')
  }
  const allowed = new Set(writable)
  for (const [operator, fields] of Object.entries(update)) {
    if (!isOperatorKey(operator)) return refuse('invalidValue', operator)
    if (!UPDATE_OPS.has(operator)) return refuse('forbiddenOperator', operator)
    if (!isPlainObject(fields) || Object.keys(fields).length === 0) {
      return refuse('invalidValue', operator)
    }
    for (const [path, value] of Object.entries(fields)) {
      const found =
        fieldPath(path, null) ??
        (allowed.has(path.split('.')[0] as string) ? null : refuse('readOnlyField', path)) ??
        updateValue(operator, path, value)
      if (found) return found
    }
  }
  return null
}

function updateValue(operator: string, path: string, value: unknown): Refusal | null {
  switch (operator) {
    case '$inc':
      return typeof value === 'number' && Number.isFinite(value)
        ? null
        : refuse('invalidValue', path)
    case '$push':
    case '$addToSet': {
      if (!isPlainObject(value) || !Object.keys(value).some(isOperatorKey)) {
        return literal(value, path, 0)
      }
      for (const [modifier, argument] of Object.entries(value)) {
        if (!PUSH_MODS.has(modifier)) return refuse('forbiddenOperator', modifier)
        if (modifier === '$each' && !Array.isArray(argument)) return refuse('invalidValue', path)
        const found = literal(argument, path, 1)
        if (found) return found
      }
      return null
    }
    case '$pull':
      return condition(path, value, null, new Set(), 1)
    default:
      return literal(value, path, 0)
  }
}

/**
 * Checks a document to store (insert, save): every top-level field writable (and `_id`), no
 * operator or dotted key at any depth.
 */
export function checkDocument(doc: unknown, writable: readonly string[]): Refusal | null {
  if (!isPlainObject(doc)) return refuse('invalidValue', 'document')
  const allowed = new Set(['_id', ...writable])
  for (const [key, value] of Object.entries(doc)) {
    if (isOperatorKey(key)) return refuse('forbiddenOperator', key)
    if (!allowed.has(key)) return refuse('readOnlyField', key)
    const found = literal(value, key, 1)
    if (found) return found
  }
  if (doc._id !== undefined && typeof doc._id !== 'string') return refuse('invalidValue', '_id')
  return null
}
