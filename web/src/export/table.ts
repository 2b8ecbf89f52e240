// What an export is made of: the columns a screen shows (headers already translated into the
// chosen UI language) and the rows it shows, in the order it shows them. A date is a value of its
// own, so each format writes it as its readers take a date (docs/0044-exported-phones-and-dates.md).
import { epochToZoned } from '@lfit/domain/schedule/time'

/** A calendar day (YYYY-MM-DD), with a time of day (HH:MM) when it is a moment: the studio's clock. */
export interface DateCell {
  day: string
  time?: string
}

export type CellValue = string | number | null | DateCell

export interface ExportColumn<R> {
  header: string
  /** A day column's day (YYYY-MM-DD), as the attendance matrix's: its header is that date cell. */
  day?: string
  value: (row: R) => CellValue
}

export interface ExportTable<R> {
  columns: readonly ExportColumn<R>[]
  rows: readonly R[]
}

/** A study day (YYYY-MM-DD) as a date cell. */
export const dayCell = (day: string): DateCell => ({ day })

/** A moment (an ISO timestamp or epoch ms) as the studio's clock showed it. */
export function momentCell(instant: string | number): DateCell | null {
  const epoch = typeof instant === 'number' ? instant : Date.parse(instant)
  if (!Number.isFinite(epoch)) return null
  const { dayStr, hourStr } = epochToZoned(epoch)
  return { day: dayStr, time: hourStr }
}

export const isDateCell = (value: CellValue): value is DateCell =>
  typeof value === 'object' && value !== null

/** A date as ISO 8601 text: 2026-11-05, or 2026-11-05 14:30 for a moment. */
export const isoText = (date: DateCell): string =>
  date.time ? `${date.day} ${date.time}` : date.day

/** The table as plain values: the header row, then one array per row. */
export function tableValues<R>(table: ExportTable<R>): CellValue[][] {
  return [
    table.columns.map((column) => (column.day ? dayCell(column.day) : column.header)),
    ...table.rows.map((row) => table.columns.map((column) => column.value(row))),
  ]
}
