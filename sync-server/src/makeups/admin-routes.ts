// /api/makeups for the staff who run make-ups (/nadomescanja; docs/access-policy.md#make-up-routes):
// "made up otherwise" recorded and removed, a session's sign-ups and waitlist with names, and the
// programme's make-up settings (the attendance limits with their history, the cancel deadline),
// which everyone who arranges make-ups reads and only an admin changes.
import { Hono, type Context } from 'hono'
import { MAKEUP_EDITORS } from '@lfit/domain/access/policy'
import { hasAnyRole, type Role } from '@lfit/domain/access/roles'
import {
  cancelHoursRequestSchema,
  madeUpOtherwiseRemovalSchema,
  madeUpOtherwiseRequestSchema,
  sessionSignupsRequestSchema,
  thresholdsRequestSchema,
} from '@lfit/domain/makeups/admin-requests'
import { madeUpOtherwiseId, type MadeUpOtherwise } from '@lfit/domain/makeups/made-up-otherwise'
import { changeThresholds } from '@lfit/domain/makeups/thresholds'
import type { UserDirectory } from '../auth/users'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { Store } from '../store/port'
import type { StandingAlerts } from './alerts'
import { MADE_UP_OTHERWISE, thresholdSettings } from './book'
import { cancelHours, findSession, MAKEUP_SETTINGS_ID, MAKEUP_SIGNUPS, SETTINGS } from './sessions'

export interface MakeupAdminDeps {
  stores: () => Promise<Store>
  users: UserDirectory
  alerts: StandingAlerts
  clock: () => number
}

/** Who sees a session's sign-ups with names: those who arrange make-ups and who lead them. */
const SIGNUP_READERS = [...MAKEUP_EDITORS, 'educator'] as const satisfies Role[]
const ADMINS = ['admin'] as const satisfies Role[]

function requireRole(c: Context<AppEnv>, roles: readonly Role[]): string {
  const session = c.get('session')
  if (!session) throw new ApiError('notLoggedIn')
  if (!hasAnyRole({ roles: session.roles }, roles)) throw new ApiError('forbidden')
  return session.user.username
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const waitlistNumber = (order: unknown) => Number.parseInt(String(order), 10)

export function createMakeupAdminRoutes(deps: MakeupAdminDeps): Hono<AppEnv> {
  const admin = new Hono<AppEnv>()
  const now = () => new Date(deps.clock()).toISOString()

  async function requireParticipant(store: Store, username: string) {
    const users = await deps.users.collection(store)
    const user = await users.findOne({ username })
    const roles = Array.isArray(user?.roles) ? (user.roles as string[]) : []
    if (!user || !roles.includes('participant')) throw new ApiError('userNotFound', { username })
  }

  // Recording the same day again replaces the note: one record per participant and day.
  admin.post('/recordMadeUpOtherwise', async (c) => {
    const by = requireRole(c, MAKEUP_EDITORS)
    const request = parseBody(madeUpOtherwiseRequestSchema, c.get('body'))
    const store = await deps.stores()
    await requireParticipant(store, request.participant)
    const record: MadeUpOtherwise = { ...request, by, at: now() }
    await store
      .collection(MADE_UP_OTHERWISE)
      .save({ _id: madeUpOtherwiseId(request.dayId, request.participant), ...record })
    await deps.alerts.check(store, [request.participant])
    return answer(c, { record })
  })

  admin.post('/removeMadeUpOtherwise', async (c) => {
    requireRole(c, MAKEUP_EDITORS)
    const request = parseBody(madeUpOtherwiseRemovalSchema, c.get('body'))
    const store = await deps.stores()
    const removed = await store
      .collection(MADE_UP_OTHERWISE)
      .deleteOne({ _id: madeUpOtherwiseId(request.dayId, request.participant) })
    await deps.alerts.check(store, [request.participant])
    return answer(c, { removed: removed.deleted > 0 })
  })

  admin.post('/settings', async (c) => {
    requireRole(c, MAKEUP_EDITORS)
    const store = await deps.stores()
    const [thresholds, hours] = await Promise.all([thresholdSettings(store), cancelHours(store)])
    return answer(c, { ...thresholds, cancelHours: hours })
  })

  // A change lowering the limits can put people at risk at once: they are told now, not at
  // their next sync.
  admin.post('/changeThresholds', async (c) => {
    const by = requireRole(c, ADMINS)
    const request = parseBody(thresholdsRequestSchema, c.get('body'))
    const store = await deps.stores()
    const result = changeThresholds(await thresholdSettings(store), request, { by, at: now() })
    if (!result.ok) {
      throw new ApiError('invalidBody', {}, { fields: { overall: result.message } })
    }
    if (result.changed) {
      await store
        .collection(SETTINGS)
        .upsert(
          { _id: MAKEUP_SETTINGS_ID },
          { $set: { thresholds: result.settings } },
          { upsert: true },
        )
      await deps.alerts.checkEveryone(store)
    }
    return answer(c, { ...result.settings, cancelHours: await cancelHours(store) })
  })

  admin.post('/changeCancelHours', async (c) => {
    requireRole(c, ADMINS)
    const { hours } = parseBody(cancelHoursRequestSchema, c.get('body'))
    const store = await deps.stores()
    await store
      .collection(SETTINGS)
      .upsert({ _id: MAKEUP_SETTINGS_ID }, { $set: { cancelHours: hours } }, { upsert: true })
    return answer(c, { ...(await thresholdSettings(store)), cancelHours: await cancelHours(store) })
  })

  // Places first, then the waitlist in its order; cancelled sign-ups are left out.
  admin.post('/sessionSignups', async (c) => {
    requireRole(c, SIGNUP_READERS)
    const { sessionId } = parseBody(sessionSignupsRequestSchema, c.get('body'))
    const store = await deps.stores()
    const found = await findSession(store, sessionId)
    if (!found) throw new ApiError('makeupSessionNotFound')
    const docs = await store
      .collection(MAKEUP_SIGNUPS)
      .find({ session: sessionId, status: { $in: ['confirmed', 'waitlisted'] } })
    const confirmed = docs
      .filter((d) => d.status === 'confirmed')
      .toSorted((a, b) => text(a.signedUpAt).localeCompare(text(b.signedUpAt)))
    const waitlisted = docs
      .filter((d) => d.status === 'waitlisted')
      .toSorted((a, b) => waitlistNumber(a.order) - waitlistNumber(b.order))
    const users = await deps.users.collection(store)
    const people = await users.find({ username: { $in: docs.map((d) => text(d.participant)) } })
    const names = new Map(people.map((p) => [text(p.username), p]))
    const row = (doc: (typeof docs)[number], position?: number) => {
      const person = names.get(text(doc.participant))
      return {
        participant: text(doc.participant),
        firstName: text(person?.firstName),
        lastName: text(person?.lastName),
        status: doc.status === 'confirmed' ? ('confirmed' as const) : ('waitlisted' as const),
        signedUpAt: text(doc.signedUpAt),
        ...(position === undefined ? {} : { position }),
      }
    }
    return answer(c, {
      session: found.session,
      taken: found.taken,
      signups: [...confirmed.map((d) => row(d)), ...waitlisted.map((d, i) => row(d, i + 1))],
    })
  })

  return admin
}
