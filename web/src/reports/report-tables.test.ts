// The report tables in both languages with the real catalogs: dates in the app's one form, the
// marks' letters, per-day totals under the people, empty cells for unknown figures.
import { setupI18n, type I18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AttendanceFigures } from '@lfit/domain/attendance/figures'
import type { AttendanceMark } from '@lfit/domain/records/attendance'
import { attendanceMatrix, matrixDays } from '@lfit/domain/reports/matrix'
import { buildSchedule } from '@lfit/domain/schedule'
import { messages as enApp } from '../locales/en.po'
import { messages as enScreens } from '../locales/screens/en.po'
import { messages as slApp } from '../locales/sl.po'
import { messages as slScreens } from '../locales/screens/sl.po'
import { tableValues } from '../export/table'
import { matrixTable, standingTable, type MarkWords } from './report-tables'

const catalogs: Record<string, I18n> = {}
beforeAll(() => {
  const all = { en: { ...enApp, ...enScreens }, sl: { ...slApp, ...slScreens } }
  for (const [locale, messages] of Object.entries(all)) {
    catalogs[locale] = setupI18n({ locale, messages: { [locale]: messages } })
  }
})

const SCHEDULE = buildSchedule({
  venue: 'Studio',
  blocks: [
    {
      year: 1,
      segment: 1,
      from: '2023-04-17',
      to: '2023-04-19',
      headerName: 'S1',
      trainer: 'T',
      freeDays: ['2023-04-18'],
    },
  ],
})

const WORDS: Record<string, MarkWords> = {
  en: {
    names: { present: 'Present', absent: 'Absent', late: 'Late', excused: 'Excused' },
    letters: { present: 'P', absent: 'A', late: 'L', excused: 'E' },
  },
  sl: {
    names: { present: 'Prisotnost', absent: 'Odsotnost', late: 'Zamuda', excused: 'Opravičeno' },
    letters: { present: 'P', absent: 'N', late: 'Z', excused: 'O' },
  },
}

const MARKS: Record<string, (AttendanceMark | null)[]> = {
  'ana@x': ['present', 'late'],
  'bor@x': ['absent', null],
}

const NONE = { present: 0, late: 0, attended: 0, absent: 0, excused: 0, missed: 0, madeUp: 0 }
/** The figures of the one definition (attendance/figures.ts), as the screen passes them. */
const FIGURES: Record<string, AttendanceFigures> = {
  'ana@x': { ...NONE, counted: 2, present: 1, late: 1, attended: 2, outstanding: 0, percent: 100 },
  'bor@x': { ...NONE, counted: 1, absent: 1, missed: 1, outstanding: 1, percent: 0 },
}

function matrix() {
  const days = matrixDays(1, null, SCHEDULE)
  return attendanceMatrix(
    days,
    [
      { username: 'ana@x', name: 'Ana Novak' },
      { username: 'bor@x', name: 'Bor Kos' },
    ],
    (dayId, who) => MARKS[who]?.[days.findIndex((d) => d.id === dayId)] ?? null,
    (who) => FIGURES[who] ?? null,
  )
}

describe('matrixTable', () => {
  it.each([
    [
      'en',
      [
        [
          'Participant',
          { day: '2023-04-17' },
          { day: '2023-04-19' },
          'Attended',
          'of them late',
          'Absent',
          'Excused',
          '%',
        ],
        ['Ana Novak', 'P', 'L', 2, 1, 0, 0, 100],
        ['Bor Kos', 'A', null, 0, 0, 1, 0, 0],
        ['Present', 1, 0, null, null, null, null, null],
        ['Late', 0, 1, null, null, null, null, null],
        ['Absent', 1, 0, null, null, null, null, null],
        ['Excused', 0, 0, null, null, null, null, null],
        ['Not marked', 0, 1, null, null, null, null, null],
      ],
    ],
    [
      'sl',
      [
        [
          'Udeleženec',
          { day: '2023-04-17' },
          { day: '2023-04-19' },
          'Prisotnost',
          'od tega z zamudo',
          'Odsotnost',
          'Opravičeno',
          '%',
        ],
        ['Ana Novak', 'P', 'Z', 2, 1, 0, 0, 100],
        ['Bor Kos', 'N', null, 0, 0, 1, 0, 0],
        ['Prisotnost', 1, 0, null, null, null, null, null],
        ['Zamuda', 0, 1, null, null, null, null, null],
        ['Odsotnost', 1, 0, null, null, null, null, null],
        ['Opravičeno', 0, 0, null, null, null, null, null],
        ['Ni označeno', 0, 1, null, null, null, null, null],
      ],
    ],
  ])('%s', (locale, expected) => {
    const i18n = catalogs[locale] as I18n
    expect(tableValues(matrixTable(i18n, matrix(), WORDS[locale] as MarkWords))).toEqual(expected)
  })

  it('has no totals rows without people', () => {
    const empty = attendanceMatrix(
      matrixDays(1, null, SCHEDULE),
      [],
      () => null,
      () => null,
    )
    expect(matrixTable(catalogs.en as I18n, empty, WORDS.en as MarkWords).rows).toEqual([])
  })
})

describe('standingTable', () => {
  it.each([
    ['en', 'At risk', 'Missed this year'],
    ['sl', 'Ogroženo', 'Zamujeno v letniku'],
  ])(
    '%s: figures, the standing in words, empty cells where none is known',
    (locale, risk, missed) => {
      const i18n = catalogs[locale] as I18n
      const figures = {
        missed: 4,
        late: 1,
        madeUp: 1,
        outstanding: 3,
        limit: 5,
        standing: 'atRisk' as const,
      }
      const values = tableValues(
        standingTable(i18n, [
          {
            username: 'ana@x',
            name: 'Ana Novak',
            year: figures,
            overall: { ...figures, limit: 10 },
          },
          { username: 'bor@x', name: 'Bor Kos', year: null, overall: null },
        ]),
      )
      expect(values[0]?.[1]).toBe(missed)
      expect(values[1]).toEqual(['Ana Novak', 4, 1, 1, 3, 5, risk, 4, 1, 3, 10, risk])
      expect(values[2]).toEqual(['Bor Kos', ...Array(11).fill(null)])
    },
  )
})
