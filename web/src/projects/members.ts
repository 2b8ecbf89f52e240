// The members of each fixed project, as the user directory the caller may read lists them.
import type { PublicUser } from '@lfit/domain/users/user'

export function personName(user: PublicUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return name || user.username
}

/** The users in `project`, by surname then first name (Slovenian order in `locale`). */
export function membersOf(
  users: readonly PublicUser[],
  project: string,
  locale: string,
): PublicUser[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' })
  const key = (user: PublicUser) =>
    `${user.lastName ?? ''} ${user.firstName ?? ''} ${user.username}`
  return users
    .filter((user) => user.projects?.includes(project))
    .sort((a, b) => collator.compare(key(a), key(b)))
}

/** A user's projects with `project` added or taken away, in the fixed order of `all`. */
export function projectsWith(
  current: readonly string[] | undefined,
  project: string,
  member: boolean,
  all: readonly string[],
): string[] {
  const chosen = new Set(current ?? [])
  if (member) chosen.add(project)
  else chosen.delete(project)
  // Projects no longer in the fixed list are kept as they are, after the known ones.
  return [
    ...all.filter((name) => chosen.has(name)),
    ...[...chosen].filter((name) => !all.includes(name)),
  ]
}
