// The programme's roles (docs/product-rules.md) and the three checks the product names (one
// role, any of a list, admin).
// Users come from storage and from the wire, so the checks accept any role strings and simply
// never match an unknown one.

export const ROLES = [
  'admin',
  'regEditor',
  'fullRegEditor',
  'mediaEditor',
  'participant',
  'educator',
  'presenceEditor',
  'ED',
  'makeupEditor',
  'projectEditor',
  'seesAllMaterial',
  'photoEditor',
  'librarian',
  'seesLibrary',
  'pageEditor',
  'calendarEditor',
] as const

export type Role = (typeof ROLES)[number]

/**
 * Who reads the visit statistics: the policy table's grant on `analytics` and the route of
 * /analitika are both this list (docs/access-policy.md#visits).
 */
export const VISIT_READERS = ['admin'] as const satisfies readonly Role[]

/** Anything that may carry roles: a stored user, the session user, or no one (a visitor). */
export type UserLike = { roles?: readonly string[] | null } | null | undefined

const KNOWN_ROLES: ReadonlySet<string> = new Set(ROLES)

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && KNOWN_ROLES.has(value)
}

export function hasRole(user: UserLike, role: Role): boolean {
  return user?.roles?.includes(role) ?? false
}

export function hasAnyRole(user: UserLike, roles: readonly Role[]): boolean {
  return roles.some((role) => hasRole(user, role))
}

export function isAdmin(user: UserLike): boolean {
  return hasRole(user, 'admin')
}
