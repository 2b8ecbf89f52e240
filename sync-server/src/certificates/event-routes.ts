// /api/certificates/events: the organised-event certificates of /OrganisedEventCerts, for the
// certificate issuers only (docs/access-policy.md#certificates).
import { Hono } from 'hono'
import { z } from 'zod'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { answer } from '../http/msgpack'
import type { EventCertificates } from './events'
import { requireIssuer } from './issuer'

const issueSchema = z
  .object({
    dayId: z.string().min(1).max(20),
    title: z.string().trim().min(1).max(200),
    attendees: z.array(z.string().min(1).max(100)).min(1).max(500),
  })
  .strict()

export function createEventCertificateRoutes(events: EventCertificates): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  routes.post('/list', async (c) => {
    requireIssuer(c)
    return answer(c, { days: await events.days() })
  })
  routes.post('/issue', async (c) => {
    const issuer = requireIssuer(c)
    const body = parseBody(issueSchema, c.get('body'))
    return answer(c, await events.issue(body.dayId, body.title, body.attendees, issuer))
  })
  return routes
}
