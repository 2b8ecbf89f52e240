// The access policy of the data API (docs/access-policy.md), as data: per collection, who may run which
// operation, on which rows and fields. Default deny: a collection, operation or role that is not
// listed here gets nothing. The server applies it to every call of /api/db; the web may read it
// to hide what would be refused, but the server's answer is what counts.
import { DB_OPERATIONS, type DbOperation } from '../api/calls'
import { PRESENCE_READER_ROLES } from '../attendance/permissions'
import { SYNC_COLLECTIONS } from '../sync/protocol'
import { SECRET_USER_FIELDS } from '../users/user'
import { hasAnyRole, VISIT_READERS, type Role } from './roles'

/** Who a grant is for: everyone (visitors too), anyone logged in, or holders of any listed role. */
export type Audience = 'anyone' | 'loggedIn' | readonly Role[]

export interface Grant {
  who: Audience
  /** Only rows whose `own` field equals the caller's username (read, change, delete, create). */
  own?: string
  /** The fields this grant reads (default: the collection's `readable`). */
  fields?: readonly string[]
  /** The fields this grant writes (default: the collection's `writable`). */
  writes?: readonly string[]
}

export interface CollectionPolicy {
  /** Fields a client may read, query, sort and project; `_id` always. Never a secret. */
  readable: readonly string[]
  /** Fields a client may set. */
  writable: readonly string[]
  /** Identity fields (usernames): only compared with a plain string, never with an operator. */
  exact?: readonly string[]
  /** Fields stored but never answered (hashes); `$lookup` into such a collection is refused. */
  secret?: readonly string[]
  /** Hashed fields that `testHash` may compare a value with, and for whom. */
  testable?: Readonly<Record<string, Audience>>
  /** The grants per operation, most permissive first; the first that fits the caller applies. */
  operations: Readonly<Partial<Record<DbOperation, readonly Grant[]>>>
}

/** Who keeps user accounts and registrations (/auth/users, /prijave, /udelezenci). */
export const REGISTRARS = ['admin', 'regEditor', 'fullRegEditor'] as const satisfies Role[]
/** Who handles make-up lessons (/nadomescanja). */
export const MAKEUP_EDITORS = ['admin', 'regEditor', 'makeupEditor'] as const satisfies Role[]
/**
 * Who edits the programme's calendar (/urejanjeUrnika, /api/calendar): administrators and the
 * calendar editor, a role that plans blocks and days and nothing else
 * (docs/access-policy.md#calendar).
 */
export const CALENDAR_EDITORS = ['admin', 'calendarEditor'] as const satisfies Role[]
/** Who signs up for make-up lessons (/prijavaNadomescanje). */
export const MAKEUP_TAKERS = ['participant', 'educator'] as const satisfies Role[]
/**
 * Who reads other people's directory entries: the staff who keep the attendance book and the
 * make-ups, which name people by username. Not participants: a username is the person's e-mail
 * address, which classmates see only where its owner shares it (/api/classmates answers them
 * names, docs/access-policy.md#own-account-and-classmates-routes).
 */
export const DIRECTORY_READERS = [
  'presenceEditor',
  'educator',
  'makeupEditor',
] as const satisfies Role[]

/** A user as others in the programme see them: a name, no contact details. */
const DIRECTORY_FIELDS = [
  'username',
  'accname',
  'firstName',
  'lastName',
  'country',
  'roles',
  'status',
  'year',
] as const

const USER_FIELDS = [
  'username',
  'accname',
  'email',
  'phone',
  'firstName',
  'lastName',
  'country',
  'roles',
  'status',
  'projects',
  'showOnlyEducators',
  /** The programme year a participant is in (1 to 5); the attendance book groups by it. */
  'year',
  /** The language of the person's e-mails (`sl` or `en`). */
  'language',
  /** Whether classmates see the e-mail address and the phone number (/mojRacun). */
  'shareEmail',
  'sharePhone',
] as const

/** Read operations share their grants: what you may find you may also aggregate. */
const reads = (grants: readonly Grant[]) => ({
  find: grants,
  findOne: grants,
  findById: grants,
  aggregate: grants,
})

/** Reads of attendance and absences: the same scope as sync pulls (permissions.ts). */
const syncedReads = reads([
  { who: PRESENCE_READER_ROLES },
  { who: ['participant'], own: 'participant' },
])

