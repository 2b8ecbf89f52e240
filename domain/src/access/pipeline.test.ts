import { describe, expect, it } from 'vitest'
import { checkPipeline } from './pipeline'

const anyLookup = () => true

describe('checkPipeline', () => {
  it('allows the stages reports use', () => {
    const pipeline = [
      { $match: { year: { $gte: 1 }, $expr: { $gt: ['$year', 0] } } },
      { $unwind: { path: '$roles', preserveNullAndEmptyArrays: true } },
      {
        $lookup: {
          from: 'registrations',
          localField: 'username',
          foreignField: 'username',
          as: 'r',
        },
      },
      { $group: { _id: '$year', n: { $sum: 1 }, names: { $push: '$username' } } },
      {
        $project: {
          n: 1,
          first: { $arrayElemAt: ['$names', 0] },
          label: { $concat: ['y', { $toString: '$_id' }] },
        },
      },
      { $sort: { n: -1, _id: 1 } },
      { $skip: 0 },
      { $limit: 10 },
      { $count: 'total' },
    ]
    expect(checkPipeline(pipeline, anyLookup)).toBeNull()
  })

  it.each([
    [[{ $out: 'x' }], 'forbiddenOperator', '$out'],
    [[{ $merge: { into: 'x' } }], 'forbiddenOperator', '$merge'],
    [[{ $unionWith: 'users' }], 'forbiddenOperator', '$unionWith'],
    [[{ $graphLookup: {} }], 'forbiddenOperator', '$graphLookup'],
    [[{ $addFields: { x: { $function: { body: 'f' } } } }], 'forbiddenOperator', '$function'],
    [[{ $group: { _id: null, x: { $accumulator: {} } } }], 'forbiddenOperator', '$accumulator'],
    [[{ $match: { $where: 'x' } }], 'forbiddenOperator', '$where'],
    [[{ $match: { $expr: { $function: {} } } }], 'forbiddenOperator', '$function'],
    [[{ $project: { x: { $literal: { $where: 1 } } } }], 'forbiddenOperator', '$where'],
    [
      [{ $lookup: { from: 'users', localField: 'a', foreignField: 'b', as: 'c' } }],
      'forbiddenOperator',
      '$lookup:users',
    ],
    [[{ $lookup: { from: 'x', pipeline: [], as: 'c' } }], 'forbiddenOperator', '$lookup.pipeline'],
    [
      [{ $lookup: { from: 'x', localField: '$a', foreignField: 'b', as: 'c' } }],
      'invalidValue',
      '$lookup.localField',
    ],
    [[{ $match: {}, $limit: 1 }], 'invalidValue', 'pipeline'],
    [[{ $limit: -1 }], 'invalidValue', '$limit'],
    [[{ $sort: { a: 2 } }], 'invalidValue', '$sort'],
    [[{ $count: '$x' }], 'invalidValue', '$count'],
    [[{ $unwind: 'roles' }], 'invalidValue', '$unwind'],
    [{ $match: {} }, 'invalidValue', 'pipeline'],
  ])('refuses %j (%s %s)', (pipeline, code, key) => {
    expect(checkPipeline(pipeline, (from) => from !== 'users')).toEqual({ code, key })
  })

  it('refuses more stages than the limit', () => {
    const pipeline = Array.from({ length: 21 }, () => ({ $limit: 1 }))
    expect(checkPipeline(pipeline, anyLookup)).toEqual({
      code: 'limitExceeded',
      key: 'pipeline',
      max: 20,
    })
  })
})
