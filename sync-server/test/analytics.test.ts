// The visit statistics endpoint the site's analytics script posts to: a valid page view is
// stored without anything that identifies the visitor; anything else is refused in the one
// error shape and stores nothing; a flood from one address is dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANALYTICS_COLLECTION } from '../src/analytics/routes'
import { unpack } from '../src/http/msgpack'
import { snapshot, startServer, openTestStore, type OpenedStore, type TestServer } from './harness'

let db: OpenedStore
let server: TestServer
beforeAll(async () => {
  db = await openTestStore('embedded')
  server = await startServer({ store: db.store })
})
afterAll(async () => {
  await server.close()
  await db.close()
})

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/a/event`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })

const pageView = { type: 'pageview', path: '/urnik', referrer: null, lang: 'sl', width: 390 }

describe('POST /a/event', () => {
  it('stores a page view with the server time and nothing about the visitor', async () => {
    const answer = await post(JSON.stringify({ ...pageView, ts: 1 }), {
      cookie: 'lfit_token=whatever',
    })
    expect(answer.status).toBe(204)
    const stored = await snapshot(db.store, ANALYTICS_COLLECTION)
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ ...pageView, ts: 1, at: server.clock.now })
    expect(Object.keys(stored[0] ?? {}).sort()).toEqual(
      ['_id', 'at', 'lang', 'path', 'referrer', 'ts', 'type', 'width'].sort(),
    )
  })

  const bad: [label: string, body: string][] = [
    ['not JSON', '{"type":'],
    ['an unknown event type', JSON.stringify({ ...pageView, type: 'click' })],
    ['a path that is not a path', JSON.stringify({ ...pageView, path: 'http://x' })],
    ['an extra field (a user id)', JSON.stringify({ ...pageView, user: 'admin@demo.test' })],
    ['an operator instead of a value', JSON.stringify({ ...pageView, path: { $ne: null } })],
    ['an oversized body', JSON.stringify({ ...pageView, referrer: 'x'.repeat(3_000) })],
  ]
  it.each(bad)('refuses %s with a bilingual 400 and stores nothing', async (_label, body) => {
    const before = await snapshot(db.store, ANALYTICS_COLLECTION)
    const answer = await post(body)
    expect(answer.status).toBe(400)
    const error = (unpack(new Uint8Array(await answer.arrayBuffer())) as { error: unknown })
      .error as { code: string; message: { sl: string; en: string } }
    expect(error.code).toBe('invalidValue')
    expect(error.message.sl).toMatch(/Neveljavna vrednost/)
    expect(error.message.en).toMatch(/Invalid value/)
    expect(await snapshot(db.store, ANALYTICS_COLLECTION)).toEqual(before)
  })

  it('refuses a page view posted by another site', async () => {
    const before = await snapshot(db.store, ANALYTICS_COLLECTION)
    const answer = await post(JSON.stringify(pageView), { origin: 'https://evil.example' })
    expect(answer.status).toBe(403)
    expect(await snapshot(db.store, ANALYTICS_COLLECTION)).toEqual(before)
  })

  it('drops a flood from one address without storing it or showing an error', async () => {
    const before = (await snapshot(db.store, ANALYTICS_COLLECTION)).length
    const statuses = new Set<number>()
    for (let i = 0; i < 130; i++) statuses.add((await post(JSON.stringify(pageView))).status)
    expect([...statuses]).toEqual([204])
    const stored = (await snapshot(db.store, ANALYTICS_COLLECTION)).length - before
    expect(stored).toBeLessThanOrEqual(120)
    expect(stored).toBeGreaterThan(100)
  })
})
