// Who reads and who manages learning material and the library (docs/access-policy.md#materials).
// The grants are data, one row per role; the read scopes and write rules below are built from
// them and used by the sync registry (the pull, the push, the live pokes) and by the file
// downloads, so a participant's device holds exactly what they may read and a file is fetched
// only by whoever may read something that lists it.
import { hasAnyRole, type Role } from '../access/roles'
import type {
  ScopeClause,
  SyncActor,
  SyncDecision,
  SyncedWrite,
  SyncReadScope,
} from '../attendance/permissions'
import type { EnrolmentStatus } from '../people/enrolment'
import { PROJECTS } from '../users/user'
import type { LibraryItemRecord, MaterialRecord } from './material'

/**
 * What a role's holder reads of the material: `all` of it (every year, visibility and educator,
 * drafts and deleted records included), `projects` (all material of any project), or `ownYears`
 * (the `participants` material of their years and projects, narrowed to their showOnlyEducators
 * when they have any, and the `restricted` material of those educators).
 */
export type MaterialReadGrant = 'all' | 'projects' | 'ownYears'

/** What a role's holder may change: `all` material, or only material of some project. */
export type MaterialManageGrant = 'all' | 'projects'

/** The library: `manage` (add, change, delete items, which includes reading) or `read`. */
export type LibraryGrant = 'manage' | 'read'

export interface MaterialGrants {
  material?: { read: MaterialReadGrant; manage?: MaterialManageGrant }
  library?: LibraryGrant
}

/**
 * The one table. A role not listed gets nothing; a user with several roles gets the widest of
 * each. The library is for the librarian (manages) and seesLibrary (reads) besides the roles
 * whose pages show it (/knjiznjica to read, /libraryMedia to manage).
 */
export const MATERIAL_GRANTS: Readonly<Partial<Record<Role, MaterialGrants>>> = {
  admin: { material: { read: 'all', manage: 'all' }, library: 'manage' },
  mediaEditor: { material: { read: 'all', manage: 'all' }, library: 'manage' },
  regEditor: { material: { read: 'all', manage: 'all' } },
  projectEditor: { material: { read: 'projects', manage: 'projects' }, library: 'manage' },
  educator: { material: { read: 'all' } },
  seesAllMaterial: { material: { read: 'all' } },
  participant: { material: { read: 'ownYears' }, library: 'read' },
  librarian: { library: 'manage' },
  seesLibrary: { library: 'read' },
}

const rolesWith = (fits: (grants: MaterialGrants) => boolean): readonly Role[] =>
  (Object.entries(MATERIAL_GRANTS) as [Role, MaterialGrants][])
    .filter(([, grants]) => fits(grants))
    .map(([role]) => role)

/** Roles that may change any material. */
export const MATERIAL_MANAGER_ROLES = rolesWith((g) => g.material?.manage === 'all')
/** Roles that may change some material (any, or that of projects). */
export const MATERIAL_WRITER_ROLES = rolesWith((g) => g.material?.manage !== undefined)
/** Roles that read some material. */
export const MATERIAL_READER_ROLES = rolesWith((g) => g.material !== undefined)
/** Roles that add, change and delete library items. */
export const LIBRARY_MANAGER_ROLES = rolesWith((g) => g.library === 'manage')
/** Roles that read the library. */
export const LIBRARY_READER_ROLES = rolesWith((g) => g.library !== undefined)
/**
 * Roles that manage stored files: whoever manages material or the library (they attach files).
 * They upload, list every file (/dir), download any file, used or not (to check one before they
 * attach it), and delete unused ones. Everyone else downloads a file only through something they
 * may read that lists it.
 */
export const FILE_MANAGER_ROLES: readonly Role[] = [
  ...new Set([...MATERIAL_WRITER_ROLES, ...LIBRARY_MANAGER_ROLES]),
]

/**
 * Enrolment statuses whose year's material a participant reads: the year they take part in, and
 * the years they completed (a trainee goes back to earlier material).
 */
