import { describe, expect, it } from 'vitest'
import { DB_OPERATIONS, READ_OPERATIONS, dbCallPath } from './calls'

describe('data call paths', () => {
  it.each([
    ['plain', 'users', 'findOne', undefined, '/api/db/users/findOne'],
    [
      'with a database',
      'attendance',
      'upsertBatch',
      'lfit',
      '/api/db/attendance/upsertBatch?db=lfit',
    ],
    ['escapes a hostile collection name', '../x', 'find', undefined, '/api/db/..%2Fx/find'],
  ] as const)('%s', (_label, collection, operation, db, path) => {
    expect(dbCallPath(collection, operation, db)).toBe(path)
  })

  it('every spec operation is known, and reads are a subset', () => {
    for (const op of [
      'find',
      'findById',
      'findOne',
      'upsert',
      'upsertBatch',
      'save',
      'insert',
      'deleteOne',
      'aggregate',
      'testHash',
    ])
      expect(DB_OPERATIONS).toContain(op)
    for (const op of READ_OPERATIONS) expect(DB_OPERATIONS).toContain(op)
    expect(READ_OPERATIONS).not.toContain('upsertBatch')
  })
})
