// The MongoDB operators a client may send through the data API, as allow-lists, and pure
// checks that walk a query, an update or a document and report the first key that is not
// allowed. Anything not listed is refused: a new MongoDB operator stays out until someone
// decides it is safe. Pipelines are checked in pipeline.ts with the same walkers. Every value is
// first held to the structural bounds of bounds.ts and limits.ts (docs/0003-bounded-queries.md).
import { checkBounds, hasForbiddenSegment } from './bounds'
import { MAX_DEPTH } from './limits'
import { refuse, type Refusal } from './refusal'
import { isLiteralOptions, isLiteralPattern } from './regex'

export { refuse, type Refusal } from './refusal'
export { MAX_DEPTH, MAX_REGEX_LENGTH } from './limits'

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

const FIELD_OPS: ReadonlySet<string> = new Set(FIELD_OPERATORS)
const LOGICAL_OPS: ReadonlySet<string> = new Set(LOGICAL_OPERATORS)
const UPDATE_OPS: ReadonlySet<string> = new Set(UPDATE_OPERATORS)
const PUSH_MODS: ReadonlySet<string> = new Set(PUSH_MODIFIERS)

export interface QueryFields {
  /** Top-level fields the caller may name; `_id` is always allowed. */
  readable: readonly string[]
  /** Identity fields (a username): only a plain string may be compared with them. */
  exact?: readonly string[]
}

/** Bounds of a query, update or document: its strings are data, its keys name fields. */
const DATA = { stringsName: false }

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

/**
 * A field path the caller may name: its first segment is theirs, no segment is an operator or on
 * the prototype chain, and it does not reach into an identity field (`username.x`), which is
 * only ever a whole plain value.
 */
export function fieldPath(
  path: string,
  readable: ReadonlySet<string> | null,
  identity: ReadonlySet<string> = NO_FIELDS,
): Refusal | null {
  const segments = path.split('.')
  const operator = segments.find(isOperatorKey)
  if (operator) return refuse('forbiddenOperator', operator)
  if (hasForbiddenSegment(path)) return refuse('forbiddenPath', path)
  if (segments.some((segment) => segment === '')) return refuse('unknownField', path)
  if (readable && !readable.has(segments[0] as string)) return refuse('unknownField', path)
  if (segments.length > 1 && identity.has(segments[0] as string)) {
    return refuse('identityField', path)
  }
  return null
}

const NO_FIELDS: ReadonlySet<string> = new Set()

function readableSet(fields: QueryFields): ReadonlySet<string> {
  return new Set(['_id', ...fields.readable])
}

/** The fields that identify a record: `_id` and the policy's exact fields. */
export function identitySet(exact: readonly string[] = []): ReadonlySet<string> {
  return new Set(['_id', ...exact])
}

/** Checks field paths the caller names outside a query (sort keys, projections). */
export function checkFieldNames(paths: readonly string[], fields: QueryFields): Refusal | null {
  const readable = readableSet(fields)
  const identity = identitySet(fields.exact)
  for (const path of paths) {
    const found = checkBounds(path, 'field', DATA) ?? fieldPath(path, readable, identity)
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
  return (
    checkBounds(query, 'query', DATA) ??
    walkQuery(query, readableSet(fields), new Set(fields.exact ?? []), 0)
  )
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
    const found =
      fieldPath(key, readable, readable ? identitySet([...exact]) : NO_FIELDS) ??
      (key === '_id' && readable ? idCondition(value) : null) ??
      condition(key, value, readable, exact, depth + 1)
    if (found) return found
  }
  return null
}

/**
 * What `_id` is compared with: a scalar, or operators on scalars (`{ $in: ['a', 'b'] }`), never
 * an object, so an upsert never creates a document whose `_id` is a sub-document.
 */
function idCondition(value: unknown): Refusal | null {
  if (!isPlainObject(value)) return isScalar(value) ? null : refuse('identityField', '_id')
  const entries = Object.entries(value)
  const ok =
    entries.length > 0 &&
    entries.every(
      ([key, operand]) =>
        isOperatorKey(key) &&
        (isScalar(operand) || (Array.isArray(operand) && operand.every(isScalar))),
    )
  return ok ? null : refuse('identityField', '_id')
}

