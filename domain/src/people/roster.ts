// Who is on the attendance lists (docs/product-rules.md#enrolment): the people with an accepted
// enrolment, under their year, with their names. The studio tablet, /prisotnost, /prisotnosti and
// the graphs read this roster, never the users' roles, so a participant accepted today is on the
// tablet at its next sync and a withdrawn one is gone.
import { z } from 'zod'
import { DIRECTORY_READERS, REGISTRARS } from '../access/policy'
import type { Role } from '../access/roles'
import { PRESENCE_READER_ROLES } from '../attendance/permissions'
import { TAKING_PART, type Enrolment } from './enrolment'

/** Whoever reads the attendance book or the people in it may read the roster (names only). */
export const ROSTER_READERS: readonly Role[] = [
  ...new Set<Role>([...REGISTRARS, ...PRESENCE_READER_ROLES, ...DIRECTORY_READERS]),
]

/** One person on the roster: names, year and account status, never contact details. */
export const rosterEntrySchema = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  year: z.number().int(),
  status: z.string().optional(),
})
export type RosterEntry = z.output<typeof rosterEntrySchema>

export const rosterAnswerSchema = z.object({ participants: z.array(rosterEntrySchema) })

/** The user fields the roster joins in. */
export interface RosterPerson {
  username: string
  firstName?: string
  lastName?: string
  status?: string
}

/**
 * The roster from the enrolments and the people they name. A person accepted in several years
 * is listed once, under the highest of them (the year they are in now: the programme runs
 * upwards, and a device keeps one row per person). Enrolments of people without an account are
 * left out; the order is surname, then name, as the attendance book lists them.
 */
export function rosterOf(
  enrolments: readonly Pick<Enrolment, 'person' | 'year' | 'status'>[],
  people: readonly RosterPerson[],
): RosterEntry[] {
  const yearOf = new Map<string, number>()
  for (const enrolment of enrolments) {
    if (!TAKING_PART.has(enrolment.status)) continue
    const known = yearOf.get(enrolment.person)
    if (known === undefined || enrolment.year > known) yearOf.set(enrolment.person, enrolment.year)
  }
  const entries: RosterEntry[] = []
  for (const person of people) {
    const year = yearOf.get(person.username)
    if (year === undefined) continue
    entries.push({
      username: person.username,
      firstName: person.firstName ?? '',
      lastName: person.lastName ?? '',
      year,
      ...(person.status === undefined ? {} : { status: person.status }),
    })
  }
  return entries.sort(
    (a, b) =>
      a.lastName.localeCompare(b.lastName, 'sl') ||
      a.firstName.localeCompare(b.firstName, 'sl') ||
      a.username.localeCompare(b.username),
  )
}
