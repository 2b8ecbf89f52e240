import { describe, expect, it } from 'vitest'
import { hasAnyRole, ROLES } from '../access/roles'
import type { EnrolmentStatus } from './enrolment'
import { rosterOf, ROSTER_READERS, type RosterPerson } from './roster'

// "person:year:status" per enrolment.
function enrolments(...sources: string[]) {
  return sources.map((source) => {
    const [person, year, status] = source.split(':') as [string, string, EnrolmentStatus]
    return { person, year: Number(year), status }
  })
}

const PEOPLE: RosterPerson[] = [
  { username: 'ana', firstName: 'Ana', lastName: 'Novak', status: 'active' },
  { username: 'bor', firstName: 'Bor', lastName: 'Čeh', status: 'active' },
  { username: 'cene', firstName: 'Cene', lastName: 'Zupan', status: 'blocked' },
  { username: 'dan', lastName: 'Dolenc' },
]

describe('the roster: accepted enrolments joined with the people', () => {
  it.each([
    { label: 'nobody enrolled: empty', given: [], rows: [] },
    { label: 'one accepted', given: ['ana:1:accepted'], rows: ['ana@1'] },
    {
      label: 'only accepted counts: applied, declined, withdrawn and completed are off the lists',
      given: ['ana:1:applied', 'bor:1:declined', 'cene:2:withdrawn', 'dan:3:completed'],
      rows: [],
    },
    {
      label: 'sorted by surname (Slovenian order: Č after C)',
      given: ['ana:1:accepted', 'bor:1:accepted', 'cene:2:accepted', 'dan:1:accepted'],
      rows: ['bor@1', 'dan@1', 'ana@1', 'cene@2'],
    },
    {
      label: 'accepted in two years: listed once, under the higher',
      given: ['ana:1:accepted', 'ana:2:accepted'],
      rows: ['ana@2'],
    },
    {
      label: 'a completed earlier year and an accepted later one: the accepted year',
      given: ['ana:1:completed', 'ana:2:accepted'],
      rows: ['ana@2'],
    },
    {
      label: 'withdrawn from the later year: back under the year still accepted',
      given: ['ana:1:accepted', 'ana:2:withdrawn'],
      rows: ['ana@1'],
    },
    {
      label: 'an enrolment of someone without an account is left out',
      given: ['zoe:1:accepted'],
      rows: [],
    },
  ])('$label', ({ given, rows }) => {
    expect(rosterOf(enrolments(...given), PEOPLE).map((e) => `${e.username}@${e.year}`)).toEqual(
      rows,
    )
  })

  it('carries names and the account status, blanks for missing names, nothing else', () => {
    expect(rosterOf(enrolments('cene:2:accepted', 'dan:1:accepted'), PEOPLE)).toEqual([
      { username: 'dan', firstName: '', lastName: 'Dolenc', year: 1 },
      { username: 'cene', firstName: 'Cene', lastName: 'Zupan', year: 2, status: 'blocked' },
    ])
  })
})

describe('who may read the roster', () => {
  it.each(ROLES.map((role) => ({ role })))('$role', ({ role }) => {
    const reads = [
      'admin',
      'regEditor',
      'fullRegEditor',
      'presenceEditor',
      'educator',
      'makeupEditor',
    ].includes(role)
    expect(hasAnyRole({ roles: [role] }, ROSTER_READERS)).toBe(reads)
  })
})