const isScalar = (value: unknown) => value === null || typeof value !== 'object'

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
      return Number.isInteger(argument) && (argument as number) >= 0
        ? null
        : refuse('invalidValue', operator)
    case '$regex':
      return isLiteralPattern(argument) ? null : refuse('unsafeRegex', operator)
    case '$options':
      if (!('$regex' in siblings)) return refuse('invalidValue', operator)
      return isLiteralOptions(argument) ? null : refuse('unsafeRegex', operator)
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
 * Checks an update: operators only, each naming fields the caller may write, values literal
 * (except `$push` modifiers and the condition of `$pull`). An identity field (`exact`) is only
 * set whole, to a string, or unset.
 */
export function checkUpdate(
  update: unknown,
  writable: readonly string[],
  exact: readonly string[] = [],
): Refusal | null {
  if (!isPlainObject(update) || Object.keys(update).length === 0) {
    return refuse('invalidValue', 'update')
  }
  const bounds = checkBounds(update, 'update', DATA)
  if (bounds) return bounds
  const allowed = new Set(writable)
  const identity = identitySet(exact)
  for (const [operator, fields] of Object.entries(update)) {
    if (!isOperatorKey(operator)) return refuse('invalidValue', operator)
    if (!UPDATE_OPS.has(operator)) return refuse('forbiddenOperator', operator)
    if (!isPlainObject(fields) || Object.keys(fields).length === 0) {
      return refuse('invalidValue', operator)
    }
    for (const [path, value] of Object.entries(fields)) {
      const found =
        fieldPath(path, null, identity) ??
        (allowed.has(path.split('.')[0] as string) ? null : refuse('readOnlyField', path)) ??
        (identity.has(path) ? identityUpdate(operator, path, value) : null) ??
        updateValue(operator, path, value)
      if (found) return found
    }
  }
  return null
}

function identityUpdate(operator: string, path: string, value: unknown): Refusal | null {
  if (operator === '$unset') return null
  const setsWhole = operator === '$set' || operator === '$setOnInsert'
  return setsWhole && typeof value === 'string' ? null : refuse('identityField', path)
}

const isSortOrder = (value: unknown) => value === 1 || value === -1

/** The argument of a `$push` modifier, by MongoDB's types for it. */
function pushModifier(modifier: string, argument: unknown, path: string): Refusal | null {
  switch (modifier) {
    case '$each':
      return Array.isArray(argument) ? literal(argument, path, 1) : refuse('invalidValue', path)
    case '$slice':
    case '$position':
      return Number.isInteger(argument) ? null : refuse('invalidValue', path)
    case '$sort':
      return isSortOrder(argument) ||
        (isPlainObject(argument) &&
          Object.keys(argument).length > 0 &&
          Object.entries(argument).every(
            ([key, order]) => fieldPath(key, null) === null && isSortOrder(order),
          ))
        ? null
        : refuse('invalidValue', path)
    default:
      return refuse('forbiddenOperator', modifier)
  }
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
        const found = pushModifier(modifier, argument, path)
        if (found) return found
      }
      // MongoDB takes the other modifiers only beside `$each`.
      return '$each' in value ? null : refuse('invalidValue', path)
    }
    case '$pull':
      return condition(path, value, null, new Set(), 1)
    default:
      return literal(value, path, 0)
  }
}

/**
 * Checks a document to store (insert, save): every top-level field writable (and `_id`), no
 * operator or dotted key at any depth, identity fields (`exact`) plain strings.
 */
export function checkDocument(
  doc: unknown,
  writable: readonly string[],
  exact: readonly string[] = [],
): Refusal | null {
  if (!isPlainObject(doc)) return refuse('invalidValue', 'document')
  const bounds = checkBounds(doc, 'document', DATA)
  if (bounds) return bounds
  for (const field of exact) {
    if (doc[field] !== undefined && typeof doc[field] !== 'string') {
      return refuse('identityField', field)
    }
  }
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
