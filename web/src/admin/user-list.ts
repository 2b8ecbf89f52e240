// The admin's user list: sorted by username, searched across the columns it shows.
/** The fields of a user the list shows and searches. */
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

/**
 * Users matching every word of `query` in name, username, e-mail, roles or projects. A role
 * matches by its id and by the name the list shows for it (`roleName`).
 */
export function searchUsers<T extends ListedUser>(
  users: readonly T[],
  query: string,
  roleName: (role: string) => string = (role) => role,
): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...users]
  return users.filter((user) => {
    const text = [
      user.username,
      user.firstName,
      user.lastName,
      user.accname,
      user.email,
      ...(user.roles ?? []).flatMap((role) => [role, roleName(role)]),
      ...(user.projects ?? []),
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase()
    return words.every((word) => text.includes(word))
  })
}

/** The names an admin picks from for showOnlyEducators: every educator's username. */
export function educatorChoices(users: readonly ListedUser[]) {
  return sortByUsername(users.filter((user) => user.roles?.includes('educator'))).map((user) => ({
    value: user.username,
    label: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
  }))
}
