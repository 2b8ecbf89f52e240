// A past cohort of the demo (docs/0051-living-demo.md): five people who finished all four years
// before the demo calendar begins, their enrolments completed, each holding a certificate for
// every year and one for the programme, issued by the demo administrator after their last day.
// Stored through CertificateBook.store, so each has a real verification code and its one place
// per person and scope; what they state is the cohort's record, not today's calendar.
import { CERTIFICATES } from '@lfit/domain/certificates/record'
import { transition, type Enrolment } from '@lfit/domain/people/enrolment'
import { addDays, startOfDay, type Schedule } from '@lfit/domain/schedule'
import { normalizeUsername } from '@lfit/domain/users/email'
import { UserDirectory } from '../auth/users'
import { CertificateBook } from '../certificates/book'
import { certificateMac } from '../certificates/secret'
import { ENROLMENTS } from '../people/enrolments'
import type { Store } from '../store/port'
import { demoUsername, type DemoPerson } from './demo-data'

const ALUMNI: [string, string, string][] = [
  ['Alenka', 'Vrhovec', 'SI'],
  ['Boštjan', 'Lesjak', 'SI'],
  ['Dunja', 'Perko', 'HR'],
  ['Erik', 'Steiner', 'AT'],
  ['Irena', 'Pavlin', 'SI'],
]
export const DEMO_ALUMNI_COUNT = ALUMNI.length

/** The alumni as demo people with no current year: they took part in years 1 to 4 earlier. */
export function demoAlumni(phoneFor: (index: number) => string): DemoPerson[] {
  return ALUMNI.map(([firstName, lastName, country], index) => {
    const username = normalizeUsername(
      `${firstName}.${lastName}@demo.test`.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
    )
    return {
      _id: username,
      username,
      email: username,
      firstName,
      lastName,
      country,
      phone: phoneFor(index),
      roles: ['participant'],
      status: 'active',
    }
  })
}

/** When the past cohort's programme ran: four years up to two months before the calendar. */
function cohortPeriod(calendar: Schedule): { from: string; to: string } {
  const first = calendar.blocks[0]?.from ?? '2000-01-01'
  const to = addDays(first, -60)
  return { from: addDays(to, -3 * 365 - 250), to }
}

/** Each alumnus's enrolment in years 1 to 4, applied, accepted and completed. */
export function demoAlumniEnrolments(alumni: readonly DemoPerson[], calendar: Schedule) {
  const { from, to } = cohortPeriod(calendar)
  const by = demoUsername('regEditor')
  return alumni.flatMap((person) =>
    [1, 2, 3, 4].flatMap((year): Enrolment[] => {
      const at = (day: string) => new Date(startOfDay(day)).toISOString()
      const applied = transition(null, 'apply', {
        by: person.username,
        at: at(addDays(from, 365 * (year - 1) - 30)),
        person: person.username,
        year,
      })
      if (!applied.ok) return []
      const accepted = transition(applied.enrolment, 'accept', {
        by,
        at: at(addDays(from, 365 * (year - 1) - 20)),
      })
      if (!accepted.ok) return []
      const completed = transition(accepted.enrolment, 'complete', { by, at: at(to) })
      return completed.ok ? [completed.enrolment] : []
    }),
  )
}

/** Issues the alumni's certificates (once: a database that has certificates is left alone). */
export async function seedDemoCertificates(
  store: Store,
  alumni: readonly DemoPerson[],
  { calendar, secret }: { calendar: Schedule; secret: string },
): Promise<number> {
  if ((await store.collection(CERTIFICATES).count({})) > 0) return 0
  await store.collection(ENROLMENTS).bulkUpsert(
    demoAlumniEnrolments(alumni, calendar).map(({ _id, ...enrolment }) => ({
      filter: { _id },
      update: { $setOnInsert: enrolment },
    })),
  )
  const { from, to } = cohortPeriod(calendar)
  const issuedAt = startOfDay(addDays(to, 14)) + 10 * 3_600_000
  const book = new CertificateBook({
    stores: async () => store,
    users: new UserDirectory(
      async () => store,
      () => issuedAt,
    ),
    clock: () => issuedAt,
    mac: certificateMac(secret),
  })
  let issued = 0
  for (const [index, person] of alumni.entries()) {
    const name = `${person.firstName} ${person.lastName}`
    const scopes = [
      ...[1, 2, 3, 4].map((year) => ({ kind: 'year' as const, year })),
      { kind: 'programme' as const },
    ]
    for (const scope of scopes) {
      const year = scope.kind === 'year' ? scope.year : 0
      const studyDays = year ? 24 : 96
      // Some missed a day or two, all made up: the certificates state it.
      const missed = year ? Number(year === (index % 4) + 1) * (index % 3) : index % 3
      const yearFrom = addDays(from, 365 * (year - 1))
      const certificate = await book.store(store, {
        person: person.username,
        name,
        scope,
        figures: {
          studyDays,
          attended: studyDays - missed,
          missed,
          madeUp: missed,
          late: year ? 0 : index,
          from: year ? yearFrom : from,
          to: year ? addDays(yearFrom, 250) : to,
        },
        languages: person.country === 'SI' ? ['sl'] : ['sl', 'en'],
        issuedBy: demoUsername('admin'),
      })
      if (certificate) issued++
    }
  }
  return issued
}
