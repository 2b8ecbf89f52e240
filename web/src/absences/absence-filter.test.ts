import { describe, expect, it } from 'vitest'
import type { AbsenceRecord } from '@lfit/domain/records/absence'
import { filterAbsences, NO_ABSENCE_FILTER, type AbsenceFilter } from './absence-filter'

const PEOPLE = [
  { username: 'ziga@x.si', firstName: 'Žiga', lastName: 'Črnigoj', year: 1 },
  { username: 'ana@x.si', firstName: 'Ana', lastName: 'Novak', year: 2 },
  { username: 'ana.kos@x.si', firstName: 'Ana', lastName: 'Kos', year: 1 },
]

const absence = (id: string, participant: string, fromDay: string, toDay: string) => ({
  record: {
    _id: id,
    stamps: {},
    participant,
    fromDay,
    toDay,
    reason: '',
    excused: false,
    deleted: false,
  } satisfies AbsenceRecord,
})

const ABSENCES = [
  absence('z1', 'ziga@x.si', '2026-11-02', '2026-11-04'),
  absence('a1', 'ana@x.si', '2026-11-10', '2026-11-10'),
  absence('k1', 'ana.kos@x.si', '2026-11-16', '2026-11-20'),
  // Someone no longer on the device's list: found by their username only.
  absence('g1', 'gone@x.si', '2026-11-10', '2026-11-11'),
]

const ids = (filter: Partial<AbsenceFilter>) =>
  filterAbsences(ABSENCES, PEOPLE, { ...NO_ABSENCE_FILTER, ...filter }).map((a) => a.record._id)

describe('the absences /odsotnost lists', () => {
  it.each([
    ['no filter: every absence', {}, ['z1', 'a1', 'k1', 'g1']],
    ['a name without its accents', { search: 'ziga' }, ['z1']],
    ['the start of a last name', { search: 'crn' }, ['z1']],
    ['a first name shared by two', { search: 'Ana' }, ['a1', 'k1']],
    ['first and last name in any order', { search: 'kos ana' }, ['k1']],
    ['a username', { search: 'gone@' }, ['g1']],
    ['a name nobody has', { search: 'Marko' }, []],
    ['a programme year', { year: 1 }, ['z1', 'k1']],
    ['a year and a name', { year: 2, search: 'ana' }, ['a1']],
    ['a span inside one absence', { from: '2026-11-03', to: '2026-11-03' }, ['z1']],
    ['a span touching the last day', { from: '2026-11-04', to: '2026-11-09' }, ['z1']],
    ['a span touching the first day', { from: '2026-11-12', to: '2026-11-16' }, ['k1']],
    ['only a start', { from: '2026-11-11' }, ['k1', 'g1']],
    ['only an end', { to: '2026-11-02' }, ['z1']],
    ['a span between absences', { from: '2026-11-05', to: '2026-11-09' }, []],
  ] as const)('%s', (_, filter, expected) => {
    expect(ids(filter)).toEqual(expected)
  })
})
