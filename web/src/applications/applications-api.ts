// The /prijave calls on /api/people, through the app's one API client; every answer is checked
// against the domain's schema. Each throws ApiError; the screen turns it into a sentence.
import {
  applicationsAnswerSchema,
  bulkAcceptAnswerSchema,
  decisionAnswerSchema,
  type ApplicationRow,
} from '@lfit/domain/people/applications'
import { api } from '../api/api'

/** The changes a registrar makes to one application. */
export type Decision = 'accept' | 'decline' | 'reopen' | 'withdraw' | 'complete'

export async function loadApplications(): Promise<ApplicationRow[]> {
  const answer = await api.action('/api/people/applications', {}, applicationsAnswerSchema, 'read')
  return answer.applications
}

export async function decide(
  decision: Decision,
  id: string,
  reason?: string,
): Promise<ApplicationRow> {
  const payload = reason === undefined ? { id } : { id, reason }
  const answer = await api.action(`/api/people/${decision}`, payload, decisionAnswerSchema)
  return answer.application
}

export async function acceptMany(ids: readonly string[]) {
  const answer = await api.action('/api/people/acceptMany', { ids }, bulkAcceptAnswerSchema)
  return answer.results
}
