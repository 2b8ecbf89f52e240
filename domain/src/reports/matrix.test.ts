import { describe, expect, it } from 'vitest'
import type { AttendanceFigures } from '../attendance/figures'
import type { AttendanceMark } from '../records/attendance'
import { buildSchedule, dayId } from '../schedule'
import { attendanceMatrix, matrixDays, matrixSegments } from './matrix'

// Year 1: segment 1 from Monday 2023-04-17 to Friday 2023-04-21 with Wednesday free; segment 2
// on 2023-07-03 and 2023-07-04. Year 2: one block.
const SCHEDULE = buildSchedule({
  venue: 'Studio, Ljubljana',
  blocks: [
    {
      year: 1,
      segment: 1,
      from: '2023-04-17',
      to: '2023-04-21',
      headerName: 'S1',
      trainer: 'T',
      freeDays: ['2023-04-19'],
    },
    { year: 1, segment: 2, from: '2023-07-03', to: '2023-07-04', headerName: 'S2', trainer: 'T' },
    { year: 2, segment: 3, from: '2024-04-15', to: '2024-04-16', headerName: 'S3', trainer: 'T' },
  ],
})

describe('matrixDays', () => {
  it.each([
    [
      'the whole year, free day left out',
      1,
      null,
      ['2023-04-17', '2023-04-18', '2023-04-20', '2023-04-21', '2023-07-03', '2023-07-04'],
    ],
    ['one segment', 1, 2, ['2023-07-03', '2023-07-04']],
    ['a segment of another year has no days here', 1, 3, []],
    ['a year with no blocks', 4, null, []],
  ])('%s', (_label, year, segment, expected) => {
    expect(matrixDays(year, segment, SCHEDULE).map((d) => d.dayStr)).toEqual(expected)
  })

  it('lists the segments of a year', () => {
    expect(matrixSegments(1, SCHEDULE)).toEqual([1, 2])
  })
})

const ANA = { username: 'ana@demo.test', name: 'Ana Novak' }
const BOR = { username: 'bor@demo.test', name: 'Bor Zupan' }
const CIRIL = { username: 'ciril@demo.test', name: 'Ciril Kos' }

/** Marks by participant, one letter per day of segment 1 (P A L E, '.' for none). */
function markOf(table: Record<string, string>) {
  const letters: Record<string, AttendanceMark> = {
    P: 'present',
    A: 'absent',
    L: 'late',
    E: 'excused',
  }
  const days = matrixDays(1, 1, SCHEDULE)
  return (day: string, participant: string) => {
    const column = days.findIndex((d) => d.id === day)
    return letters[table[participant]?.[column] ?? '.'] ?? null
  }
}

const ZERO_FIGURES: AttendanceFigures = {
  counted: 0,
  present: 0,
  late: 0,
  attended: 0,
  absent: 0,
  excused: 0,
  missed: 0,
  madeUp: 0,
  outstanding: 0,
  percent: null,
}

describe('attendanceMatrix', () => {
  const days = matrixDays(1, 1, SCHEDULE)

  it('shows each day’s mark and carries each person’s figures, counted nowhere else', () => {
    const ofAna = { ...ZERO_FIGURES, counted: 3, present: 1, late: 1, attended: 2, absent: 1 }
    const matrix = attendanceMatrix(
      days,
      [ANA, BOR],
      markOf({ [ANA.username]: 'PLA.', [BOR.username]: '....' }),
      (person) => (person === ANA.username ? ofAna : null),
    )
    expect(matrix.rows.map((row) => [row.marks, row.figures])).toEqual([
      [['present', 'late', 'absent', null], ofAna],
      [[null, null, null, null], null],
    ])
  })

  it('keeps the order it is given and totals each day, unmarked people included', () => {
    const matrix = attendanceMatrix(
      days,
      [BOR, ANA, CIRIL],
      markOf({ [ANA.username]: 'PAL.', [BOR.username]: 'PEA.' }),
      () => null,
    )
    expect(matrix.rows.map((r) => r.name)).toEqual(['Bor Zupan', 'Ana Novak', 'Ciril Kos'])
    expect(matrix.days.map((d) => d.id)).toEqual([
      dayId('2023-04-17'),
      dayId('2023-04-18'),
      dayId('2023-04-20'),
      dayId('2023-04-21'),
    ])
    expect(matrix.dayTotals).toEqual([
      { present: 2, late: 0, absent: 0, excused: 0, unmarked: 1 },
      { present: 0, late: 0, absent: 1, excused: 1, unmarked: 1 },
      { present: 0, late: 1, absent: 1, excused: 0, unmarked: 1 },
      { present: 0, late: 0, absent: 0, excused: 0, unmarked: 3 },
    ])
  })

  it('has no rows and no day totals for no people and no days', () => {
    expect(
      attendanceMatrix(
        [],
        [],
        () => null,
        () => null,
      ),
    ).toEqual({ days: [], rows: [], dayTotals: [] })
  })
})
