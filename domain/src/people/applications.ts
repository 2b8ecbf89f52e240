// The applications as registration editors see them on /prijave (docs/product-rules.md#enrolment):
// one row per enrolment with the applicant's names and contact, the calls that change them, and
// the rule that filters and searches the list. Server and web share these schemas, so an answer
// that does not fit is caught at the boundary.
import { z } from 'zod'
import { REGISTRARS } from '../access/policy'
import type { Role } from '../access/roles'
import { PROJECTS } from '../users/user'
import {
  ENROLMENT_STATUSES,
  enrolmentChangeSchema,
  MAX_REASON_LENGTH,
  type EnrolmentStatus,
} from './enrolment'

/** Who handles applications (/prijave) and may read every applicant's contact. */
export const APPLICATION_HANDLERS: readonly Role[] = REGISTRARS

/** Most applications a bulk accept handles in one call: a page of the list, not the database. */
export const MAX_BULK = 100

export const applicationRowSchema = z.object({
  /** The enrolment's id (`{year}:{person}`). */
  id: z.string(),
  person: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  year: z.number().int(),
  project: z.enum(PROJECTS).optional(),
  status: z.enum(ENROLMENT_STATUSES),
  /** ISO date-time of the application (the first history entry). */
  appliedAt: z.string(),
  history: z.array(enrolmentChangeSchema),
})
export type ApplicationRow = z.output<typeof applicationRowSchema>

export const applicationsAnswerSchema = z.object({ applications: z.array(applicationRowSchema) })

const enrolmentIdSchema = z.string().min(3).max(400)

/** A reason typed by a registrar: kept in the history and, for a decline, told to the person. */
const reasonSchema = z.string().max(MAX_REASON_LENGTH).optional()

/** Accept, reopen or complete one application. */
export const decisionRequestSchema = z.object({ id: enrolmentIdSchema, reason: reasonSchema })

/** Decline or withdraw: the reason is required (the state machine says so again). */
export const reasonedDecisionRequestSchema = z.object({
  id: enrolmentIdSchema,
  reason: z.string().max(MAX_REASON_LENGTH),
})

export const bulkAcceptRequestSchema = z.object({
  ids: z.array(enrolmentIdSchema).min(1).max(MAX_BULK),
})

/** What one change answers: the application as it is now. */
export const decisionAnswerSchema = z.object({ application: applicationRowSchema })

/** Each id of a bulk accept on its own: accepted, or why not (in both languages). */
export const bulkAcceptAnswerSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      ok: z.boolean(),
      message: z.object({ sl: z.string(), en: z.string() }).optional(),
    }),
  ),
})

/** The list's filter; a missing part does not filter. `project: 'none'` is "without a project". */
export interface ApplicationFilter {
  year?: number
  project?: string
  status?: EnrolmentStatus
  /** Words that must all appear in the name or the e-mail address (case and accents ignored). */
  search?: string
}

/** Lower case without accents: "Šimić" is found by "simic". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

function matchesSearch(row: ApplicationRow, search: string): boolean {
  const words = foldText(search).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const haystack = foldText(`${row.firstName} ${row.lastName} ${row.email} ${row.person}`)
  return words.every((word) => haystack.includes(word))
}

/**
 * The rows the filter shows, oldest application first: a registrar works through the queue in
 * the order people applied (ties by surname, then name, so the order is stable).
 */
export function filterApplications(
  rows: readonly ApplicationRow[],
  filter: ApplicationFilter,
): ApplicationRow[] {
  return rows
    .filter((row) => filter.year === undefined || row.year === filter.year)
    .filter(
      (row) =>
        filter.project === undefined ||
        (filter.project === 'none' ? row.project === undefined : row.project === filter.project),
    )
    .filter((row) => filter.status === undefined || row.status === filter.status)
    .filter((row) => filter.search === undefined || matchesSearch(row, filter.search))
    .sort(
      (a, b) =>
        a.appliedAt.localeCompare(b.appliedAt) ||
        a.lastName.localeCompare(b.lastName, 'sl') ||
        a.firstName.localeCompare(b.firstName, 'sl') ||
        a.id.localeCompare(b.id),
    )
}
