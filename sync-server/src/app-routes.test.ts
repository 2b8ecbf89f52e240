// The server's routes as main.ts assembles them (the API, the files, the live socket and the
// site) all fit Hono's fastest router: a single route pattern RegExpRouter cannot hold makes
// Hono route every request, each API call included, by its slower tree router
// (docs/0018-find-under-load.md).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from './app'
import { loadConfig } from './config'
import { openDiskFileStore } from './files/disk'
import { fileIdOf } from './files/routes'
import { memoryLog } from './http/log'
import type { Live } from './live/live'
import { createLiveRoutes } from './live/socket'
import { mountSite, payloadPageOf } from './web/site'

const dataDir = mkdtempSync(join(tmpdir(), 'lfit-routes-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('the production server’s routes', () => {
  it('fit RegExpRouter, so no request is routed by the slower tree router', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DB_NAME: 'routes_test' })
    // Only its routes are asked of here: no socket is ever opened.
    const live = {
      routes: () => createLiveRoutes({ hub: undefined as never, config }),
      follow: () => () => undefined,
    } as unknown as Live
    const app = createApp({
      stores: () => Promise.reject(new Error('no store in this test')),
      config,
      clock: Date.now,
      log: memoryLog(),
      mount: mountSite({ webDir: join(dataDir, 'web') }),
      files: openDiskFileStore(dataDir),
      live,
    })
    // Hono picks its router on the first request: the first that holds every route.
    await app.request('/api/db/attendance/find', { method: 'POST' })
    expect(app.router.name).toBe('SmartRouter + RegExpRouter')
  })
})

describe('paths read by wildcard routes', () => {
  it.each([
    ['/urnik/_payload.json', 'urnik'],
    ['/Urnik/_payload.json', 'Urnik'],
    ['/a/b/_payload.json', 'a/b'],
    ['/a%2Fb/_payload.json', 'a/b'],
    ['/_payload.json', null],
    ['//_payload.json', null],
    ['/urnik/payload.json', null],
    ['/urnik', null],
  ])('payload page of %s', (path, page) => expect(payloadPageOf(path)).toBe(page))

  it.each([
    ['/api/files/f1', 'f1'],
    ['/api/files/a%20b', 'a b'],
    ['/api/files/', null],
    ['/api/files', null],
    ['/api/files/uploads/u1', null],
    ['/api/filesx/f1', null],
  ])('file id of %s', (path, id) => expect(fileIdOf(path)).toBe(id))
})
