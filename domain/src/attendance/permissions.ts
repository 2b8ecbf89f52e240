// Who may write and read the records that devices edit offline (attendance and absences). Each
// synced collection's entry in the registry (domain/src/sync/registry.ts) names its write rule
// here; the server applies it to every pushed edit, and the web uses the same rules to decide
// which queued edits are worth pushing for the signed-in user.
import type { Bilingual } from '../messages/bilingual'
import type { AbsenceRecord } from '../records/absence'
import { hasAnyRole, hasRole, type Role } from '../access/roles'

export interface SyncActor {
  username: string
  roles: readonly string[]
  /**
   * What the server knows of a reader beyond their name and roles, loaded per pull: the material
   * scope is built from it (docs/access-policy.md#materials). Absent: the reader has none of it.
   */
  facts?: ReaderFacts
}

/** A reader's years, educators and projects, as the material scope needs them. */
export interface ReaderFacts {
  /** Programme years whose material they read (enrolments, or their year when they have none). */
  years: readonly number[]
  /** Educators whose material they are limited to (and whose restricted material they read). */
  showOnlyEducators: readonly string[]
  /** Projects they are a member of. */
  projects: readonly string[]
}

/** Roles that keep the attendance book: they may write any attendance and any absence. */
export const PRESENCE_WRITER_ROLES: readonly Role[] = ['admin', 'presenceEditor']

/** Roles that may write some absence: presence writers any, a participant their own. */
export const ABSENCE_WRITER_ROLES: readonly Role[] = [...PRESENCE_WRITER_ROLES, 'participant']

/**
 * Roles that mark make-up sessions (on /ETAB and /nadomescanja): the presence writers and the
 * make-up editors (access/policy.ts's MAKEUP_EDITORS, which this file cannot import: the policy
 * imports the sync registry, which imports these rules; a test keeps the two lists in step).
 */
export const MAKEUP_MARKER_ROLES: readonly Role[] = [
  ...PRESENCE_WRITER_ROLES,
  'regEditor',
  'makeupEditor',
]

/**
 * Roles that may read every participant's attendance and absences (see access/routes.ts). The
 * make-up editor is one: who missed which day is what their make-up lists are made of.
 */
export const PRESENCE_READER_ROLES: readonly Role[] = [
  'admin',
  'presenceEditor',
  'regEditor',
  'educator',
  'makeupEditor',
]

export type SyncDecision =
  { allowed: true } | { allowed: false; code: 'forbidden'; message: Bilingual }

/** One edit of a synced record, as a write rule judges it. */
export interface SyncedWrite<R> {
  /** The record as stored before this edit; null when the edit creates it. */
  current: R | null
  fields: Record<string, unknown>
  /** The record's id, for a collection whose id names whose record it is (media progress). */
  id?: string
}

const ALLOWED: SyncDecision = { allowed: true }

function refuse(sl: string, en: string): SyncDecision {
  return { allowed: false, code: 'forbidden', message: { sl, en } }
}

const NO_SYNC_ROLE = refuse(
  'urejanje prisotnosti in odsotnosti ni dovoljeno',
  'you may not edit attendance or absences',
)

/** Attendance is the attendance book: presence writers keep it, nobody else. */
export function mayWriteAttendance(actor: SyncActor): SyncDecision {
  if (hasAnyRole(actor, PRESENCE_WRITER_ROLES)) return ALLOWED
  if (!hasRole(actor, 'participant')) return NO_SYNC_ROLE
  return refuse('prisotnost vpisujejo le urejevalci', 'only presence editors record attendance')
}

/** The fields of an absence: all of them are the attendance book's to set. */
const ABSENCE_FIELDS = ['participant', 'fromDay', 'toDay', 'reason', 'excused', 'deleted'] as const
export type AbsenceField = (typeof ABSENCE_FIELDS)[number]

/**
 * What a participant chooses on their own absence: when and why, or to withdraw it. Whose it is
 * is always themselves, and whether it is excused is the presence editors' decision.
 */
const OWN_ABSENCE_FIELDS: readonly AbsenceField[] = ['fromDay', 'toDay', 'reason', 'deleted']

/** The absence fields `actor` may choose, so a form shows exactly those (docs/product-rules.md#absences). */
export function absenceFieldsFor(actor: SyncActor): readonly AbsenceField[] {
  if (hasAnyRole(actor, PRESENCE_WRITER_ROLES)) return ABSENCE_FIELDS
  if (hasRole(actor, 'participant')) return OWN_ABSENCE_FIELDS
  return []
}

