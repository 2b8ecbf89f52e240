// /api/makeups: make-up sessions and their sign-ups (docs/access-policy.md#make-up-routes). The
// make-up editors create, change and cancel sessions; participants sign themselves up and
// cancel, and the staff who arrange make-ups do it on a participant's behalf; anyone reads the
// public list of upcoming sessions with free places. Places are decided in signups.ts.
import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { MAKEUP_EDITORS } from '@lfit/domain/access/policy'
import { hasAnyRole, type Role } from '@lfit/domain/access/roles'
import { makeupSessionSchema, bySessionTime } from '@lfit/domain/makeups/sessions'
import { canCancel, cancelDeadline, makeupSignupRequestSchema } from '@lfit/domain/makeups/signups'
import { epochToZoned, localDayStr } from '@lfit/domain/schedule/time'
import type { UserDirectory } from '../auth/users'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { Store } from '../store/port'
import { createMakeupAdminRoutes } from './admin-routes'
import type { StandingAlerts } from './alerts'
import { makeupBook } from './book'
import { ensurePlaceIndexes, placesHeld, renumberPlaces } from './places'
import {
  cancelHours,
  findSession,
  MAKEUP_REQUESTS,
  MAKEUP_SESSIONS,
  storedSession,
} from './sessions'
import type { MakeupSignups, SignupView } from './signups'

export interface MakeupDeps {
  stores: () => Promise<Store>
  users: UserDirectory
  signups: MakeupSignups
  alerts: StandingAlerts
  clock: () => number
}

/** Who signs up or cancels on a participant's behalf. */
const ON_BEHALF = ['admin', 'makeupEditor', 'regEditor', 'educator'] as const satisfies Role[]
/** The upcoming list answers at most this many sessions. */
const MAX_UPCOMING = 200

const idRequestSchema = z.object({ _id: z.string().min(1).max(200) }).strict()
const objectBody = z.record(z.string(), z.unknown())

function requireRole(c: Context<AppEnv>, roles: readonly Role[]) {
  const session = c.get('session')
  if (!session) throw new ApiError('notLoggedIn')
  if (!hasAnyRole({ roles: session.roles }, roles)) throw new ApiError('forbidden')
  return { username: session.user.username, roles: session.roles }
}

/** A session as the request describes it; `taken` and `cancelled` are the server's. */
function sessionFrom(body: Record<string, unknown>, id: string) {
  const { cancelled: _cancelled, ...fields } = body
  return parseBody(makeupSessionSchema, {
    note: '',
    scheduleDays: [],
    ...fields,
    _id: id,
    cancelled: false,
  })
}

