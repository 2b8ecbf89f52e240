import { describe, expect, it } from 'vitest'
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

describe('attendanceMatrix', () => {
  const days = matrixDays(1, 1, SCHEDULE)

  it.each([
    {
      label: 'present, late and absent: late counts as attended',
      marks: { [ANA.username]: 'PLAP' },
      row: [['present', 'late', 'absent', 'present'], 3, 1, 0, 4, 75, 1],
    },
    {
      label: 'excused is not held against the participant',
      marks: { [ANA.username]: 'PEPE' },
      row: [['present', 'excused', 'present', 'excused'], 2, 0, 2, 4, 100, 0],
    },
    {
      label: 'no marks at all: empty cells, no percentage',
      marks: {},
      row: [[null, null, null, null], 0, 0, 0, 0, null, 0],
    },
    {
      label: 'only excused: nothing counts, no percentage',
      marks: { [ANA.username]: 'E..E' },
      row: [['excused', null, null, 'excused'], 0, 0, 2, 2, null, 0],
    },
  ])('$label', ({ marks, row }) => {
    const [cells, attended, absent, excused, marked, percent, late] = row
    const [ana] = attendanceMatrix(days, [ANA], markOf(marks)).rows
    expect(ana?.marks).toEqual(cells)
    expect(ana?.tally).toEqual({ attended, absent, excused, marked, percent })
    expect(ana?.late).toBe(late)
  })

  it('keeps the order it is given and totals each day, unmarked people included', () => {
    const matrix = attendanceMatrix(
      days,
      [BOR, ANA, CIRIL],
      markOf({ [ANA.username]: 'PAL.', [BOR.username]: 'PEA.' }),
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
    expect(attendanceMatrix([], [], () => null)).toEqual({ days: [], rows: [], dayTotals: [] })
  })
})
