// The admin's calls on the users collection. Each change answers undefined when the call failed
// (the client has logged it and the snackbar shows it); the list's read throws (the screen shows it).
import { generatePassword } from '@lfit/domain/users/password'
import { enrolmentSchema, type Enrolment } from '@lfit/domain/people/enrolment'
import { publicUserSchema, type PublicUser } from '@lfit/domain/users/user'
import type { AdminUserForm } from '@lfit/domain/users/validation'
import { api } from '../api/api'
import { ApiError, MALFORMED_ANSWER } from '../api/client'
import { settled } from '../app/settled'
import {
  sortByUsername,
  userListFilter,
  userListQuery,
  USERS_PAGE_SIZE,
  type UserListFilter,
} from './user-list'

export function newPassword(): string {
  return generatePassword((count) => crypto.getRandomValues(new Uint8Array(count)))
}

/** Users matching `query`, by username, `skip` and `limit` as the data API takes them. */
async function findUsers(
  query: Record<string, unknown>,
  page: { skip?: number; limit?: number } = {},
): Promise<PublicUser[]> {
  const answer = await api.read('users', 'find', {
    query,
    opts: { sort: { username: 1 }, ...page },
  })
  if (!Array.isArray(answer)) throw new ApiError(200, MALFORMED_ANSWER, null, '/api/db/users/find')
  const users = answer.flatMap((row) => {
    const parsed = publicUserSchema.safeParse(row)
    return parsed.success ? [parsed.data] : []
  })
  return sortByUsername(users)
}

/** The users, for a screen's loader: throws ApiError when they could not be read (docs/0036). */
export function loadUsers(): Promise<PublicUser[]> {
  return findUsers({})
}

/** How many users match `query`, counted by the server. */
async function countUsers(query: Record<string, unknown>): Promise<number> {
  const answer = await api.read('users', 'aggregate', {
    pipeline: [{ $match: query }, { $count: 'total' }],
  })
  const row = Array.isArray(answer) ? (answer[0] as { total?: unknown } | undefined) : undefined
  return typeof row?.total === 'number' ? row.total : 0
}

/** One page of the filtered list, and how many users match in all. */
export async function loadUserPage(filter: UserListFilter) {
  const query = userListQuery(filter)
  const [users, total] = await Promise.all([
    findUsers(query, { skip: filter.page * USERS_PAGE_SIZE, limit: USERS_PAGE_SIZE }),
    countUsers(query),
  ])
  return { users, total }
}

/** Every user the filter finds, for an export (the data API's bound on one read: 10,000). */
export function loadFilteredUsers(filter: UserListFilter): Promise<PublicUser[]> {
  return findUsers(userListQuery(filter), { limit: 10_000 })
}

/** One user's enrolments, oldest year first, for the editor (read with the screen, docs/0036). */
export async function loadEnrolmentsOf(username: string): Promise<Enrolment[]> {
  const path = '/api/db/enrolments/find'
  const answer = await api.read('enrolments', 'find', {
    query: { person: username },
    opts: { sort: { year: 1 } },
  })
  if (!Array.isArray(answer)) throw new ApiError(200, MALFORMED_ANSWER, null, path)
  return answer.flatMap((row) => enrolmentSchema.safeParse(row).data ?? [])
}

/**
 * /auth/users as its route's loader reads it (web/src/app/screen-reads.ts): one page of the
 * filtered users and their number, the educators (the editor offers them), and the enrolments
 * of the user whose editor is open (`editing`, their id). A failure of the enrolments is shown
 * in the editor, which still edits the user.
 */
export async function readUsers(editing: string, filter: UserListFilter) {
  const [{ users, total }, educators] = await Promise.all([
    loadUserPage(filter),
    findUsers({ roles: 'educator' }),
  ])
  const user = editing ? users.find((u) => u._id === editing) : undefined
  const enrolments = user ? await settled(loadEnrolmentsOf(user.username)) : null
  return { users, total, filter, educators, editing: user && enrolments && { user, enrolments } }
}

/** Creates a user with a password (shown to the admin once); true when it worked. */
export async function insertUser(form: AdminUserForm, password: string): Promise<boolean> {
  const answer = await api.db('users', 'insert', { insert: { ...form, password } })
  return answer !== undefined
}

export async function saveUser(_id: string, fields: Record<string, unknown>): Promise<boolean> {
  return (await api.db('users', 'save', { _id, ...fields })) !== undefined
}

export async function deleteUser(_id: string): Promise<boolean> {
  return (await api.db('users', 'deleteOne', { _id })) !== undefined
}

/** `readUsers` for the list's address: the editor's ?uredi= and the list's filter and page. */
export function readUsersAt(address: Record<string, unknown>) {
  const editing = typeof address.uredi === 'string' ? address.uredi : ''
  return readUsers(editing, userListFilter(address))
}
