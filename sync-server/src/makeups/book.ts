// POST /api/makeups/book (docs/access-policy.md#make-up-routes): what a device needs to work out
// make-ups and standings offline, scoped by who asks. A participant gets every session (no
// personal data) and their own sign-ups, made-up-otherwise records and enrolments; the staff who
// arrange make-ups or keep the attendance book get everyone's, and the participants' names.
import type { Context } from 'hono'
import { MAKEUP_EDITORS } from '@lfit/domain/access/policy'
import { hasAnyRole, type Role } from '@lfit/domain/access/roles'
import { PRESENCE_READER_ROLES } from '@lfit/domain/attendance/permissions'
import type { BookEnrolment, BookSignup, MakeupBook } from '@lfit/domain/makeups/book'
import { madeUpOtherwiseSchema } from '@lfit/domain/makeups/made-up-otherwise'
import { bySessionTime } from '@lfit/domain/makeups/sessions'
import { SIGNUP_STATUSES, type MakeupSignupStatus } from '@lfit/domain/makeups/signups'
import {
  DEFAULT_THRESHOLD_SETTINGS,
  thresholdSettingsSchema,
  type ThresholdSettings,
} from '@lfit/domain/makeups/thresholds'
import { ENROLMENT_STATUSES, type EnrolmentStatus } from '@lfit/domain/people/enrolment'
import type { UserDirectory } from '../auth/users'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import { ENROLMENTS } from '../people/enrolments'
import type { Doc, Store } from '../store/port'
import { cancelHours, MAKEUP_SESSIONS, MAKEUP_SIGNUPS, SETTINGS, storedSession } from './sessions'

/** "Made up otherwise" records (`_id` from madeUpOtherwiseId), written by the make-up editors. */
export const MADE_UP_OTHERWISE = 'madeUpOtherwise'

/** Who reads everyone's make-up book: those who arrange make-ups or keep the attendance book. */
const BOOK_STAFF: readonly Role[] = [
  ...new Set<Role>([...MAKEUP_EDITORS, ...PRESENCE_READER_ROLES]),
]

/** The most documents one list of the book holds (the bounded-query limit). */
const MAX_ROWS = 10_000

/**
 * The attendance limits in force and their history, kept in the settings document `makeups`
 * under `thresholds`; the defaults while an admin has set none (or what is stored does not fit).
 */
export async function thresholdSettings(store: Store): Promise<ThresholdSettings> {
  const settings = await store.collection(SETTINGS).findById('makeups')
  const parsed = thresholdSettingsSchema.safeParse(settings?.thresholds)
  return parsed.success ? parsed.data : DEFAULT_THRESHOLD_SETTINGS
}

const isIn = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value)

/** Sign-ups with each waitlisted one's place in line (1 for the next), by session. */
function signupsOf(docs: readonly Doc[]): BookSignup[] {
  const rows = docs.flatMap((doc) => {
    const { status, session, participant } = doc
    if (!isIn<MakeupSignupStatus>(SIGNUP_STATUSES, status)) return []
    if (typeof session !== 'string' || typeof participant !== 'string') return []
    return [{ row: { sessionId: session, participant, status } as BookSignup, order: doc.order }]
  })
  const waitlisted = rows
    .filter(({ row }) => row.status === 'waitlisted')
    .toSorted((a, b) => Number.parseInt(String(a.order), 10) - Number.parseInt(String(b.order), 10))
  const ahead = new Map<string, number>()
  for (const { row } of waitlisted) {
    const position = (ahead.get(row.sessionId) ?? 0) + 1
    ahead.set(row.sessionId, position)
    row.position = position
  }
  return rows.map(({ row }) => row)
}

function enrolmentsOf(docs: readonly Doc[]): BookEnrolment[] {
  return docs.flatMap((doc) => {
    const { person, year, status } = doc
    if (typeof person !== 'string' || typeof year !== 'number') return []
    if (!isIn<EnrolmentStatus>(ENROLMENT_STATUSES, status)) return []
    return [{ person, year, status }]
  })
}

export async function makeupBook(
  c: Context<AppEnv>,
  deps: { stores: () => Promise<Store>; users: UserDirectory },
) {
  const session = c.get('session')
  if (!session) throw new ApiError('notLoggedIn')
  const staff = hasAnyRole({ roles: session.roles }, BOOK_STAFF)
  const own = hasAnyRole({ roles: session.roles }, ['participant'])
  const me = session.user.username
  // Someone with neither role reads no one's: a filter no record matches.
  const scope = staff ? {} : own ? { participant: me } : { participant: { $in: [] } }
  const enrolmentScope = staff ? {} : own ? { person: me } : { person: { $in: [] } }
  const store = await deps.stores()
  const bounded = { limit: MAX_ROWS }
  const [sessionDocs, signupDocs, otherwiseDocs, enrolmentDocs, thresholds, hours] =
    await Promise.all([
      store.collection(MAKEUP_SESSIONS).find({}, bounded),
      store.collection(MAKEUP_SIGNUPS).find(scope, bounded),
      store.collection(MADE_UP_OTHERWISE).find(scope, bounded),
      store.collection(ENROLMENTS).find(enrolmentScope, bounded),
      thresholdSettings(store),
      cancelHours(store),
    ])
  const people = staff ? await peopleOf(store, deps.users) : []
  const book: MakeupBook = {
    sessions: sessionDocs
      .flatMap((doc) => storedSession(doc)?.session ?? [])
      .toSorted(bySessionTime),
    signups: signupsOf(signupDocs),
    madeUpOtherwise: otherwiseDocs.flatMap((doc) => {
      const { _id, ...fields } = doc
      const parsed = madeUpOtherwiseSchema.safeParse(fields)
      return parsed.success ? [parsed.data] : []
    }),
    enrolments: enrolmentsOf(enrolmentDocs),
    thresholds: thresholds.thresholds,
    cancelHours: hours,
    people,
  }
  return answer(c, book)
}

/** The participants' names, for the staff's lists. */
async function peopleOf(store: Store, users: UserDirectory): Promise<MakeupBook['people']> {
  const docs = await (
    await users.collection(store)
  ).find(
    { roles: 'participant' },
    { limit: MAX_ROWS, projection: { username: 1, firstName: 1, lastName: 1 } },
  )
  return docs.flatMap((doc) =>
    typeof doc.username === 'string'
      ? [
          {
            username: doc.username,
            firstName: typeof doc.firstName === 'string' ? doc.firstName : '',
            lastName: typeof doc.lastName === 'string' ? doc.lastName : '',
          },
        ]
      : [],
  )
}