const POLICY_DATA = {
  users: {
    readable: [...USER_FIELDS, 'addedBy', 'reserved'],
    // `password` is an input only: the server hashes it and never stores or answers it.
    writable: [...USER_FIELDS, 'password'],
    exact: ['username'],
    secret: ['passwordHash', 'initialPassword'],
    // Whether a user still has the password the admin handed out.
    testable: { initialPassword: ['admin'] },
    operations: {
      ...reads([
        { who: REGISTRARS },
        { who: DIRECTORY_READERS, fields: DIRECTORY_FIELDS },
        { who: 'loggedIn', own: 'username' },
      ]),
      insert: [{ who: ['admin'] }],
      save: [{ who: ['admin'] }],
      upsert: [{ who: ['admin'] }],
      deleteOne: [{ who: ['admin'] }],
      testHash: [{ who: ['admin'] }],
    },
  },
  // Devices write these only through upsertBatch, so that every edit is merged, kept in history
  // and announced to pulls; each edit is then judged by its collection's write rule in the sync
  // registry (a rejected edit comes back with its reason instead of failing the whole batch).
  attendance: {
    readable: ['dayId', 'participant', 'mark', 'note', 'stamps', 'rev'],
    writable: [],
    exact: ['participant'],
    operations: {
      ...syncedReads,
      upsertBatch: [{ who: 'loggedIn' }],
      pull: [{ who: 'loggedIn' }],
    },
  },
  absences: {
    readable: ['participant', 'fromDay', 'toDay', 'reason', 'excused', 'deleted', 'stamps', 'rev'],
    writable: [],
    exact: ['participant'],
    operations: {
      ...syncedReads,
      upsertBatch: [{ who: 'loggedIn' }],
      pull: [{ who: 'loggedIn' }],
    },
  },
  // Marks at make-up sessions: synced like attendance, read also by the make-up editors who mark
  // them (MAKEUP_MARKER_ROLES in permissions.ts).
  makeupAttendance: {
    readable: ['session', 'participant', 'mark', 'note', 'stamps', 'rev'],
    writable: [],
    exact: ['participant'],
    operations: {
      ...reads([
        { who: [...PRESENCE_READER_ROLES, ...MAKEUP_EDITORS] },
        { who: ['participant'], own: 'participant' },
      ]),
      upsertBatch: [{ who: 'loggedIn' }],
      pull: [{ who: 'loggedIn' }],
    },
  },
  // Material and the library reach a device only through pull, which sends each reader what the
  // material grants let them read (materials/access.ts, docs/access-policy.md#materials). The
  // data API reads nothing of them, so an id learned or guessed gives nothing; editors write
  // through upsertBatch, each edit judged by the registry's write rule.
  materials: {
    readable: [],
    writable: [],
    operations: { upsertBatch: [{ who: 'loggedIn' }], pull: [{ who: 'loggedIn' }] },
  },
  library: {
    readable: [],
    writable: [],
    operations: { upsertBatch: [{ who: 'loggedIn' }], pull: [{ who: 'loggedIn' }] },
  },
  // Personal media notes and where each person stopped: private to their author, admins included
  // (domain/src/media/notes.ts, docs/access-policy.md#media-notes). They reach a device only
  // through pull, which sends each person their own; the data API reads none of them.
  mediaNotes: {
    readable: [],
    writable: [],
    operations: { upsertBatch: [{ who: 'loggedIn' }], pull: [{ who: 'loggedIn' }] },
  },
  mediaProgress: {
    readable: [],
    writable: [],
    operations: { upsertBatch: [{ who: 'loggedIn' }], pull: [{ who: 'loggedIn' }] },
  },
  // The calendar reaches devices through pull only; its editors change it through
  // /api/calendar, which judges recorded work (docs/0047-the-calendar-is-data.md). An upsertBatch
  // is answered per edit by the registry's write rule, which refuses every one.
  calendar: {
    readable: [],
    writable: [],
    operations: { upsertBatch: [{ who: 'loggedIn' }], pull: [{ who: 'loggedIn' }] },
  },
  registrations: {
    readable: ['username', 'year', 'status', 'createdAt', 'note'],
    writable: ['username', 'year', 'status', 'createdAt', 'note'],
    exact: ['username'],
    operations: {
      ...reads([{ who: REGISTRARS }, { who: 'loggedIn', own: 'username' }]),
      insert: [
        { who: REGISTRARS },
        // A participant registers themself; confirming is the registrars' job.
        { who: 'loggedIn', own: 'username', writes: ['username', 'year', 'createdAt', 'note'] },
      ],
      upsert: [{ who: REGISTRARS }],
      save: [{ who: REGISTRARS }],
      deleteOne: [{ who: REGISTRARS }],
    },
  },
  // Enrolments per programme year (domain/src/people/enrolment.ts): changed only through the
  // people routes, which keep each change in the enrolment's history; read by the registrars,
  // and by each person for their own.
  enrolments: {
    readable: ['person', 'year', 'project', 'status', 'history'],
    writable: [],
    exact: ['person'],
    operations: {
      ...reads([{ who: REGISTRARS }, { who: 'loggedIn', own: 'person' }]),
    },
  },
  // Sign-ups for an event day (/prijavaZaDan) and reservations (/rezervacija) come from
  // visitors; only the registrars read them, since they hold names and contact details.
  // Visitors send them through /api/signups (rate limited, it e-mails the address typed in);
  // the status and the note change only there too, so each decision e-mails the person.
  eventSignups: {
    readable: ['name', 'email', 'phone', 'dayId', 'createdAt', 'status', 'note', 'language'],
    writable: ['name', 'email', 'phone', 'dayId', 'createdAt', 'language'],
    operations: {
      ...reads([{ who: REGISTRARS }]),
      insert: [{ who: REGISTRARS }],
      upsert: [{ who: REGISTRARS }],
      save: [{ who: REGISTRARS }],
      deleteOne: [{ who: REGISTRARS }],
    },
  },
  reservations: {
    readable: [
      'name',
      'email',
      'phone',
      'dayId',
      'createdAt',
      'message',
      'status',
      'note',
      'language',
    ],
    writable: ['name', 'email', 'phone', 'dayId', 'createdAt', 'message', 'language'],
    operations: {
      ...reads([{ who: REGISTRARS }]),
      insert: [{ who: REGISTRARS }],
      upsert: [{ who: REGISTRARS }],
      save: [{ who: REGISTRARS }],
      deleteOne: [{ who: REGISTRARS }],
    },
  },
  makeups: {
    readable: ['participant', 'missedDayId', 'makeupDayId', 'status', 'createdAt'],
    writable: ['participant', 'missedDayId', 'makeupDayId', 'status', 'createdAt'],
    exact: ['participant'],
    operations: {
      ...reads([{ who: MAKEUP_EDITORS }, { who: MAKEUP_TAKERS, own: 'participant' }]),
      insert: [
        { who: MAKEUP_EDITORS },
        {
          who: MAKEUP_TAKERS,
          own: 'participant',
          writes: ['participant', 'missedDayId', 'makeupDayId', 'createdAt'],
        },
      ],
      upsert: [{ who: MAKEUP_EDITORS }],
      save: [{ who: MAKEUP_EDITORS }],
      // A participant may withdraw their own sign-up.
      deleteOne: [{ who: MAKEUP_EDITORS }, { who: MAKEUP_TAKERS, own: 'participant' }],
    },
  },
  // Make-up sessions and their sign-ups change only through /api/makeups, which decides places
  // and the waitlist on the server (docs/access-policy.md#make-up-routes). Here they are read:
  // sessions by anyone logged in without the sign-up counters (visitors get the public list of
  // /api/makeups/upcoming), sign-ups by the make-up editors and by each taker their own.
  makeupSessions: {
    readable: [
      'dayStr',
      'fromHour',
      'toHour',
      'place',
      'capacity',
      'covers',
      'educator',
      'note',
      'scheduleDays',
      'cancelled',
      'taken',
    ],
    writable: [],
    operations: {
      ...reads([{ who: 'loggedIn' }]),
    },
  },
  makeupSignups: {
    readable: ['session', 'participant', 'status', 'order', 'signedUpAt', 'by'],
    writable: [],
    exact: ['participant'],
    operations: {
      ...reads([{ who: MAKEUP_EDITORS }, { who: MAKEUP_TAKERS, own: 'participant' }]),
    },
  },
  // A person's request to delete their account and data (/mojRacun, users/account.ts): made and
  // withdrawn only through /api/me; the registrars read all (/udelezenci), the person their own.
  deletionRequests: {
    readable: ['person', 'requestedAt', 'note', 'status'],
    writable: [],
    exact: ['person'],
    operations: {
      ...reads([{ who: REGISTRARS }, { who: 'loggedIn', own: 'person' }]),
    },
  },
  // Anonymous page-view events (public/a/script.js): anyone adds, only the visit readers (the
  // admin) read, here and through /api/analytics/visits (docs/access-policy.md#visits).
  analytics: {
    readable: ['type', 'path', 'referrer', 'lang', 'width', 'ts'],
    writable: ['type', 'path', 'referrer', 'lang', 'width', 'ts'],
    operations: {
      insert: [{ who: 'anyone' }],
      find: [{ who: VISIT_READERS }],
      aggregate: [{ who: VISIT_READERS }],
    },
  },
} as const satisfies Record<string, CollectionPolicy>

