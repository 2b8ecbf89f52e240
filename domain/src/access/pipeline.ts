// Aggregation pipelines through the data API (DESIGN.md §5): allow-listed stages and expression
// operators, and `$lookup` only in its simple form into a collection the caller may read whole.
// Field names are not checked here: the server projects each document to the caller's fields
// before the first stage, so later stages may name fields they derived themselves.
import {
  checkQueryOperators,
  fieldPath,
  isOperatorKey,
  isPlainObject,
  MAX_DEPTH,
  refuse,
  type Refusal,
} from './operators'

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

/** Most stages in one pipeline. */
export const MAX_STAGES = 20

/** Whether the caller may run `$lookup` from this collection (they may read all of it). */
export type LookupCheck = (collection: string) => boolean

const STAGES: ReadonlySet<string> = new Set(PIPELINE_STAGES)
const EXPRESSION_OPS: ReadonlySet<string> = new Set(EXPRESSION_OPERATORS)

/** Checks an aggregation pipeline: allow-listed stages, operators and simple `$lookup` only. */
export function checkPipeline(pipeline: unknown, mayLookup: LookupCheck): Refusal | null {
  if (!Array.isArray(pipeline) || pipeline.length > MAX_STAGES) {
    return refuse('invalidValue', 'pipeline')
  }
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      return refuse('invalidValue', 'pipeline')
    }
    const [name, spec] = Object.entries(stage)[0] as [string, unknown]
    if (!STAGES.has(name)) return refuse('forbiddenOperator', name)
    const found = checkStage(name, spec, mayLookup)
    if (found) return found
  }
  return null
}

function checkStage(name: string, spec: unknown, mayLookup: LookupCheck): Refusal | null {
  switch (name) {
    case '$match':
      return walkMatch(spec)
    case '$sort':
      return isPlainObject(spec) &&
        Object.keys(spec).length > 0 &&
        Object.entries(spec).every(
          ([key, order]) => !isOperatorKey(key) && Math.abs(Number(order)) === 1,
        )
        ? null
        : refuse('invalidValue', name)
    case '$limit':
    case '$skip':
      return Number.isInteger(spec) && (spec as number) >= 0 ? null : refuse('invalidValue', name)
    case '$count':
      return typeof spec === 'string' && /^[^$.][^.]*$/.test(spec)
        ? null
        : refuse('invalidValue', name)
    case '$unset': {
      const paths = Array.isArray(spec) ? spec : [spec]
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
      // $project, $addFields, $set, $group, $sortByCount: expressions all the way down.
      return expression(spec, 0)
  }
}

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
    for (const key of Object.keys(spec)) {
      if (!['path', 'preserveNullAndEmptyArrays', 'includeArrayIndex'].includes(key)) {
        return refuse('invalidValue', `$unwind.${key}`)
      }
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
