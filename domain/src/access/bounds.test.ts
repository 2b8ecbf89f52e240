// The bounds of a data call (docs/0003-bounded-queries.md), as the domain's checks see them.
import { describe, expect, it } from 'vitest'
import { MAX_DEPTH, MAX_KEYS, MAX_LIST_ITEMS, MAX_NODES, MAX_STRING_LENGTH } from './limits'
import { checkDocument, checkFieldNames, checkQuery, checkUpdate } from './operators'
import { checkPipeline } from './pipeline'
import { isLiteralPattern, literalPattern } from './regex'

const fields = { readable: ['username', 'year', 'roles', 'note'], exact: ['username'] }
const anyLookup = () => true
const list = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`)

describe('the regex dialect: literal text, an optional leading ^, option i', () => {
  it.each([['abc'], ['^Ana'], ['a\\.b'], ['\\(x\\)'], ['^\\^'], ['Šulc'], ['a b-c/d'], ['']])(
    'accepts %j',
    (pattern) => {
      expect(isLiteralPattern(pattern)).toBe(true)
      expect(checkQuery({ note: { $regex: pattern, $options: 'i' } }, fields)).toBeNull()
    },
  )

  it.each([
    ['^(.|.|.)*#'],
    ['^(.|.){0,24}#'],
    ['a*'],
    ['a+'],
    ['a?'],
    ['a|b'],
    ['[a-z]'],
    ['a.b'],
    ['a$'],
    ['^^'],
    ['\\d'],
    ['\\b'],
    ['\\1'],
    ['\\u0041'],
    ['a\\'],
    ['x'.repeat(101)],
    ['a\nb'],
  ])('refuses %j', (pattern) => {
    expect(isLiteralPattern(pattern)).toBe(false)
    expect(checkQuery({ note: { $regex: pattern } }, fields)).toEqual({
      code: 'unsafeRegex',
      key: '$regex',
    })
  })

  it.each([['m'], ['s'], ['x'], ['im'], [1]])('refuses the option %j', (options) => {
    expect(checkQuery({ note: { $regex: 'a', $options: options } }, fields)).toEqual({
      code: 'unsafeRegex',
      key: '$options',
    })
  })

  it('escapes a user text into a pattern of the dialect that finds it as written', () => {
    const text = 'a.b (c)* [d] {e} ^f$ g|h? \\i+'
    const pattern = literalPattern(text)
    expect(isLiteralPattern(pattern)).toBe(true)
    expect(new RegExp(pattern).test(`x${text}y`)).toBe(true)
    expect(new RegExp(pattern).test(text.replace('.', 'x'))).toBe(false)
  })
})

describe('limits on operands', () => {
  it(`$in, $nin and $all take at most ${MAX_LIST_ITEMS} items`, () => {
    for (const operator of ['$in', '$nin', '$all']) {
      expect(checkQuery({ note: { [operator]: list(MAX_LIST_ITEMS) } }, fields)).toBeNull()
      expect(checkQuery({ note: { [operator]: list(MAX_LIST_ITEMS + 1) } }, fields)).toEqual({
        code: 'limitExceeded',
        key: operator,
        max: MAX_LIST_ITEMS,
      })
    }
  })

  it('refuses long strings, many keys, deep nesting and too many values in all', () => {
    const long = 'x'.repeat(MAX_STRING_LENGTH + 1)
    expect(checkQuery({ note: long }, fields)?.code).toBe('limitExceeded')
    const keys = Object.fromEntries(list(MAX_KEYS + 1).map((k) => [k, 1]))
    expect(checkDocument({ note: keys }, ['note'])?.code).toBe('limitExceeded')
    let deep: unknown = 1
    for (let i = 0; i <= MAX_DEPTH; i++) deep = [deep]
    expect(checkDocument({ note: deep }, ['note'])?.code).toBe('limitExceeded')
    const many = { $or: list(10).map(() => ({ note: { $in: list(MAX_NODES / 10) } })) }
    expect(checkQuery(many, fields)).toMatchObject({ code: 'limitExceeded', max: MAX_NODES })
  })

  it('caps $limit, $skip, $unwind and $lookup in a pipeline', () => {
    expect(checkPipeline([{ $limit: 10_001 }], anyLookup)?.code).toBe('limitExceeded')
    expect(checkPipeline([{ $skip: 100_001 }], anyLookup)?.code).toBe('limitExceeded')
    expect(checkPipeline([{ $limit: 0 }], anyLookup)?.code).toBe('invalidValue')
    const unwinds = Array.from({ length: 3 }, () => ({ $unwind: '$roles' }))
    expect(checkPipeline(unwinds, anyLookup)?.code).toBe('limitExceeded')
    expect(checkPipeline([{ $addFields: { a: list(MAX_LIST_ITEMS + 1) } }], anyLookup)?.code).toBe(
      'limitExceeded',
    )
  })
})

describe('no path segment on the prototype chain', () => {
  it.each([
    ['a query key', () => checkQuery({ 'roles.constructor.prototype.3': 'x' }, fields)],
    ['a key inside a literal', () => checkQuery({ note: { constructor: 1 } }, fields)],
    ['a sort key', () => checkFieldNames(['note.__proto__'], fields)],
    ['a $set target', () => checkUpdate({ $set: { 'note.constructor.prototype.x': 1 } }, ['note'])],
    ['an $unset target', () => checkUpdate({ $unset: { 'note.prototype': '' } }, ['note'])],
    ['a document key', () => checkDocument({ note: { a: { prototype: 1 } } }, ['note'])],
    [
      'an $addFields name',
      () => checkPipeline([{ $addFields: { 'roles.constructor.prototype.3': 'x' } }], anyLookup),
    ],
    ['a $project name', () => checkPipeline([{ $project: { 'a.__proto__': 1 } }], anyLookup)],
    [
      'a $group name',
      () => checkPipeline([{ $group: { _id: null, constructor: { $sum: 1 } } }], anyLookup),
    ],
    [
      'a field reference',
      () => checkPipeline([{ $addFields: { x: '$a.constructor' } }], anyLookup),
    ],
    ['a variable', () => checkPipeline([{ $addFields: { x: '$$ROOT.__proto__' } }], anyLookup)],
    [
      'an $unwind index name',
      () =>
        checkPipeline([{ $unwind: { path: '$a', includeArrayIndex: 'constructor' } }], anyLookup),
    ],
    [
      'a $lookup target',
      () =>
        checkPipeline(
          [{ $lookup: { from: 'x', localField: 'a', foreignField: 'b', as: '__proto__.x' } }],
          anyLookup,
        ),
    ],
    ['a $sort key', () => checkPipeline([{ $sort: { 'a.prototype': 1 } }], anyLookup)],
  ])('refuses it in %s', (_name, check) => {
    expect(check()?.code).toBe('forbiddenPath')
  })
})

describe('identity fields are whole plain values', () => {
  it.each([
    ['a dotted username in a query', () => checkQuery({ 'username.x': 'a' }, fields)],
    ['a dotted username in $or', () => checkQuery({ $or: [{ 'username.x': 'a' }] }, fields)],
    ['a dotted _id', () => checkQuery({ '_id.x': 'a' }, fields)],
    ['an object _id', () => checkQuery({ _id: { x: 'a' } }, fields)],
    ['an object in $eq of _id', () => checkQuery({ _id: { $eq: { x: 1 } } }, fields)],
    ['an object in $in of _id', () => checkQuery({ _id: { $in: [{ x: 1 }] } }, fields)],
    ['a sort into a username', () => checkFieldNames(['username.x'], fields)],
    [
      'a $set into a username',
      () => checkUpdate({ $set: { 'username.x': 'a' } }, ['username'], ['username']),
    ],
    [
      'a $set of an object username',
      () => checkUpdate({ $set: { username: { x: 'a' } } }, ['username'], ['username']),
    ],
    [
      'a $push to a username',
      () => checkUpdate({ $push: { username: 'a' } }, ['username'], ['username']),
    ],
    [
      'an object username in a document',
      () => checkDocument({ username: { x: 'a' } }, ['username'], ['username']),
    ],
  ])('refuses %s', (_name, check) => {
    expect(check()?.code).toBe('identityField')
  })

  it('allows them whole', () => {
    expect(checkQuery({ username: 'a', _id: { $in: ['a', 'b'] } }, fields)).toBeNull()
    expect(checkUpdate({ $set: { username: 'a' } }, ['username'], ['username'])).toBeNull()
    expect(checkDocument({ username: 'a' }, ['username'], ['username'])).toBeNull()
  })
})

describe('operands of the wrong type', () => {
  it.each([
    [{ $set: 'x' }, 'invalidValue'],
    [{ $unset: ['note'] }, 'invalidValue'],
    [{ $push: { note: { $each: 'x' } } }, 'invalidValue'],
    [{ $push: { note: { $each: [], $slice: 'x' } } }, 'invalidValue'],
    [{ $push: { note: { $each: [], $sort: 2 } } }, 'invalidValue'],
    [{ $push: { note: { $slice: 1 } } }, 'invalidValue'],
  ])('refuses the update %j', (update, code) => {
    expect(checkUpdate(update, ['note'])?.code).toBe(code)
  })

  it.each([
    [[{ $group: { x: { $sum: 1 } } }]],
    [[{ $group: { _id: null, x: 1 } }]],
    [[{ $project: {} }]],
    [[{ $sortByCount: 'x' }]],
    [[{ $unset: [] }]],
    [[{ $unwind: { path: '$a', preserveNullAndEmptyArrays: 'yes' } }]],
  ])('refuses the pipeline %j', (pipeline) => {
    expect(checkPipeline(pipeline, anyLookup)?.code).toBe('invalidValue')
  })
})
