// The reports of /prisotnosti as export tables (docs/product-rules.md#reports): the attendance
// matrix and the standing per person, their headers in the UI's language, its days as date
// cells (docs/0044-exported-phones-and-dates.md). Pure (an i18n instance in, a table out), so both languages are tested.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AttendanceMark } from '@lfit/domain/records/attendance'
import type { AttendanceMatrix, DayTotals, MatrixRow } from '@lfit/domain/reports/matrix'
import type { StandingFigures, StandingRow } from '@lfit/domain/reports/standing'
import { formatDay } from '../i18n/date-format'
import type { ExportColumn, ExportTable } from '../export/table'
import { standingName } from '../makeups/book/standing-words'

/** A participant's row, or one of the per-day totals under them. */
export type MatrixLine =
  { kind: 'person'; row: MatrixRow } | { kind: 'total'; count: keyof DayTotals; label: string }

export interface MarkWords {
  names: Record<AttendanceMark, string>
  letters: Record<AttendanceMark, string>
}

const TOTALS: (keyof DayTotals)[] = ['present', 'late', 'absent', 'excused', 'unmarked']

export function matrixTable(
  i18n: I18n,
  matrix: AttendanceMatrix,
  words: MarkWords,
): ExportTable<MatrixLine> {
  const person = (line: MatrixLine) => (line.kind === 'person' ? line.row : null)
  const perPerson = (header: string, value: (row: MatrixRow) => number | null) => ({
    header,
    value: (line: MatrixLine) => {
      const row = person(line)
      return row ? value(row) : null
    },
  })
  const columns: ExportColumn<MatrixLine>[] = [
    {
      header: i18n._(msg`Participant`),
      value: (line) => (line.kind === 'person' ? line.row.name : line.label),
    },
    ...matrix.days.map((day, column) => ({
      header: formatDay(i18n.locale, day.dayStr),
      day: day.dayStr,
      value: (line: MatrixLine) => {
        if (line.kind === 'total') return matrix.dayTotals[column]?.[line.count] ?? 0
        const mark = line.row.marks[column]
        return mark ? words.letters[mark] : null
      },
    })),
    perPerson(i18n._(msg`Attended`), (row) => row.figures?.attended ?? null),
    perPerson(i18n._(msg`of them late`), (row) => row.figures?.late ?? null),
    perPerson(i18n._(msg`Absent`), (row) => row.figures?.absent ?? null),
    perPerson(i18n._(msg`Excused`), (row) => row.figures?.excused ?? null),
    perPerson('%', (row) => row.figures?.percent ?? null),
  ]
  const totalLabel = (count: keyof DayTotals) =>
    count === 'unmarked' ? i18n._(msg`Not marked`) : words.names[count]
  return {
    columns,
    rows: [
      ...matrix.rows.map((row): MatrixLine => ({ kind: 'person', row })),
      ...(matrix.rows.length === 0
        ? []
        : TOTALS.map((count): MatrixLine => ({ kind: 'total', count, label: totalLabel(count) }))),
    ],
  }
}

export function standingTable(i18n: I18n, rows: readonly StandingRow[]): ExportTable<StandingRow> {
  const figure = (
    header: string,
    scope: 'year' | 'overall',
    value: (f: StandingFigures) => string | number,
  ): ExportColumn<StandingRow> => ({
    header,
    value: (row) => {
      const figures = row[scope]
      return figures ? value(figures) : null
    },
  })
  const level = (f: StandingFigures) => standingName(i18n, f.standing)
  return {
    columns: [
      { header: i18n._(msg`Participant`), value: (row) => row.name },
      figure(i18n._(msg`Missed this year`), 'year', (f) => f.missed),
      figure(i18n._(msg`Late this year`), 'year', (f) => f.late),
      figure(i18n._(msg`Made up this year`), 'year', (f) => f.madeUp),
      figure(i18n._(msg`To make up this year`), 'year', (f) => f.outstanding),
      figure(i18n._(msg`Limit for a year`), 'year', (f) => f.limit),
      figure(i18n._(msg`Standing this year`), 'year', level),
      figure(i18n._(msg`Missed in the programme`), 'overall', (f) => f.missed),
      figure(i18n._(msg`Made up in the programme`), 'overall', (f) => f.madeUp),
      figure(i18n._(msg`To make up in the programme`), 'overall', (f) => f.outstanding),
      figure(i18n._(msg`Limit for the programme`), 'overall', (f) => f.limit),
      figure(i18n._(msg`Standing in the programme`), 'overall', level),
    ],
    rows,
  }
}
