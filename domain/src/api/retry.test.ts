import { describe, expect, it } from 'vitest'
import { RETRY_POLICY, callKind, retriesFor, retriesForMethod, shouldRetry } from './retry'

const RETRIED = [408, 409, 425, 429, 500, 502, 503, 504]
const NOT_RETRIED = [400, 401, 403, 404, 413, 422, 501, 505]

describe('retry policy', () => {
  it('retries the statuses of docs/product-rules.md#errors', () => {
    expect([...RETRY_POLICY.statuses]).toEqual(RETRIED)
  })

  it.each([
    ['GET', 'GET', 1],
    ['HEAD', 'HEAD', 1],
    ['OPTIONS', 'OPTIONS', 1],
    ['lower case', 'get', 1],
    ['POST', 'POST', 0],
    ['PUT', 'PUT', 0],
    ['PATCH', 'PATCH', 0],
    ['DELETE', 'DELETE', 0],
    ['unknown method', 'PURGE', 0],
  ])('%s (%s) gets %i retries', (_label, method, retries) => {
    expect(retriesForMethod(method)).toBe(retries)
  })

  const table = [
    ...RETRIED.map((status) => ['GET', status, 0, true] as const),
    ...RETRIED.map((status) => ['GET', status, 1, false] as const),
    ...NOT_RETRIED.map((status) => ['GET', status, 0, false] as const),
    ...['POST', 'PUT', 'PATCH', 'DELETE'].flatMap((method) =>
      RETRIED.map((status) => [method, status, 0, false] as const),
    ),
    ['HEAD', 503, 0, true],
    ['OPTIONS', 429, 0, true],
    ['GET', 0, 0, true],
    ['GET', 0, 1, false],
    ['POST', 0, 0, false],
  ] as const
  it.each(table)('%s answered %i on attempt %i: retry %s', (method, status, attempt, retry) => {
    expect(shouldRetry(method, status, attempt)).toBe(retry)
  })

  it.each([
    ['read', 1],
    ['write', 0],
  ] as const)('a %s call gets %i retries', (call, retries) => {
    expect(retriesFor(call)).toBe(retries)
  })

  it.each([
    ['find', 'read'],
    ['findById', 'read'],
    ['findOne', 'read'],
    ['aggregate', 'read'],
    ['upsert', 'write'],
    ['upsertBatch', 'write'],
    ['save', 'write'],
    ['insert', 'write'],
    ['deleteOne', 'write'],
    ['testHash', 'write'],
  ] as const)('%s is a %s', (operation, kind) => {
    expect(callKind(operation)).toBe(kind)
  })
})
