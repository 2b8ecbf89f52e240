// Aggregation pipelines through the data API: allow-listed stages and expression operators, and
// `$lookup` only in its simple form into a collection the caller may read whole. Field names are
// not checked against the policy here: the server projects each document to the caller's fields
// before the first stage, so later stages may name fields they derived themselves. Every string
// of a pipeline may name a field, so none may have a segment on the prototype chain, and the
// stages that multiply documents are few (docs/0003-bounded-queries.md).
import { checkBounds } from './bounds'
import { MAX_DEPTH, MAX_DOCUMENTS, MAX_MULTIPLYING_STAGES, MAX_SKIP, MAX_STAGES } from './limits'
import {
  checkQueryOperators,
  fieldPath,
  isOperatorKey,
  isPlainObject,
  refuse,
  type Refusal,
} from './operators'

export { MAX_STAGES } from './limits'

/**
 * Aggregation stages. Never `$out` or `$merge` (they write), never `$function`/`$accumulator`
 * (JavaScript); `$lookup` only in its simple form, into a collection the caller may read whole.
 */
// prettier-ignore
export const PIPELINE_STAGES = [
  '$match', '$project', '$addFields', '$set', '$unset', '$group', '$sort', '$limit',
  '$skip', '$count', '$unwind', '$sortByCount', '$lookup',
] as const

/** Expression operators inside stages: arithmetic, comparison, logic, strings, dates, groups. */
// prettier-ignore
export const EXPRESSION_OPERATORS = [
  // arithmetic
  '$add', '$subtract', '$multiply', '$divide', '$mod', '$abs', '$round', '$floor', '$ceil',
  // comparison and logic
  '$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$cmp', '$and', '$or', '$not',
  '$cond', '$ifNull', '$switch', '$in',
  // strings
  '$concat', '$substrCP', '$toLower', '$toUpper', '$split', '$strLenCP', '$trim',
  // arrays
  '$size', '$arrayElemAt', '$filter', '$map', '$first', '$last', '$slice', '$isArray',
  // types and dates
  '$toString', '$toInt', '$toDouble', '$toBool', '$type', '$literal',
  '$year', '$month', '$dayOfMonth', '$dayOfWeek', '$hour', '$dateToString',
  // accumulators ($group)
  '$sum', '$avg', '$min', '$max', '$push', '$addToSet', '$count',
] as const

/** Whether the caller may run `$lookup` from this collection (they may read all of it). */
export type LookupCheck = (collection: string) => boolean

const STAGES: ReadonlySet<string> = new Set(PIPELINE_STAGES)
const EXPRESSION_OPS: ReadonlySet<string> = new Set(EXPRESSION_OPERATORS)

/** Checks an aggregation pipeline: allow-listed stages, operators and simple `$lookup` only. */
export function checkPipeline(pipeline: unknown, mayLookup: LookupCheck): Refusal | null {
  if (!Array.isArray(pipeline)) return refuse('invalidValue', 'pipeline')
  if (pipeline.length > MAX_STAGES) return refuse('limitExceeded', 'pipeline', MAX_STAGES)
  const bounds = checkBounds(pipeline, 'pipeline', { stringsName: true })
  if (bounds) return bounds
  let multiplying = 0
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      return refuse('invalidValue', 'pipeline')
    }
    const [name, spec] = Object.entries(stage)[0] as [string, unknown]
    if (!STAGES.has(name)) return refuse('forbiddenOperator', name)
    if (MULTIPLYING.has(name) && ++multiplying > MAX_MULTIPLYING_STAGES) {
      return refuse('limitExceeded', name, MAX_MULTIPLYING_STAGES)
    }
    const found = checkStage(name, spec, mayLookup)
    if (found) return found
  }
  return null
}

/** Stages that may answer more documents than they are given. */
const MULTIPLYING: ReadonlySet<string> = new Set(['$unwind', '$lookup'])

/** A count or bound within [min, max]; beyond max is a limit, not a bad value. */
function bounded(name: string, value: unknown, min: number, max: number): Refusal | null {
  if (!Number.isInteger(value) || (value as number) < min) return refuse('invalidValue', name)
  return (value as number) > max ? refuse('limitExceeded', name, max) : null
}

