import { describe, expect, it } from 'vitest'
import { standingOf } from '../makeups/standing'
import type { Enrolment } from '../people/enrolment'
import type { AttendanceMark } from '../records/attendance'
import { schedule, type StudyDay } from '../schedule'
import {
  filterParticipants,
  participantRows,
  sortParticipants,
  type ParticipantFilter,
  type ParticipantRow,
} from './participants'

const plan = schedule()
const year1 = plan.days.filter((day): day is StudyDay => day.year === 1 && !day.freeDay)
const [d1, d2, d3, d4] = year1 as [StudyDay, StudyDay, StudyDay, StudyDay]

const enrolment = (
  person: string,
  year = 1,
  status: Enrolment['status'] = 'accepted',
): Enrolment => ({
  _id: `${year}:${person}`,
  person,
  year,
  status,
  history: [],
})

describe('participantRows: attendance figures', () => {
  // The figures of the one definition (attendance/figures.ts): an excused day is missed and lowers
  // the percentage, a day with an absence reported counts, days not yet begun do not.
  const cases: [string, (AttendanceMark | null)[], number | null, number][] = [
    ['nothing marked', [], null, 0],
    ['all present', ['present', 'present', 'late', 'present'], 100, 0],
    ['one absent of four', ['present', 'absent', 'present', 'present'], 75, 1],
    ['excused is missed', ['present', 'excused', 'present', 'present'], 75, 1],
    ['unmarked days say nothing', ['present', null, 'absent', null], 50, 1],
    ['absent and excused', ['absent', 'excused', 'absent', 'present'], 25, 3],
  ]
  it.each(cases)('%s', (_label, marks, percent, missed) => {
    const standing = standingOf({
      participant: 'eva@x.si',
      today: d4.dayStr,
      attendance: year1
        .slice(0, 4)
        .flatMap((day, i) =>
          marks[i] ? [{ dayId: day.id, participant: 'eva@x.si', mark: marks[i] }] : [],
        ),
      absences: [],
      enrolments: [enrolment('eva@x.si')],
      sessions: [],
      sessionAttendance: [],
      madeUpOtherwise: [],
      thresholds: { perYear: 5, overall: 10 },
      schedule: plan,
    })
    const [row] = participantRows({
      enrolments: [enrolment('eva@x.si')],
      contacts: new Map(),
      openDeletionRequests: new Set(),
      standingOf: () => standing,
    })
    expect([row?.percent, row?.missed]).toEqual([percent, missed])
  })

  it('joins the contact details and flags an open deletion request', () => {
    const rows = participantRows({
      enrolments: [{ ...enrolment('eva@x.si'), project: 'LFIT2024' }, enrolment('ana@x.si', 2)],
      contacts: new Map([
        [
          'eva@x.si',
          {
            username: 'eva@x.si',
            firstName: 'Eva',
            lastName: 'Novak',
            email: 'eva@x.si',
            phone: '38641000000',
            country: 'SI',
          },
        ],
      ]),
      openDeletionRequests: new Set(['ana@x.si']),
    })
    expect(rows.map((r) => [r.name, r.phone, r.country, r.project, r.deletionRequested])).toEqual([
      ['Eva Novak', '38641000000', 'SI', 'LFIT2024', false],
      // Someone without a user record is shown by their username, not left blank.
      ['ana@x.si', '', '', '', true],
    ])
  })
})

const row = (over: Partial<ParticipantRow>): ParticipantRow => ({
  id: `${over.year ?? 1}:${over.person ?? over.name}`,
  person: over.name ?? '',
  name: '',
  sortName: over.name?.split(' ').reverse().join(' ') ?? '',
  email: '',
  phone: '',
  country: '',
  year: 1,
  project: '',
  status: 'accepted',
  percent: null,
  missed: 0,
  madeUp: null,
  outstanding: null,
  standing: null,
  deletionRequested: false,
  ...over,
})

const ROWS = [
  row({
    name: 'Žan Zupan',
    email: 'zan@x.si',
    year: 1,
    country: 'SI',
    percent: 90,
    missed: 1,
    standing: 'overLimit',
  }),
  row({ name: 'Črt Cvetko', email: 'crt@x.si', year: 2, project: 'LFIT2024', percent: null }),
  row({
    name: 'Ana Bele',
    email: 'ana@x.at',
    year: 1,
    country: 'AT',
    percent: 50,
    missed: 4,
    standing: 'atRisk',
  }),
  row({
    name: 'Cene Cof',
    email: 'cene@x.si',
    year: 2,
    status: 'withdrawn',
    percent: 70,
    standing: 'onTrack',
  }),
]
const names = (rows: ParticipantRow[]) => rows.map((r) => r.name)

