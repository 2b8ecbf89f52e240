// A person's enrolment in one programme year (docs/product-rules.md#enrolment): an application
// becomes an enrolment when a registration editor accepts it. Attendance keeps pointing at the
// person; the enrolments say in which year(s) they take part, so every participant list (the
// studio tablet, /prisotnost, /udelezenci) is built from accepted enrolments.
import { z } from 'zod'
import type { Bilingual } from '../messages/bilingual'
import { PROJECTS } from '../users/user'

/** The programme's years: the regular segments run across years 1 to 4, year 5 finishes. */
export const PROGRAMME_YEARS = [1, 2, 3, 4, 5] as const
export type ProgrammeYear = (typeof PROGRAMME_YEARS)[number]

export const ENROLMENT_STATUSES = [
  'applied',
  'accepted',
  'declined',
  'withdrawn',
  'completed',
] as const
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number]

/** What a registration editor (or the person, or the server) does to an enrolment. */
export const ENROLMENT_ACTIONS = [
  'apply',
  'accept',
  'decline',
  'reopen',
  'withdraw',
  'complete',
] as const
export type EnrolmentAction = (typeof ENROLMENT_ACTIONS)[number]

/**
 * The state machine: from which status each action leads where. `apply` starts an enrolment
 * (from nothing); reopen puts a declined or withdrawn one back among the applications.
 */
export const ENROLMENT_TRANSITIONS: Readonly<
  Record<EnrolmentAction, Partial<Record<EnrolmentStatus | 'none', EnrolmentStatus>>>
> = {
  apply: { none: 'applied' },
  accept: { applied: 'accepted' },
  decline: { applied: 'declined' },
  reopen: { declined: 'applied', withdrawn: 'applied' },
  withdraw: { accepted: 'withdrawn' },
  complete: { accepted: 'completed' },
}

/** Actions that need a reason, which the person is told (decline) or the history keeps. */
export const REASON_REQUIRED: ReadonlySet<EnrolmentAction> = new Set(['decline', 'withdraw'])

export const MAX_REASON_LENGTH = 1000

export const enrolmentChangeSchema = z.object({
  /** ISO 8601 date-time. */
  at: z.string(),
  /** Username of who made the change (the applicant themself for `apply`). */
  by: z.string(),
  action: z.enum(ENROLMENT_ACTIONS),
  from: z.enum(ENROLMENT_STATUSES).nullable(),
  to: z.enum(ENROLMENT_STATUSES),
  reason: z.string().max(MAX_REASON_LENGTH).optional(),
})
export type EnrolmentChange = z.output<typeof enrolmentChangeSchema>

export const enrolmentSchema = z.object({
  /** `{year}:{person}`: one enrolment per person and programme year. */
  _id: z.string(),
  /** The person's username. */
  person: z.string(),
  year: z.number().int().min(1).max(5),
  /** The project the person takes part in, where one applies. */
  project: z.enum(PROJECTS).optional(),
  status: z.enum(ENROLMENT_STATUSES),
  /** Every change, oldest first; the first is the application. */
  history: z.array(enrolmentChangeSchema),
})
export type Enrolment = z.output<typeof enrolmentSchema>

export function enrolmentId(year: number, person: string): string {
  return `${year}:${person}`
}

export type TransitionResult =
  | { ok: true; enrolment: Enrolment }
  | { ok: false; code: 'notAllowed' | 'reasonRequired'; message: Bilingual }

/**
 * Applies `action` to `current` (null: no enrolment yet). Pure: the server stores what this
 * answers; a refused action changes nothing.
 */
export function transition(
  current: Enrolment | null,
  action: EnrolmentAction,
  change: {
    by: string
    at: string
    reason?: string
    person?: string
    year?: number
    project?: string
  },
): TransitionResult {
  const from = current?.status ?? 'none'
  const to = ENROLMENT_TRANSITIONS[action][from]
  if (!to) {
    return {
      ok: false,
      code: 'notAllowed',
      message: {
        sl: 'tega pri prijavi v tem stanju ni mogoče storiti',
        en: 'this cannot be done to an application in this state',
      },
    }
  }
  const reason = change.reason?.trim()
  if (REASON_REQUIRED.has(action) && !reason) {
    return {
      ok: false,
      code: 'reasonRequired',
      message: { sl: 'navedite razlog', en: 'give a reason' },
    }
  }
  const entry: EnrolmentChange = {
    at: change.at,
    by: change.by,
    action,
    from: current?.status ?? null,
    to,
    ...(reason ? { reason: reason.slice(0, MAX_REASON_LENGTH) } : {}),
  }
  if (current) {
    return { ok: true, enrolment: { ...current, status: to, history: [...current.history, entry] } }
  }
  const person = change.person ?? ''
  const year = change.year ?? 0
  return {
    ok: true,
    enrolment: {
      _id: enrolmentId(year, person),
      person,
      year,
      ...(change.project ? { project: change.project as Enrolment['project'] } : {}),
      status: to,
      history: [entry],
    },
  }
}

/** Statuses whose holders take part in the year: they are on its attendance lists. */
export const TAKING_PART: ReadonlySet<EnrolmentStatus> = new Set(['accepted'])
