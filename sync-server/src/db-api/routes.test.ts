// The data API's path: `/api/db/{collection}/{operation}` read by one wildcard route, so every
// route of the app fits Hono's fastest router (docs/0018-find-under-load.md; app-routes.test.ts).
import { describe, expect, it } from 'vitest'
import { dbCallOf } from './routes'

describe('dbCallOf', () => {
  it.each([
    ['/api/db/attendance/find', { collection: 'attendance', operation: 'find' }],
    ['/api/db/a%2Fb/find', { collection: 'a/b', operation: 'find' }],
    ['/api/db/a%zz/find', { collection: 'a%zz', operation: 'find' }],
    ['/api/db/attendance', null],
    ['/api/db/attendance/', null],
    ['/api/db//find', null],
    ['/api/db/attendance/find/more', null],
    ['/api/dbx/attendance/find', null],
    ['/api/other/attendance/find', null],
  ])('%s', (path, call) => {
    expect(dbCallOf(path)).toEqual(call)
  })
})