describe('participantRows with standings', () => {
  // Eva missed three days of year 1 and made one up otherwise; the limit for a year is 3.
  const marks = [
    { dayId: d1.id, participant: 'eva@x.si', mark: 'absent' as const },
    { dayId: d2.id, participant: 'eva@x.si', mark: 'excused' as const },
    { dayId: d3.id, participant: 'eva@x.si', mark: 'absent' as const },
  ]
  const standing = standingOf({
    participant: 'eva@x.si',
    today: d4.dayStr,
    attendance: marks,
    absences: [],
    enrolments: [enrolment('eva@x.si')],
    sessions: [],
    sessionAttendance: [],
    madeUpOtherwise: [
      {
        participant: 'eva@x.si',
        dayId: d1.id,
        by: 'ed',
        at: '2026-01-01T00:00:00Z',
        note: 'video',
      },
    ],
    thresholds: { perYear: 3, overall: 10 },
    schedule: plan,
  })
  const rowsFor = (standingOfPerson?: (person: string) => typeof standing | undefined) =>
    participantRows({
      enrolments: [enrolment('eva@x.si'), enrolment('ana@x.si')],
      contacts: new Map(),
      openDeletionRequests: new Set(),
      ...(standingOfPerson && { standingOf: standingOfPerson }),
    })

  it('takes missed, made up, outstanding and the standing from the standing', () => {
    const [eva, ana] = rowsFor((person) => (person === 'eva@x.si' ? standing : undefined))
    expect([eva?.missed, eva?.madeUp, eva?.outstanding, eva?.standing]).toEqual([3, 1, 2, 'atRisk'])
    expect(eva?.percent).toBe(0)
    // No standing known for Ana: no figures claimed, none counted another way.
    expect([ana?.percent, ana?.missed, ana?.madeUp, ana?.outstanding, ana?.standing]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
  })

  it('without standings the rows have no figures', () => {
    const [eva] = rowsFor()
    expect([eva?.percent, eva?.missed, eva?.madeUp, eva?.standing]).toEqual([
      null,
      null,
      null,
      null,
    ])
  })
})

describe('filterParticipants', () => {
  const all: ParticipantFilter = { year: 'all', project: 'all', status: 'all', search: '' }
  it.each([
    ['everything', {}, ['Žan Zupan', 'Črt Cvetko', 'Ana Bele', 'Cene Cof']],
    ['a year', { year: 2 }, ['Črt Cvetko', 'Cene Cof']],
    ['a project', { project: 'LFIT2024' }, ['Črt Cvetko']],
    ['a status', { status: 'withdrawn' }, ['Cene Cof']],
    ['search without accents finds accented names', { search: 'zan' }, ['Žan Zupan']],
    ['every word must match', { search: 'ana at' }, ['Ana Bele']],
    ['search by e-mail', { search: 'CRT@' }, ['Črt Cvetko']],
    ['year and search together', { year: 1, search: 'cvetko' }, []],
    ['a standing', { standing: 'atRisk' }, ['Ana Bele']],
    ['every standing', { standing: 'all' }, ['Žan Zupan', 'Črt Cvetko', 'Ana Bele', 'Cene Cof']],
  ] as [string, Partial<ParticipantFilter>, string[]][])('%s', (_label, filter, expected) => {
    expect(names(filterParticipants(ROWS, { ...all, ...filter }))).toEqual(expected)
  })
})

describe('sortParticipants', () => {
  it.each([
    [
      'name ascending, Slovenian order',
      'name',
      'asc',
      'sl',
      ['Ana Bele', 'Cene Cof', 'Črt Cvetko', 'Žan Zupan'],
    ],
    ['name descending', 'name', 'desc', 'sl', ['Žan Zupan', 'Črt Cvetko', 'Cene Cof', 'Ana Bele']],
    [
      'percent ascending, no value last',
      'percent',
      'asc',
      'sl',
      ['Ana Bele', 'Cene Cof', 'Žan Zupan', 'Črt Cvetko'],
    ],
    [
      'percent descending, no value still last',
      'percent',
      'desc',
      'sl',
      ['Žan Zupan', 'Cene Cof', 'Ana Bele', 'Črt Cvetko'],
    ],
    [
      'missed descending, ties by name',
      'missed',
      'desc',
      'sl',
      ['Ana Bele', 'Žan Zupan', 'Cene Cof', 'Črt Cvetko'],
    ],
    [
      'year ascending, ties by name',
      'year',
      'asc',
      'sl',
      ['Ana Bele', 'Žan Zupan', 'Cene Cof', 'Črt Cvetko'],
    ],
    [
      'standing from worst, unknown last',
      'standing',
      'desc',
      'sl',
      ['Žan Zupan', 'Ana Bele', 'Cene Cof', 'Črt Cvetko'],
    ],
    [
      'standing from on track',
      'standing',
      'asc',
      'sl',
      ['Cene Cof', 'Ana Bele', 'Žan Zupan', 'Črt Cvetko'],
    ],
    [
      'country ascending, empty last',
      'country',
      'asc',
      'sl',
      ['Ana Bele', 'Žan Zupan', 'Cene Cof', 'Črt Cvetko'],
    ],
  ] as const)('%s', (_label, column, direction, locale, expected) => {
    expect(names(sortParticipants(ROWS, { column, direction }, locale))).toEqual(expected)
  })
})

describe('sorting by name', () => {
  it('sorts by surname, as a register does, whatever the first names', () => {
    const rows = participantRows({
      enrolments: [enrolment('ana@x.si'), enrolment('bor@x.si'), enrolment('nobody@x.si')],
      contacts: new Map([
        ['ana@x.si', { username: 'ana@x.si', firstName: 'Ana', lastName: 'Zorko' }],
        ['bor@x.si', { username: 'bor@x.si', firstName: 'Bor', lastName: 'Abram' }],
      ]),
      openDeletionRequests: new Set(),
    })
    expect(rows.map((r) => r.sortName)).toEqual(['Zorko Ana', 'Abram Bor', 'nobody@x.si'])
    expect(names(sortParticipants(rows, { column: 'name', direction: 'asc' }, 'sl'))).toEqual([
      'Bor Abram',
      'nobody@x.si',
      'Ana Zorko',
    ])
  })
})
