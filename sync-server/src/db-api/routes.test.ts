// The data API's path: `/api/db/{collection}/{operation}` read by one wildcard route, so every
// route of the app fits Hono's fastest router (docs/0018-find-under-load.md).
import { RegExpRouter } from 'hono/router/reg-exp-router'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { memoryLog } from '../http/log'
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

describe('the app’s routes', () => {
  it('all fit RegExpRouter, so no request is routed by the slower tree router', () => {
    const app = createApp({
      stores: () => Promise.reject(new Error('no store in this test')),
      config: loadConfig({ NODE_ENV: 'test', DB_NAME: 'routes_test' }),
      clock: Date.now,
      log: memoryLog(),
    })
    const router = new RegExpRouter<unknown>()
    for (const route of app.routes) router.add(route.method, route.path, route.handler)
    expect(() => router.match('POST', '/api/db/attendance/find')).not.toThrow()
  })
})
