// /api/analytics: the administrator's visit statistics (docs/access-policy.md#visits). Who may
// read them is the policy table's grant on `analytics`; the answer is counts per day and per page
// over a span of at most a year, computed by the store, so no event and nothing about a visitor
// leaves the server and the work per request is bounded by the span, not by the events.
import { Hono } from 'hono'
import { decide } from '@lfit/domain/access/policy'
import {
  visitsPerDay,
  visitsRequestSchema,
  visitsSpan,
  VISITS_TOP_PAGES,
  type VisitsAnswer,
} from '@lfit/domain/analytics/visits'
import { callerOf } from '../auth/session'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { Store } from '../store/port'
import { ANALYTICS_COLLECTION } from './routes'

const HOUR_MS = 3_600_000

export interface VisitRoutesDeps {
  stores: () => Promise<Store>
  clock: () => number
}

export function createVisitRoutes(deps: VisitRoutesDeps): Hono<AppEnv> {
  const visits = new Hono<AppEnv>()

  visits.post('/visits', async (c) => {
    const decision = decide(ANALYTICS_COLLECTION, 'aggregate', callerOf(c.get('session')))
    // The collection and operation are known: a visitor or a role without the grant.
    if (!decision.allowed) {
      throw new ApiError(decision.reason === 'notLoggedIn' ? 'notLoggedIn' : 'forbidden')
    }
    const span = visitsSpan(parseBody(visitsRequestSchema, c.var.body), deps.clock())
    const events = (await deps.stores()).collection(ANALYTICS_COLLECTION)
    const inSpan = { $match: { at: { $gte: span.start, $lt: span.end } } }
    // Counted per hour (at most 366 × 24 groups), then per Ljubljana day here: the stores have no
    // time zones in common, and the city's offset is whole hours.
    const hours = await events.aggregate([
      inSpan,
      {
        $group: {
          _id: { $subtract: ['$at', { $mod: ['$at', HOUR_MS] }] },
          visits: { $sum: 1 },
        },
      },
    ])
    const pages = await events.aggregate([
      inSpan,
      { $group: { _id: '$path', visits: { $sum: 1 } } },
      { $sort: { visits: -1, _id: 1 } },
      { $limit: VISITS_TOP_PAGES },
    ])
    const days = visitsPerDay(
      span,
      hours.map((row) => ({ hour: Number(row._id), visits: Number(row.visits) })),
    )
    const body: VisitsAnswer = {
      from: span.from,
      to: span.to,
      total: days.reduce((sum, day) => sum + day.visits, 0),
      days,
      pages: pages.map((row) => ({ path: String(row._id), visits: Number(row.visits) })),
    }
    return answer(c, body)
  })

  return visits
}