export function createMakeupRoutes(deps: MakeupDeps): Hono<AppEnv> {
  const makeups = new Hono<AppEnv>()
  makeups.route('/', createMakeupAdminRoutes(deps))

  makeups.post('/book', (c) => makeupBook(c, deps))

  makeups.post('/create', async (c) => {
    requireRole(c, MAKEUP_EDITORS)
    const body = parseBody(objectBody, c.get('body'))
    const id = typeof body._id === 'string' && body._id ? body._id : randomUUID()
    const session = sessionFrom(body, id)
    const store = await deps.stores()
    if (await store.collection(MAKEUP_SESSIONS).findById(id)) {
      throw new ApiError('makeupSessionExists')
    }
    await ensurePlaceIndexes(store)
    await store.collection(MAKEUP_SESSIONS).insert({ ...session, taken: 0 })
    return answer(c, { session, taken: 0 })
  })

  // The whole session again; the capacity never goes below the places already confirmed.
  makeups.post('/update', async (c) => {
    requireRole(c, MAKEUP_EDITORS)
    const body = parseBody(objectBody, c.get('body'))
    const { _id } = parseBody(idRequestSchema, { _id: body._id })
    const session = sessionFrom(body, _id)
    const store = await deps.stores()
    const current = await findSession(store, _id)
    if (!current) throw new ApiError('makeupSessionNotFound')
    if (current.session.cancelled) throw new ApiError('makeupSessionClosed')
    const { _id: _same, cancelled: _cancelled, ...fields } = session
    const held = await placesHeld(store, _id)
    const stored =
      held > session.capacity
        ? { matched: 0 }
        : await store
            .collection(MAKEUP_SESSIONS)
            .upsert({ _id, cancelled: false }, { $set: fields }, { upsert: false })
    if (stored.matched === 0) {
      throw new ApiError(
        'invalidBody',
        {},
        {
          fields: {
            capacity: {
              sl: `Več udeležencev je že prijavljenih (${held}); zmanjšajte jih najprej`,
              en: `More participants are already signed up (${held}); cancel some first`,
            },
          },
        },
      )
    }
    await renumberPlaces(store, _id, session.capacity)
    await deps.signups.fillFreePlaces(store, _id)
    const after = await findSession(store, _id)
    return answer(c, { session: after?.session ?? session, taken: after?.taken ?? 0 })
  })

  // Cancelling is a compare-and-set, so everyone signed up is told once.
  makeups.post('/cancel', async (c) => {
    requireRole(c, MAKEUP_EDITORS)
    const { _id } = parseBody(idRequestSchema, c.get('body'))
    const store = await deps.stores()
    const sessions = store.collection(MAKEUP_SESSIONS)
    const changed = await sessions.upsert(
      { _id, cancelled: false },
      { $set: { cancelled: true } },
      { upsert: false },
    )
    const found = await findSession(store, _id)
    if (!found) throw new ApiError('makeupSessionNotFound')
    const told = changed.matched > 0 ? await deps.signups.tellCancelled(store, found.session) : 0
    c.var.log.info('makeup session cancelled', { requestId: c.var.requestId, told })
    return answer(c, { session: found.session, told })
  })

  // Public, no personal data: visitors see the sessions with a free place, those logged in also
  // the full ones (whose waitlist they can join).
  makeups.post('/upcoming', async (c) => {
    const loggedIn = Boolean(c.get('session'))
    const store = await deps.stores()
    const today = localDayStr(deps.clock())
    const docs = await store
      .collection(MAKEUP_SESSIONS)
      .find(
        { cancelled: false, dayStr: { $gte: today } },
        { sort: { dayStr: 1 }, limit: MAX_UPCOMING },
      )
    const sessions = docs
      .flatMap((doc) => storedSession(doc) ?? [])
      .filter(({ session, taken }) => loggedIn || taken < session.capacity)
      .sort((a, b) => bySessionTime(a.session, b.session))
      .map(({ session, taken }) => ({
        _id: session._id,
        dayStr: session.dayStr,
        fromHour: session.fromHour,
        toHour: session.toHour,
        place: session.place,
        covers: session.covers,
        capacity: session.capacity,
        free: Math.max(0, session.capacity - taken),
      }))
    return answer(c, { sessions })
  })

  /** The participant a request is about: the caller, or whom they act for. */
  function participantOf(c: Context<AppEnv>, named: string | undefined): string {
    const caller = requireRole(c, ['participant', ...ON_BEHALF])
    const self = caller.username.toLowerCase()
    if (named === undefined || named === self) {
      if (!hasAnyRole(caller, ['participant'])) {
        throw new ApiError(
          'invalidBody',
          {},
          {
            fields: {
              participant: { sl: 'Izberite udeleženca', en: 'Choose a participant' },
            },
          },
        )
      }
      return self
    }
    if (!hasAnyRole(caller, ON_BEHALF)) throw new ApiError('makeupOnlyYourself')
    return named
  }

  /** Runs a sign-up change once per client request id; a repeat gets the first answer. */
  async function once(
    store: Store,
    caller: string,
    requestId: string | undefined,
    work: () => Promise<SignupView>,
  ): Promise<SignupView> {
    if (!requestId) return work()
    const requests = store.collection(MAKEUP_REQUESTS)
    const key = `${caller}:${requestId}`
    const earlier = await requests.findById(key)
    if (earlier?.answer) return earlier.answer as SignupView
    const result = await work()
    await requests.save({ _id: key, answer: result, at: new Date(deps.clock()).toISOString() })
    return result
  }

  makeups.post('/signUp', async (c) => {
    requireRole(c, ['participant', ...ON_BEHALF])
    const request = parseBody(makeupSignupRequestSchema, c.get('body'))
    const participant = participantOf(c, request.participant)
    const by = c.get('session')?.user.username ?? participant
    const store = await deps.stores()
    if (participant !== by.toLowerCase()) await requireParticipant(store, participant)
    const signup = await once(store, by, request.requestId, () =>
      deps.signups.signUp(store, request.sessionId, participant, by),
    )
    return answer(c, { signup })
  })

  makeups.post('/cancelSignup', async (c) => {
    requireRole(c, ['participant', ...ON_BEHALF])
    const request = parseBody(makeupSignupRequestSchema, c.get('body'))
    const participant = participantOf(c, request.participant)
    const session = c.get('session')
    const by = session?.user.username ?? participant
    const store = await deps.stores()
    const signup = await once(store, by, request.requestId, async () => {
      const found = await findSession(store, request.sessionId)
      if (!found) throw new ApiError('makeupSessionNotFound')
      const hours = await cancelHours(store)
      const editor = hasAnyRole({ roles: session?.roles ?? [] }, MAKEUP_EDITORS)
      if (!editor && !canCancel(found.session, deps.clock(), hours)) {
        const deadline = epochToZoned(cancelDeadline(found.session, hours))
        throw new ApiError('makeupCancelTooLate', {
          hours: String(hours),
          deadline: `${deadline.dayStr} ${deadline.hourStr}`,
        })
      }
      return deps.signups.cancel(store, request.sessionId, participant, by)
    })
    return answer(c, { signup })
  })

  async function requireParticipant(store: Store, username: string) {
    const users = await deps.users.collection(store)
    const user = await users.findOne({ username })
    const roles = Array.isArray(user?.roles) ? (user.roles as string[]) : []
    if (!user || !roles.includes('participant')) throw new ApiError('userNotFound', { username })
  }

  return makeups
}