export type PolicyCollection = keyof typeof POLICY_DATA

export const POLICY: Readonly<Record<PolicyCollection, CollectionPolicy>> = POLICY_DATA

/**
 * The server's own collections (sync history, change log, metadata, the calendar's history, the
 * acting log): no client call at all.
 */
export const INTERNAL_COLLECTIONS = [
  'history',
  'changes',
  'meta',
  'calendarHistory',
  'actingLog',
] as const

/** The caller as the policy sees them: null for a visitor. */
export type Caller = { username: string; roles: readonly string[] } | null

/** What a granted call may do. */
export interface Permit {
  /** The grant's row filter, `{ field: username }`, or null for every row. */
  rows: Record<string, string> | null
  /** The owner field when `rows` is set (inserts get it, updates may not change it). */
  own: string | null
  readable: readonly string[]
  /** True when the grant reads fewer fields than the collection offers. */
  someFields: boolean
  writable: readonly string[]
}

export type Decision =
  | { allowed: true; permit: Permit }
  | {
      allowed: false
      reason:
        | 'unknownCollection'
        | 'internalCollection'
        | 'unknownOperation'
        | 'notLoggedIn'
        | 'forbidden'
    }

export function collectionPolicy(collection: string): CollectionPolicy | null {
  return Object.hasOwn(POLICY, collection) ? POLICY[collection as PolicyCollection] : null
}

