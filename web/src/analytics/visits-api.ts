// The administrator's visit statistics from the server (docs/access-policy.md#visits), read by
// /analitika's route loader (web/src/app/screen-reads.ts).
import { visitsAnswerSchema, type VisitsAnswer } from '@lfit/domain/analytics/visits'
import { api } from '../api/api'

/** Counts per day and per page for the span (`''` ends: the server's default span). */
export function readVisits({ from, to }: { from: string; to: string }): Promise<VisitsAnswer> {
  const request = { ...(from ? { from } : {}), ...(to ? { to } : {}) }
  return api.action('/api/analytics/visits', request, visitsAnswerSchema, 'read')
}
