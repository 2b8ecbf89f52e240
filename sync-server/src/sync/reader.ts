// What the server knows of a reader beyond their name and roles, read afresh for every pull (and
// every live poke and file download that needs it): the material scope is built from it
// (docs/access-policy.md#materials). A newly accepted enrolment counts at the next pull.
import type { ReaderFacts, SyncActor } from '@lfit/domain/attendance/permissions'
import { materialYears } from '@lfit/domain/materials/access'
import type { SyncRegistry } from '@lfit/domain/sync/registry'
import type { Store } from '../store/port'

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/** The reader's years (enrolments, or the account's year), showOnlyEducators and projects. */
export async function readerFacts(store: Store, username: string): Promise<ReaderFacts> {
  const [account, enrolments] = await Promise.all([
    store
      .collection('users')
      .findOne({ username }, { projection: { year: 1, showOnlyEducators: 1, projects: 1 } }),
    store
      .collection('enrolments')
      .find({ person: username }, { projection: { year: 1, status: 1 } }),
  ])
  const year = account?.year
  return {
    years: materialYears(
      enrolments.map((e) => ({ year: Number(e.year), status: String(e.status) })),
      typeof year === 'number' ? year : undefined,
    ),
    showOnlyEducators: strings(account?.showOnlyEducators),
    projects: strings(account?.projects),
  }
}

/** Whether any collection of `registry` has a read scope that follows the reader's facts. */
export function followsReader(registry: SyncRegistry): boolean {
  return Object.values(registry).some((entry) => entry.withdrawn !== undefined)
}

/** `user` with their facts, loaded only when some collection's scope needs them. */
export async function readerOf(
  store: Store,
  user: SyncActor,
  registry: SyncRegistry,
): Promise<SyncActor> {
  if (!followsReader(registry)) return user
  return { ...user, facts: await readerFacts(store, user.username) }
}
