// CSV for spreadsheets (docs/product-rules.md#exports): UTF-8 with a byte-order mark, so that
// Excel reads č, š and ž; RFC 4180 quoting with CRLF line ends; and a guard against formula
// injection: a text that a spreadsheet would run as a formula (it starts with = + - @, a tab or
// a carriage return) gets a leading apostrophe, so a name typed by a visitor stays a name.
// The separator follows the UI language: a semicolon in Slovenian, where the comma is the
// decimal mark and Excel expects semicolons, a comma in English.
import { tableValues, type CellValue, type ExportTable } from './table'

export const BOM = '\uFEFF'

export type CsvSeparator = ',' | ';'

export function csvSeparator(language: string): CsvSeparator {
  return language === 'sl' ? ';' : ','
}

const FORMULA_START = /^[=+\-@\t\r]/

/** One cell as CSV text. Numbers are written as they are; texts are guarded and quoted. */
export function csvCell(value: CellValue, separator: CsvSeparator): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const text = FORMULA_START.test(value) ? `'${value}` : value
  const needsQuotes =
    text.includes('"') ||
    text.includes(separator) ||
    text.includes('\n') ||
    text.includes('\r') ||
    text !== text.trim()
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text
}

export function toCsv<R>(table: ExportTable<R>, separator: CsvSeparator): string {
  const lines = tableValues(table).map((cells) =>
    cells.map((cell) => csvCell(cell, separator)).join(separator),
  )
  return `${BOM}${lines.join('\r\n')}\r\n`
}
