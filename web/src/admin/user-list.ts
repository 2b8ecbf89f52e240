// The admin's user list: sorted by username. On /auth/users the list is read from the server a page at a time (userListQuery), filtered there
// by role, status and the words searched, so no screen holds every user.
import { isRole, type Role } from '@lfit/domain/access/roles'
import { USER_STATUSES, type UserStatus } from '@lfit/domain/users/user'

/** Users per page of /auth/users: a bounded read per page (docs/0003-bounded-queries.md). */
export const USERS_PAGE_SIZE = 100
/** Most words one search takes; each is at most this long (the server's literal-search bound). */
const MOST_WORDS = 5
const LONGEST_WORD = 50

/** What /auth/users shows, from its address (?iskanje=, ?vloga=, ?stanje=, ?stran=). */
export interface UserListFilter {
  search: string
  role: Role | ''
  status: UserStatus | ''
  /** 0-based. */
  page: number
}

export function userListFilter(search: Record<string, unknown>): UserListFilter {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  const page = Number(search.stran)
  const status = text(search.stanje)
  return {
    search: text(search.iskanje).slice(0, MOST_WORDS * (LONGEST_WORD + 1)),
    role: isRole(search.vloga) ? search.vloga : '',
    status: (USER_STATUSES as readonly string[]).includes(status) ? (status as UserStatus) : '',
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  }
}

/** A word as the literal, case-insensitive search the data API allows (docs/access-policy.md). */
function literal(word: string) {
  return { $regex: word.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&'), $options: 'i' }
}

/**
 * The data API query of a filter: every word searched in a name, the e-mail or a project, or
 * equal to the username (an identity field is compared only whole, docs/access-policy.md); the
 * role held; the status (a user stored without one is active).
 */
export function userListQuery(
  filter: Pick<UserListFilter, 'search' | 'role' | 'status'>,
): Record<string, unknown> {
  const words = filter.search
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MOST_WORDS)
    .map((word) => word.slice(0, LONGEST_WORD))
  const clauses: Record<string, unknown>[] = words.map((word) => ({
    $or: [
      ...['firstName', 'lastName', 'accname', 'email', 'projects'].map((field) => ({
        [field]: literal(word),
      })),
      { username: word.toLowerCase() },
    ],
  }))
  if (filter.role) clauses.push({ roles: filter.role })
  if (filter.status === 'blocked') clauses.push({ status: 'blocked' })
  if (filter.status === 'active') clauses.push({ status: { $ne: 'blocked' } })
  const [only, ...more] = clauses
  if (!only) return {}
  return more.length === 0 ? only : { $and: clauses }
}

/** The fields of a user the list shows. */
export interface ListedUser {
  username: string
  firstName?: string | undefined
  lastName?: string | undefined
  accname?: string | undefined
  email?: string | undefined
  roles?: readonly string[] | undefined
  projects?: readonly string[] | undefined
}

export function sortByUsername<T extends { username: string }>(users: readonly T[]): T[] {
  return [...users].sort((a, b) =>
    a.username.localeCompare(b.username, 'en', { sensitivity: 'base' }),
  )
}

/** The names an admin picks from for showOnlyEducators: every educator's username. */
export function educatorChoices(users: readonly ListedUser[]) {
  return sortByUsername(users.filter((user) => user.roles?.includes('educator'))).map((user) => ({
    value: user.username,
    label: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
  }))
}