function checkStage(name: string, spec: unknown, mayLookup: LookupCheck): Refusal | null {
  switch (name) {
    case '$match':
      return walkMatch(spec)
    case '$sort':
      return isPlainObject(spec) &&
        Object.keys(spec).length > 0 &&
        Object.entries(spec).every(
          ([key, order]) => fieldPath(key, null) === null && (order === 1 || order === -1),
        )
        ? null
        : refuse('invalidValue', name)
    case '$limit':
      // MongoDB refuses a $limit of 0.
      return bounded(name, spec, 1, MAX_DOCUMENTS)
    case '$skip':
      return bounded(name, spec, 0, MAX_SKIP)
    case '$count':
      return typeof spec === 'string' && /^[^$.][^.]*$/.test(spec)
        ? null
        : refuse('invalidValue', name)
    case '$project':
      // MongoDB refuses an empty projection.
      return isPlainObject(spec) && Object.keys(spec).length > 0
        ? expression(spec, 0)
        : refuse('invalidValue', name)
    case '$addFields':
    case '$set':
      return isPlainObject(spec) ? expression(spec, 0) : refuse('invalidValue', name)
    case '$group':
      return group(spec)
    case '$sortByCount':
      return (typeof spec === 'string' && spec.startsWith('$')) || isOperatorExpression(spec)
        ? expression(spec, 0)
        : refuse('invalidValue', name)
    case '$unset': {
      const paths = Array.isArray(spec) ? spec : [spec]
      if (paths.length === 0) return refuse('invalidValue', name)
      for (const path of paths) {
        if (typeof path !== 'string') return refuse('invalidValue', name)
        const found = fieldPath(path, null)
        if (found) return found
      }
      return null
    }
    case '$unwind':
      return unwind(spec)
    case '$lookup':
      return lookup(spec, mayLookup)
    default:
      return refuse('forbiddenOperator', name)
  }
}

const isOperatorExpression = (value: unknown) =>
  isPlainObject(value) && Object.keys(value).length === 1 && isOperatorKey(Object.keys(value)[0]!)

/** `$group`: an `_id` expression and, per output field, one accumulator. */
function group(spec: unknown): Refusal | null {
  if (!isPlainObject(spec) || !('_id' in spec)) return refuse('invalidValue', '$group')
  const operators = expression(spec, 0)
  if (operators) return operators
  for (const [field, value] of Object.entries(spec)) {
    if (field === '_id') continue
    const found = fieldPath(field, null)
    if (found) return found
    if (field.includes('.') || !isOperatorExpression(value)) return refuse('invalidValue', field)
    if (!ACCUMULATORS.has(Object.keys(value as object)[0]!)) {
      return refuse('invalidValue', field)
    }
  }
  return null
}

const ACCUMULATORS: ReadonlySet<string> = new Set([
  '$sum',
  '$avg',
  '$min',
  '$max',
  '$push',
  '$addToSet',
  '$first',
  '$last',
  '$count',
])

/** `$match` may use `$expr` too: its argument is an expression. */
function walkMatch(query: unknown): Refusal | null {
  if (!isPlainObject(query)) return refuse('invalidValue', '$match')
  const { $expr, ...rest } = query
  if ($expr !== undefined) {
    const found = expression($expr, 0)
    if (found) return found
  }
  return checkQueryOperators(rest)
}

function unwind(spec: unknown): Refusal | null {
  const path = isPlainObject(spec) ? spec.path : spec
  if (typeof path !== 'string' || !path.startsWith('$')) return refuse('invalidValue', '$unwind')
  if (isPlainObject(spec)) {
    for (const [key, value] of Object.entries(spec)) {
      const fits =
        key === 'path' ||
        (key === 'preserveNullAndEmptyArrays' && typeof value === 'boolean') ||
        (key === 'includeArrayIndex' &&
          typeof value === 'string' &&
          !value.startsWith('$') &&
          fieldPath(value, null) === null)
      if (!fits) return refuse('invalidValue', `$unwind.${key}`)
    }
  }
  return fieldPath(path.slice(1), null)
}

const LOOKUP_KEYS = ['from', 'localField', 'foreignField', 'as']

function lookup(spec: unknown, mayLookup: LookupCheck): Refusal | null {
  if (!isPlainObject(spec)) return refuse('invalidValue', '$lookup')
  for (const key of Object.keys(spec)) {
    // The pipeline form (let/pipeline) could run stages the caller's policy never saw.
    if (!LOOKUP_KEYS.includes(key)) return refuse('forbiddenOperator', `$lookup.${key}`)
  }
  for (const key of LOOKUP_KEYS) {
    const value = spec[key]
    if (typeof value !== 'string' || value === '' || value.startsWith('$')) {
      return refuse('invalidValue', `$lookup.${key}`)
    }
    if (key !== 'from') {
      const found = fieldPath(value, null)
      if (found) return found
    }
  }
  return mayLookup(spec.from as string)
    ? null
    : refuse('forbiddenOperator', `$lookup:${String(spec.from)}`)
}

/** Every `$`-key inside an expression must be an allowed expression operator. */
function expression(value: unknown, depth: number): Refusal | null {
  if (depth > MAX_DEPTH) return refuse('invalidValue', 'expression')
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = expression(item, depth + 1)
      if (found) return found
    }
    return null
  }
  if (!isPlainObject(value)) return null
  for (const [key, item] of Object.entries(value)) {
    if (isOperatorKey(key)) {
      if (!EXPRESSION_OPS.has(key)) return refuse('forbiddenOperator', key)
      // $literal's argument is data, but an operator key in it is refused all the same: one
      // rule ("no unknown $-key anywhere") is easier to trust than an exception.
    } else {
      const found = fieldPath(key, null)
      if (found) return found
    }
    const found = expression(item, depth + 1)
    if (found) return found
  }
  return null
}