export function fits(who: Audience, caller: Caller): boolean {
  if (who === 'anyone') return true
  if (!caller) return false
  return who === 'loggedIn' || hasAnyRole(caller, who)
}

/** Whether `caller` may run `operation` on `collection`, and on which rows and fields. */
export function decide(collection: string, operation: string, caller: Caller): Decision {
  const policy = collectionPolicy(collection)
  if (!policy) {
    const internal = (INTERNAL_COLLECTIONS as readonly string[]).includes(collection)
    return { allowed: false, reason: internal ? 'internalCollection' : 'unknownCollection' }
  }
  if (!isOperation(operation)) return { allowed: false, reason: 'unknownOperation' }
  const syncOnly = operation === 'upsertBatch' || operation === 'pull'
  if (syncOnly && !(SYNC_COLLECTIONS as readonly string[]).includes(collection)) {
    return { allowed: false, reason: 'unknownOperation' }
  }
  const grants = policy.operations[operation] ?? []
  const grant = grants.find((each) => fits(each.who, caller))
  if (!grant) {
    const visitorCouldLogIn = !caller && grants.length > 0
    return { allowed: false, reason: visitorCouldLogIn ? 'notLoggedIn' : 'forbidden' }
  }
  const own = grant.own ?? null
  // Own rows need someone to own them: such a grant never opens every row to a visitor.
  if (own && !caller) return { allowed: false, reason: 'notLoggedIn' }
  return {
    allowed: true,
    permit: {
      rows: own && caller ? { [own]: caller.username } : null,
      own,
      readable: grant.fields ?? policy.readable,
      someFields: grant.fields !== undefined,
      // The owner field of an own-rows grant is fixed by the server, never by the payload.
      writable: (grant.writes ?? policy.writable).filter((field) => field !== own),
    },
  }
}

/** Whether `caller` may `testHash` this field of this collection. */
export function mayTestHash(collection: string, field: string, caller: Caller): boolean {
  const testable = collectionPolicy(collection)?.testable
  const who = testable && Object.hasOwn(testable, field) ? testable[field] : undefined
  return who !== undefined && fits(who, caller)
}

/**
 * Whether `caller` may `$lookup` from `collection`: only a collection they may read whole (every
 * row, every field) and that holds no secrets, since the joined documents are not filtered.
 */
export function mayLookup(collection: string, caller: Caller): boolean {
  const policy = collectionPolicy(collection)
  if (!policy || (policy.secret?.length ?? 0) > 0) return false
  const decision = decide(collection, 'find', caller)
  return decision.allowed && !decision.permit.rows && !decision.permit.someFields
}

const OPERATIONS: ReadonlySet<string> = new Set(DB_OPERATIONS)

function isOperation(value: string): value is DbOperation {
  return OPERATIONS.has(value)
}

/** Every secret field name of any collection: answers are stripped of these whatever happens. */
export const SECRET_FIELDS: readonly string[] = [
  ...new Set([...SECRET_USER_FIELDS, ...Object.values(POLICY).flatMap((p) => p.secret ?? [])]),
]