/**
 * May `actor` make this absence edit? `today` is the programme's calendar date (`YYYY-MM-DD`,
 * Ljubljana), passed in so the rule stays pure. A participant reports their own future absences
 * only: a past or current absence is the attendance book's business, so they cannot rewrite it.
 */
export function mayWriteAbsence(
  actor: SyncActor,
  { current, fields }: SyncedWrite<AbsenceRecord>,
  today: string,
): SyncDecision {
  if (hasAnyRole(actor, PRESENCE_WRITER_ROLES)) return ALLOWED
  if (!hasRole(actor, 'participant')) return NO_SYNC_ROLE
  const owner = 'participant' in fields ? fields.participant : current?.participant
  if (owner !== actor.username || (current && current.participant !== actor.username)) {
    return refuse('urejate lahko le svoje odsotnosti', 'you may only edit your own absences')
  }
  const own = absenceFieldsFor(actor) as readonly string[]
  if (Object.keys(fields).some((field) => field !== 'participant' && !own.includes(field))) {
    return refuse(
      'ali je odsotnost opravičena, odločijo urejevalci prisotnosti',
      'whether an absence is excused is for the presence editors to decide',
    )
  }
  const fromDay = 'fromDay' in fields ? fields.fromDay : current?.fromDay
  const startsLater = (day: unknown) => typeof day === 'string' && day > today
  if (!startsLater(fromDay) || (current && !startsLater(current.fromDay))) {
    return refuse(
      'odsotnost lahko javite le za dneve po današnjem',
      'you may only report absences that start after today',
    )
  }
  return ALLOWED
}

/**
 * One way a record can be readable: for every field it names, the record's value (or, for a list,
 * one of its items) is one of the values given. `{ visibility: ['participants'], years: [2] }`
 * is the participant material of year 2.
 */
export type ScopeClause = Readonly<Record<string, readonly (string | number)[]>>

/**
 * Which records of a synced collection a user may read: all, only their own (attendance and
 * absences: `participant` is theirs), those fitting any of some clauses (material), or none.
 */
export type SyncReadScope =
  | { kind: 'all' }
  | { kind: 'own'; participant: string }
  | { kind: 'some'; anyOf: readonly ScopeClause[] }
  | { kind: 'none' }

/**
 * Whether `record` is in `scope`: the same rule as the server's query (sync-server's pull), so
 * the live pokes and file downloads decide exactly as the pull does.
 */
export function fitsScope(scope: SyncReadScope, record: object): boolean {
  const fields = record as Readonly<Record<string, unknown>>
  switch (scope.kind) {
    case 'all':
      return true
    case 'none':
      return false
    case 'own':
      return fields.participant === scope.participant
    case 'some':
      return scope.anyOf.some((clause) =>
        Object.entries(clause).every(([field, allowed]) => {
          const value = fields[field]
          const values: readonly unknown[] = Array.isArray(value) ? value : [value]
          return values.some((item) => allowed.includes(item as string | number))
        }),
      )
  }
}

export function syncReadScope(actor: SyncActor): SyncReadScope {
  if (hasAnyRole(actor, PRESENCE_READER_ROLES)) return { kind: 'all' }
  if (hasRole(actor, 'participant')) return { kind: 'own', participant: actor.username }
  return { kind: 'none' }
}

/** A make-up session's attendance is the make-up book: its markers keep it, nobody else. */
export function mayWriteMakeupAttendance(actor: SyncActor): SyncDecision {
  if (hasAnyRole(actor, MAKEUP_MARKER_ROLES)) return ALLOWED
  return refuse(
    'prisotnost na nadomeščanjih vpisujejo le urejevalci',
    'only presence and make-up editors record make-up attendance',
  )
}

/** Make-up attendance: read like attendance, and by everyone who marks it. */
export function makeupAttendanceReadScope(actor: SyncActor): SyncReadScope {
  if (hasAnyRole(actor, MAKEUP_MARKER_ROLES)) return { kind: 'all' }
  return syncReadScope(actor)
}

/**
 * Whose edits queued on a device this login pushes: its own, and, for a presence writer, any
 * left by an earlier login (the studio tablet is shared). The server judges every edit again.
 */
export function mayPushQueued(actor: SyncActor, editor: string): boolean {
  return editor === actor.username || hasAnyRole(actor, PRESENCE_WRITER_ROLES)
}
