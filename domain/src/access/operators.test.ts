import { describe, expect, it } from 'vitest'
import { checkDocument, checkFieldNames, checkQuery, checkUpdate } from './operators'

const fields = { readable: ['username', 'year', 'roles', 'note'], exact: ['username'] }

describe('checkQuery', () => {
  it.each([
    [{}],
    [{ year: 2 }],
    [{ username: 'ana@x.si', year: { $gte: 1, $lte: 3 } }],
    [{ $or: [{ year: 1 }, { roles: { $in: ['admin', 'participant'] } }] }],
    [{ note: { $regex: '^abc', $options: 'i' } }],
    [{ note: { $not: { $regex: 'x' } } }],
    [{ roles: { $elemMatch: { $eq: 'admin' } } }],
    [{ roles: { $all: ['a'], $size: 1 } }],
    [{ _id: { $in: ['a', 'b'] } }],
    [{ 'note.text': 'x' }],
  ])('allows %j', (query) => {
    expect(checkQuery(query, fields)).toBeNull()
  })

  it.each([
    [{ $where: 'true' }, 'forbiddenOperator', '$where'],
    [{ $expr: { $eq: [1, 1] } }, 'forbiddenOperator', '$expr'],
    [{ year: { $where: 'true' } }, 'forbiddenOperator', '$where'],
    [
      { $and: [{ $or: [{ $nor: [{ year: { $function: {} } }] }] }] },
      'forbiddenOperator',
      '$function',
    ],
    [{ username: { $ne: null } }, 'forbiddenOperator', '$ne'],
    [{ username: 5 }, 'invalidValue', 'username'],
    [{ passwordHash: 'x' }, 'unknownField', 'passwordHash'],
    [{ 'year.$': 1 }, 'forbiddenOperator', '$'],
    [{ year: { $in: [{ $gt: 1 }] } }, 'forbiddenOperator', '$gt'],
    [{ year: { a: { $gt: 1 } } }, 'forbiddenOperator', '$gt'],
    [{ note: { $regex: '(a+)+' } }, 'unsafeRegex', '$regex'],
    [{ note: { $regex: 'x'.repeat(101) } }, 'unsafeRegex', '$regex'],
    [{ note: { $regex: '(' } }, 'unsafeRegex', '$regex'],
    [{ note: { $options: 'i' } }, 'invalidValue', '$options'],
    [{ roles: { $elemMatch: { $where: '1' } } }, 'forbiddenOperator', '$where'],
    [{ $or: [] }, 'invalidValue', '$or'],
    [[], 'invalidValue', 'query'],
  ])('refuses %j (%s %s)', (query, code, key) => {
    expect(checkQuery(query, fields)).toEqual({ code, key })
  })

  it('stops at a nesting depth instead of walking forever', () => {
    let deep: unknown = { year: 1 }
    for (let i = 0; i < 50; i++) deep = { $and: [deep] }
    expect(checkQuery(deep, fields)?.code).toBe('limitExceeded')
  })
})

describe('checkFieldNames', () => {
  it('allows readable paths and refuses others', () => {
    expect(checkFieldNames(['year', 'note.text', '_id'], fields)).toBeNull()
    expect(checkFieldNames(['passwordHash'], fields)).toEqual({
      code: 'unknownField',
      key: 'passwordHash',
    })
    expect(checkFieldNames(['$natural'], fields)).toEqual({
      code: 'forbiddenOperator',
      key: '$natural',
    })
  })
})

describe('checkUpdate', () => {
  const writable = ['note', 'year', 'roles']
  it.each([
    [{ $set: { note: 'x', year: 2 } }],
    [{ $inc: { year: 1 }, $setOnInsert: { note: '' } }],
    [{ $push: { roles: { $each: ['a', 'b'], $slice: -5 } } }],
    [{ $addToSet: { roles: 'a' } }],
    [{ $pull: { roles: { $in: ['a'] } } }],
    [{ $unset: { note: '' } }],
  ])('allows %j', (update) => {
    expect(checkUpdate(update, writable)).toBeNull()
  })

  it.each([
    [{}, 'invalidValue', 'update'],
    [{ note: 'replacement' }, 'invalidValue', 'note'],
    [{ $rename: { note: 'n' } }, 'forbiddenOperator', '$rename'],
    [{ $currentDate: { note: true } }, 'forbiddenOperator', '$currentDate'],
    [{ $set: { passwordHash: 'x' } }, 'readOnlyField', 'passwordHash'],
    [{ $set: { _id: 'x' } }, 'readOnlyField', '_id'],
    [{ $set: { note: { $gt: 1 } } }, 'forbiddenOperator', '$gt'],
    [{ $set: { 'roles.$[]': 'x' } }, 'forbiddenOperator', '$[]'],
    [{ $inc: { year: '1' } }, 'invalidValue', 'year'],
    [{ $push: { roles: { $where: 'x' } } }, 'forbiddenOperator', '$where'],
    [{ $pull: { roles: { $where: 'x' } } }, 'forbiddenOperator', '$where'],
    [{ $set: {} }, 'invalidValue', '$set'],
  ])('refuses %j (%s %s)', (update, code, key) => {
    expect(checkUpdate(update, writable)).toEqual({ code, key })
  })
})

describe('checkDocument', () => {
  it('allows writable fields and nested plain data', () => {
    expect(
      checkDocument({ _id: 'a', note: { text: 'x', tags: ['a'] }, year: 1 }, ['note', 'year']),
    ).toBeNull()
  })
  it.each([
    [{ $where: 'x' }, 'forbiddenOperator', '$where'],
    [{ status: 'x' }, 'readOnlyField', 'status'],
    [{ note: { deep: [{ $gt: 1 }] } }, 'forbiddenOperator', '$gt'],
    [{ note: { 'a.b': 1 } }, 'invalidValue', 'note.a.b'],
    [{ _id: { $ne: null } }, 'forbiddenOperator', '$ne'],
    [{ _id: 5 }, 'invalidValue', '_id'],
  ])('refuses %j (%s %s)', (doc, code, key) => {
    expect(checkDocument(doc, ['note'])).toEqual({ code, key })
  })
})
