// The administrator's visit statistics (docs/access-policy.md#visits): POST /api/analytics/visits
// answers counts per Ljubljana day (every day of the span, none missing) and per page (most
// first), from the events /a/event stored; only the policy table's readers of `analytics` get
// them; a bad span is a bilingual 400 per field; the answer holds nothing but the counts. Both
// stores.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { VISITS_MAX_DAYS } from '@lfit/domain/analytics/visits'
import {
  STORE_KINDS,
  openTestStore,
  seedUsers,
  startServer,
  userFor,
  type OpenedStore,
  type TestServer,
} from './harness'

const HOUR = 3_600_000
/** 2026-11-20 00:30 in Ljubljana (UTC+1): the first hour of that local day. */
const NOV_20_LOCAL_START = Date.UTC(2026, 10, 19, 23, 30)

type Bilingual = { sl?: string; en?: string }
const errorOf = (body: unknown) =>
  (body as { error?: { code?: string; fields?: Record<string, Bilingual> } }).error

describe.each(STORE_KINDS)('visit statistics on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [userFor('admin'), userFor('regEditor'), userFor('participant')])
    server = await startServer({ store: db.store })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  /** One page view through the public route, at the harness clock's `at`. */
  async function view(path: string, at: number) {
    server.clock.now = at
    const response = await fetch(`${server.url}/a/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ type: 'pageview', path, lang: 'sl', width: 390 }),
    })
    expect(response.status).toBe(204)
  }

  it('counts visits per local day and per page, every day of the span listed', async () => {
    // 00:30 local on the 20th is still the 19th in UTC: it counts for the 20th.
    await view('/urnik', NOV_20_LOCAL_START)
    await view('/urnik', NOV_20_LOCAL_START + 2 * HOUR)
    await view('/', NOV_20_LOCAL_START + 3 * HOUR)
    await view('/urnik', NOV_20_LOCAL_START + 26 * HOUR)
    // Outside the span: the day before and the day after.
    await view('/faq', NOV_20_LOCAL_START - 2 * HOUR)
    await view('/faq', NOV_20_LOCAL_START + 3 * 24 * HOUR)
    const admin = await server.as('admin')
    const answer = await admin.post('/api/analytics/visits', {
      from: '2026-11-20',
      to: '2026-11-22',
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      from: '2026-11-20',
      to: '2026-11-22',
      total: 4,
      days: [
        { day: '2026-11-20', visits: 3 },
        { day: '2026-11-21', visits: 1 },
        { day: '2026-11-22', visits: 0 },
      ],
      pages: [
        { path: '/urnik', visits: 3 },
        { path: '/', visits: 1 },
      ],
    })
  })

  it('without a span answers the last 30 days, today included', async () => {
    const admin = await server.as('admin')
    const answer = await admin.post('/api/analytics/visits', {})
    expect(answer.status).toBe(200)
    const body = answer.body as { from: string; to: string; days: unknown[] }
    // The harness clock stands at 2026-11-23 12:00 in Ljubljana.
    expect([body.from, body.to, body.days.length]).toEqual(['2026-10-25', '2026-11-23', 30])
  })

  it.each([
    ['a visitor', null, 401, 'notLoggedIn'],
    ['a registration editor', 'regEditor', 403, 'forbidden'],
    ['a participant', 'participant', 403, 'forbidden'],
  ] as const)('%s is refused', async (_, role, status, code) => {
    const browser = role ? await server.as(role) : server.browser()
    const answer = await browser.post('/api/analytics/visits', {})
    expect(answer.status).toBe(status)
    expect(errorOf(answer.body)?.code).toBe(code)
  })

  it.each([
    ['a date that is not one', { from: '2026-02-30' }, 'from'],
    ['a date in another form', { to: '20.11.2026' }, 'to'],
    ['a start after the end', { from: '2026-11-22', to: '2026-11-20' }, 'from'],
    [`a span longer than ${VISITS_MAX_DAYS} days`, { from: '2025-01-01', to: '2026-01-02' }, 'to'],
    ['a field the request does not know', { from: '2026-11-20', user: 'x' }, ''],
    ['a number for a date', { from: 20261120 }, 'from'],
  ] as const)('%s is a bilingual 400 naming the field', async (_, body, field) => {
    const admin = await server.as('admin')
    const answer = await admin.post('/api/analytics/visits', body)
    expect(answer.status).toBe(400)
    const error = errorOf(answer.body)
    expect(error?.code).toBe('invalidBody')
    const message = error?.fields?.[field]
    expect(message?.sl).toBeTruthy()
    expect(message?.en).toBeTruthy()
    expect(message?.sl).not.toBe(message?.en)
  })
})
