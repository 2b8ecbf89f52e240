// Who needs make-ups: only participants with outstanding days the filter keeps, worst standing
// first, then by name; names from the book, the username when it has none.
import { describe, expect, it } from 'vitest'
import { standingOf } from '@lfit/domain/makeups/standing'
import { DEFAULT_THRESHOLDS } from '@lfit/domain/makeups/thresholds'
import { needsRows } from './needs'

const absent = (participant: string, dayIds: string[]) =>
  dayIds.map((dayId) => ({ dayId, participant, mark: 'absent' as const }))

function standing(participant: string, dayIds: string[], years = [3, 4]) {
  return standingOf({
    participant,
    today: '2026-11-23',
    attendance: absent(participant, dayIds),
    absences: [],
    enrolments: years.map((year) => ({ person: participant, year, status: 'accepted' as const })),
    sessions: [],
    sessionAttendance: [],
    madeUpOtherwise: [],
    thresholds: DEFAULT_THRESHOLDS,
  })
}

const STANDINGS = new Map([
  ['ana', standing('ana', ['lfit_20260209'])],
  [
    'bor',
    standing('bor', [
      'lfit_20251013',
      'lfit_20260209',
      'lfit_20260210',
      'lfit_20260211',
      'lfit_20260212',
    ]),
  ],
  ['cene', standing('cene', [])],
  ['dora', standing('dora', ['lfit_20261012'])],
])
const PEOPLE = [
  { username: 'ana', firstName: 'Ana', lastName: 'Zupan' },
  { username: 'bor', firstName: 'Bor', lastName: 'Kos' },
]

describe('who needs make-ups', () => {
  it.each([
    [
      'everyone',
      { year: 0, segment: 0 },
      [
        ['bor', 5],
        ['ana', 1],
        ['dora', 1],
      ],
    ],
    ['year 3', { year: 3, segment: 0 }, [['bor', 1]]],
    [
      'segment 10',
      { year: 0, segment: 10 },
      [
        ['bor', 4],
        ['ana', 1],
      ],
    ],
    ['segment 12 of year 4', { year: 4, segment: 12 }, [['dora', 1]]],
    ['a segment nobody missed', { year: 0, segment: 1 }, []],
  ])('%s', (_, filter, expected) => {
    const rows = needsRows(STANDINGS, PEOPLE, filter)
    expect(rows.map((r) => [r.participant, r.outstanding.length])).toEqual(expected)
  })

  it('names people by their name, or their username when the book has none', () => {
    const rows = needsRows(STANDINGS, PEOPLE, { year: 0, segment: 0 })
    expect(rows.map((r) => r.name)).toEqual(['Bor Kos', 'Ana Zupan', 'dora'])
    expect(rows[0]?.standing.standing).toBe('atRisk')
  })
})