export const MATERIAL_YEAR_STATUSES: readonly EnrolmentStatus[] = ['accepted', 'completed']

/**
 * The years whose material a participant reads: those of their enrolments in
 * MATERIAL_YEAR_STATUSES; a person with no enrolment at all (an account made before enrolments
 * were kept) reads the year on their account.
 */
export function materialYears(
  enrolments: readonly { year: number; status: string }[],
  accountYear: number | undefined,
): number[] {
  if (enrolments.length === 0) return accountYear === undefined ? [] : [accountYear]
  const years = enrolments
    .filter((e) => (MATERIAL_YEAR_STATUSES as readonly string[]).includes(e.status))
    .map((e) => e.year)
  return [...new Set(years)].sort((a, b) => a - b)
}

function readGrantsOf(actor: SyncActor): Set<MaterialReadGrant> {
  const grants = new Set<MaterialReadGrant>()
  for (const role of actor.roles) {
    const read = MATERIAL_GRANTS[role as Role]?.material?.read
    if (read) grants.add(read)
  }
  return grants
}

/** The material `actor` reads (docs/access-policy.md#materials). */
export function materialReadScope(actor: SyncActor): SyncReadScope {
  const grants = readGrantsOf(actor)
  if (grants.has('all')) return { kind: 'all' }
  const anyOf: ScopeClause[] = []
  if (grants.has('projects')) anyOf.push({ projects: PROJECTS })
  if (grants.has('ownYears')) {
    const { years = [], showOnlyEducators = [], projects = [] } = actor.facts ?? {}
    const limited = showOnlyEducators.length > 0
    const forThem: ScopeClause = {
      visibility: ['participants'],
      ...(limited ? { educators: showOnlyEducators } : {}),
    }
    if (years.length > 0) anyOf.push({ ...forThem, years })
    if (projects.length > 0) anyOf.push({ ...forThem, projects })
    if (limited) anyOf.push({ visibility: ['restricted'], educators: showOnlyEducators })
  }
  return anyOf.length > 0 ? { kind: 'some', anyOf } : { kind: 'none' }
}

const ALLOWED: SyncDecision = { allowed: true }

function refuse(sl: string, en: string): SyncDecision {
  return { allowed: false, code: 'forbidden', message: { sl, en } }
}

/**
 * May `actor` make this material edit? Material managers any; a project editor only material of
 * some project, before and after the edit (so they can neither take material out of the projects
 * nor change the programme's own material); everyone else nothing.
 */
export function mayWriteMaterial(
  actor: SyncActor,
  { current, fields }: SyncedWrite<MaterialRecord>,
): SyncDecision {
  if (hasAnyRole(actor, MATERIAL_MANAGER_ROLES)) return ALLOWED
  if (!hasAnyRole(actor, MATERIAL_WRITER_ROLES)) {
    return refuse('gradiva urejajo le urejevalci gradiv', 'only material editors manage material')
  }
  const before = current?.projects ?? []
  const after = Array.isArray(fields.projects) ? fields.projects : before
  if ((current !== null && before.length === 0) || after.length === 0) {
    return refuse(
      'urejevalci projektov urejajo le gradiva projektov',
      'project editors manage project material only',
    )
  }
  return ALLOWED
}

/** The library: every item for its readers, nothing for anyone else. */
export function libraryReadScope(actor: SyncActor): SyncReadScope {
  return hasAnyRole(actor, LIBRARY_READER_ROLES) ? { kind: 'all' } : { kind: 'none' }
}

/** Library items are changed by the library's managers only. */
export function mayWriteLibraryItem(
  actor: SyncActor,
  _write: SyncedWrite<LibraryItemRecord>,
): SyncDecision {
  if (hasAnyRole(actor, LIBRARY_MANAGER_ROLES)) return ALLOWED
  return refuse('knjižnico urejajo le knjižničarji', 'only librarians manage the library')
}
