// Who needs make-ups: only participants with outstanding days the filter keeps, worst standing
// first, then by name; names from the book, the username when it has none.
import { describe, expect, it } from 'vitest'
import { standingOf } from '@lfit/domain/makeups/standing'
import { DEFAULT_THRESHOLDS } from '@lfit/domain/makeups/thresholds'
import { needsRows } from './needs'

const absent = (participant: string, dayIds: string[]) =>
  dayIds.map((dayId) => ({ dayId, participant, mark: 'absent' as const }))

function standing(participant: string, dayIds: string[], otherwise: string[] = []) {
  return standingOf({
    participant,
    today: '2026-11-23',
    attendance: absent(participant, dayIds),
    absences: [],
    enrolments: [3, 4].map((year) => ({ person: participant, year, status: 'accepted' as const })),
    sessions: [],
    sessionAttendance: [],
    madeUpOtherwise: otherwise.map((dayId) => ({
      participant,
      dayId,
      by: 'editor',
      at: '2026-11-20T10:00:00.000Z',
      note: 'Watched the recordings',
    })),
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
  ['eva', standing('eva', ['lfit_20251014'], ['lfit_20251014'])],
  ['dora', standing('dora', ['lfit_20261012'])],
])
const PEOPLE = [
  { username: 'ana', firstName: 'Ana', lastName: 'Zupan' },
  { username: 'bor', firstName: 'Bor', lastName: 'Kos' },
]

describe('who needs make-ups', () => {
  it('lists days made up otherwise, with the note, so they can be undone', () => {
    const [eva] = needsRows(STANDINGS, PEOPLE, { year: 3, segment: 9 }).filter(
      (r) => r.participant === 'eva',
    )
    expect(eva?.madeUpOtherwise.map((d) => d.dayId)).toEqual(['lfit_20251014'])
    expect(
      needsRows(STANDINGS, PEOPLE, { year: 0, segment: 10 }).map((r) => r.participant),
    ).not.toContain('eva')
  })

  it.each([
    [
      'everyone',
      { year: 0, segment: 0 },
      [
        ['bor', 5],
        ['ana', 1],
        ['dora', 1],
        ['eva', 0],
      ],
    ],
    [
      'year 3',
      { year: 3, segment: 0 },
      [
        ['bor', 1],
        ['eva', 0],
      ],
    ],
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
    expect(rows.map((r) => r.name)).toEqual(['Bor Kos', 'Ana Zupan', 'dora', 'eva'])
    expect(rows[0]?.standing.standing).toBe('atRisk')
  })
})
