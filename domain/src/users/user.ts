// The user (docs/product-rules.md#users). Two shapes: what any client may see (PublicUser) and what only the
// server holds (StoredUser). Secrets never leave the server (docs/security.md#passwords), so every answer that
// carries a user goes through `toPublicUser`.
import { z } from 'zod'
import { isRole, type Role } from '../access/roles'

export const USER_STATUSES = ['active', 'blocked'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

/**
 * The programme's name as used in project names. The product rules write the projects as {name}2024,
 * {name}ATM2025 and {name}2025 with the name hidden; we fill in this prefix and keep the rest of
 * each template exactly as written (no separator is added).
 */
export const PROJECT_PREFIX = 'LFIT'

/** The fixed projects a user can be given in the admin form. */
export const PROJECTS = [
  `${PROJECT_PREFIX}2024`,
  `${PROJECT_PREFIX}ATM2025`,
  `${PROJECT_PREFIX}2025`,
] as const
export type Project = (typeof PROJECTS)[number]

/**
 * A user as sent to clients (the answer of POST /api/auth/user and the users list). Parsed
 * with zod on arrival; roles the app does not know are dropped rather than failing the user.
 */
export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  accname: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  country: z.string().optional(),
  roles: z
    .array(z.string())
    .nullish()
    .transform((roles): Role[] => (roles ?? []).filter(isRole)),
  /** A user stored without a status has never been blocked. */
  status: z.enum(USER_STATUSES).default('active'),
  /** Username of the admin (or the user) who created the account. */
  addedBy: z.string().optional(),
  /** When the account was created: an ISO 8601 date-time (spec: "the current date"). */
  reserved: z.string().optional(),
  projects: z.array(z.string()).optional(),
  /** Educators whose restricted material this user may see. */
  showOnlyEducators: z.array(z.string()).optional(),
  /** A participant's programme year (1 to 5): the attendance book lists them under it. */
  year: z.number().int().optional(),
  /** The language the person reads e-mails in; Slovenian unless they chose English. */
  language: z.enum(['sl', 'en']).optional(),
  /** Whether classmates on /sosolci see this person's e-mail address (default: not shared). */
  shareEmail: z.boolean().optional(),
  /** Whether classmates on /sosolci see this person's phone number (default: not shared). */
  sharePhone: z.boolean().optional(),
})

export type PublicUser = z.output<typeof publicUserSchema>

/** The server's record: the public fields plus the secrets that must never be sent. */
export interface StoredUser extends PublicUser {
  /** argon2id hash of the current password. */
  passwordHash: string
  /**
   * The "internal copy of the initial password" (docs/product-rules.md#users), kept as a hash so that the server can
   * tell (testHash) whether the user still has the password the admin handed out.
   */
  initialPassword?: string
}

/** Every field name that may hold a secret, including the write-only `password` of forms. */
export const SECRET_USER_FIELDS = ['password', 'passwordHash', 'initialPassword'] as const

/** Strips the secrets from a stored user (or any user-like record) before it is sent. */
export function toPublicUser<T extends object>(
  user: T,
): Omit<T, (typeof SECRET_USER_FIELDS)[number]> {
  const copy = { ...user } as Record<string, unknown>
  for (const field of SECRET_USER_FIELDS) delete copy[field]
  return copy as Omit<T, (typeof SECRET_USER_FIELDS)[number]>
}

/** What a newly created user gets besides its form fields (docs/product-rules.md#users). */
export function creationStamp(
  addedBy: string,
  now: Date,
): Pick<PublicUser, 'addedBy' | 'reserved'> {
  return { addedBy, reserved: now.toISOString() }
}

export function isBlocked(user: { status?: string | null } | null | undefined): boolean {
  return user?.status === 'blocked'
}

/**
 * A self-registered account starts blocked: it is not active, holds no role and reads nothing
 * until a registration editor (or the admin, on /auth/users) accepts it by setting it active
 * (docs/product-rules.md#users). Whatever status the registrant sends is ignored.
 */
export const NEW_REGISTRATION_STATUS: UserStatus = 'blocked'

/**
 * Whether a blocked account is a registration nobody has accepted yet rather than an account
 * someone blocked: it created itself and was never given a role. Such a user is told their
 * application awaits acceptance, not that they are blocked.
 */
export function awaitsAcceptance(
  user: Readonly<Record<string, unknown>> | null | undefined,
): boolean {
  if (!user || user.status !== 'blocked') return false
  const roles = user.roles ?? []
  return (
    typeof user.addedBy === 'string' &&
    user.addedBy === user.username &&
    Array.isArray(roles) &&
    roles.length === 0
  )
}
