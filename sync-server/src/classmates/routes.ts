// /api/classmates: the people enrolled in the caller's programme year(s) (/sosolci,
// docs/product-rules.md#classmates). Names always; an e-mail address or phone number only where
// its owner chose to share it on /mojRacun. The filtering happens here, on the server: the data
// API gives others' records without contact fields (DIRECTORY_FIELDS in the access policy).
import { Hono } from 'hono'
import { hasAnyRole } from '@lfit/domain/access/roles'
import { TAKING_PART } from '@lfit/domain/people/enrolment'
import { YEARS } from '@lfit/domain/schedule'
import {
  classmatesBodySchema,
  type Classmate,
  type ClassmatesAnswer,
} from '@lfit/domain/users/account'
import { isBlocked } from '@lfit/domain/users/user'
import type { UserDirectory } from '../auth/users'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { Doc } from '../store/port'

/** Who may see classmates: the route table's roles for /sosolci. */
const CLASSMATE_READERS = ['participant', 'educator'] as const

export function createClassmatesRoutes(deps: { users: UserDirectory }): Hono<AppEnv> {
  const { users } = deps
  const classmates = new Hono<AppEnv>()

  classmates.post('/', async (c) => {
    const session = c.var.session
    if (!session) throw new ApiError('notLoggedIn')
    if (!hasAnyRole({ roles: session.roles }, CLASSMATE_READERS)) throw new ApiError('forbidden')
    const { year } = parseBody(classmatesBodySchema, c.var.body)
    const me = session.user.username
    const store = await users.store()
    const enrolments = store.collection('enrolments')
    const taking = { $in: [...TAKING_PART] }
    // An educator teaches across the programme; a participant sees the years they are in.
    const years = session.roles.includes('educator')
      ? [...YEARS]
      : [
          ...new Set(
            (await enrolments.find({ person: me, status: taking })).map((e) => Number(e.year)),
          ),
        ].sort((a, b) => a - b)
    if (year !== undefined && !years.includes(year)) {
      throw new ApiError('invalidValue', { field: 'year' })
    }
    const shown = year === undefined ? years : [year]
    const rows = await enrolments.find({ year: { $in: shown }, status: taking })
    const yearsOf = new Map<string, number[]>()
    for (const row of rows) {
      const person = String(row.person)
      if (person === me) continue
      yearsOf.set(person, [...(yearsOf.get(person) ?? []), Number(row.year)])
    }
    const people = await (await users.collection()).find({ username: { $in: [...yearsOf.keys()] } })
    const list = people
      .filter((person) => !isBlocked(person as { status?: string }))
      .map((person) => classmateOf(person, yearsOf.get(String(person.username)) ?? []))
      .sort(
        (a, b) =>
          a.lastName.localeCompare(b.lastName, 'sl') ||
          a.firstName.localeCompare(b.firstName, 'sl'),
      )
    const result: ClassmatesAnswer = { years, classmates: list }
    return answer(c, result)
  })

  return classmates
}

/** What a classmate sees of a person: never the username (an e-mail address), never unshared contact. */
function classmateOf(person: Doc, years: number[]): Classmate {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  const email = text(person.email) || text(person.username)
  const phone = text(person.phone)
  return {
    firstName: text(person.firstName),
    lastName: text(person.lastName),
    years: years.sort((a, b) => a - b),
    ...(person.shareEmail === true && email ? { email } : {}),
    ...(person.sharePhone === true && phone ? { phone } : {}),
  }
}
