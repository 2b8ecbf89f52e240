// /api/people: the applications a registration editor decides on /prijave, and the roster the
// attendance book reads (docs/access-policy.md#people-routes). Enrolments change only here, each
// change through the domain's state machine (enrolments.ts); the answers carry what the role
// may see: registrars the applicants' contact, everyone else names only.
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { hasAnyRole, type Role } from '@lfit/domain/access/roles'
import type { EnrolmentAction } from '@lfit/domain/people/enrolment'
import {
  APPLICATION_HANDLERS,
  bulkAcceptRequestSchema,
  decisionRequestSchema,
  filterApplications,
  reasonedDecisionRequestSchema,
  type ApplicationRow,
} from '@lfit/domain/people/applications'
import { ENROLMENT_STATUSES, type Enrolment } from '@lfit/domain/people/enrolment'
import { rosterOf, ROSTER_READERS } from '@lfit/domain/people/roster'
import { PROJECTS } from '@lfit/domain/users/user'
import type { UserDirectory } from '../auth/users'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { Doc, Store } from '../store/port'
import { ENROLMENTS, storedEnrolment, type EnrolmentBook } from './enrolments'

export interface PeopleDeps {
  stores: () => Promise<Store>
  users: UserDirectory
  book: EnrolmentBook
}

/** Most enrolments one list answers: every application of several programme generations. */
const MAX_LISTED = 5000

const listRequestSchema = z.object({
  year: z.number().int().min(1).max(5).optional(),
  project: z.union([z.enum(PROJECTS), z.literal('none')]).optional(),
  status: z.enum(ENROLMENT_STATUSES).optional(),
  search: z.string().max(200).optional(),
})

function requireRole(c: Context<AppEnv>, roles: readonly Role[]): string {
  const session = c.get('session')
  if (!session) throw new ApiError('notLoggedIn')
  if (!hasAnyRole({ roles: session.roles }, roles)) throw new ApiError('forbidden')
  return session.user.username
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

function rowOf(enrolment: Enrolment, user: Doc | undefined): ApplicationRow {
  return {
    id: enrolment._id,
    person: enrolment.person,
    firstName: text(user?.firstName),
    lastName: text(user?.lastName),
    email: text(user?.email) || enrolment.person,
    phone: text(user?.phone),
    year: enrolment.year,
    ...(enrolment.project ? { project: enrolment.project } : {}),
    status: enrolment.status,
    appliedAt: enrolment.history[0]?.at ?? '',
    history: enrolment.history,
  }
}

async function usersNamed(deps: PeopleDeps, store: Store, usernames: readonly string[]) {
  const users = await deps.users.collection(store)
  const found = await users.find({ username: { $in: [...new Set(usernames)] } })
  return new Map(found.map((user) => [String(user.username), user]))
}

export function createPeopleRoutes(deps: PeopleDeps): Hono<AppEnv> {
  const people = new Hono<AppEnv>()

  people.post('/applications', async (c) => {
    requireRole(c, APPLICATION_HANDLERS)
    const filter = parseBody(listRequestSchema, c.get('body'))
    const store = await deps.stores()
    const found = await store
      .collection(ENROLMENTS)
      .find({}, { sort: { _id: 1 }, limit: MAX_LISTED })
    const enrolments = found.flatMap((doc) => storedEnrolment(doc) ?? [])
    const users = await usersNamed(
      deps,
      store,
      enrolments.map((e) => e.person),
    )
    const rows = enrolments.map((e) => rowOf(e, users.get(e.person)))
    return answer(c, { applications: filterApplications(rows, filter) })
  })

  const decide = (
    action: EnrolmentAction,
    schema: z.ZodType<{ id: string; reason?: string | undefined }>,
  ) =>
    people.post(`/${action}`, async (c) => {
      const by = requireRole(c, APPLICATION_HANDLERS)
      const { id, reason } = parseBody(schema, c.get('body'))
      const store = await deps.stores()
      const { enrolment, user } = await deps.book.change(store, id, action, by, reason)
      c.var.log.info('enrolment changed', { requestId: c.var.requestId, action, by })
      return answer(c, { application: rowOf(enrolment, user) })
    })
  decide('accept', decisionRequestSchema)
  decide('decline', reasonedDecisionRequestSchema)
  decide('reopen', decisionRequestSchema)
  decide('withdraw', reasonedDecisionRequestSchema)
  decide('complete', decisionRequestSchema)

  // Each application on its own: one that cannot be accepted does not stop the others.
  people.post('/acceptMany', async (c) => {
    const by = requireRole(c, APPLICATION_HANDLERS)
    const { ids } = parseBody(bulkAcceptRequestSchema, c.get('body'))
    const store = await deps.stores()
    const results = []
    for (const id of new Set(ids)) {
      try {
        await deps.book.change(store, id, 'accept', by)
        results.push({ id, ok: true })
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        results.push({ id, ok: false, message: error.bilingual })
      }
    }
    c.var.log.info('enrolments accepted', {
      requestId: c.var.requestId,
      by,
      accepted: results.filter((r) => r.ok).length,
    })
    return answer(c, { results })
  })

  // The attendance book's people: accepted enrolments with names, never contact details. Any
  // other logged-in user (a media editor's device syncs too) reads only themself, as the user
  // directory answers them their own record.
  people.post('/roster', async (c) => {
    const session = c.get('session')
    if (!session) throw new ApiError('notLoggedIn')
    const everyone = hasAnyRole({ roles: session.roles }, ROSTER_READERS)
    const store = await deps.stores()
    const accepted = await store
      .collection(ENROLMENTS)
      .find(
        everyone ? { status: 'accepted' } : { status: 'accepted', person: session.user.username },
        { limit: MAX_LISTED },
      )
    const enrolments = accepted.flatMap((doc) => storedEnrolment(doc) ?? [])
    const users = await usersNamed(
      deps,
      store,
      enrolments.map((e) => e.person),
    )
    const roster = rosterOf(
      enrolments,
      [...users.values()].map((user) => ({
        username: String(user.username),
        firstName: text(user.firstName),
        lastName: text(user.lastName),
        ...(typeof user.status === 'string' ? { status: user.status } : {}),
      })),
    )
    return answer(c, { participants: roster })
  })

  return people
}
