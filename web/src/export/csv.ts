// CSV for spreadsheets (docs/product-rules.md#exports): UTF-8 with a byte-order mark, so that
// Excel reads č, š and ž; RFC 4180 quoting with CRLF line ends; and a guard against formula
// injection: a text that a spreadsheet would run as a formula (it starts with = + - @, a tab or
// a carriage return) gets a leading apostrophe, so a name typed by a visitor stays a name. A
// phone number (+ then digit groups) needs none: it cannot be a formula that does anything, and
// the apostrophe would show. Dates are ISO 8601 (docs/0044-exported-phones-and-dates.md).
// The separator follows the UI language: a semicolon in Slovenian, where the comma is the
// decimal mark and Excel expects semicolons, a comma in English.
import { isDateCell, isoText, tableValues, type CellValue, type ExportTable } from './table'

export const BOM = '\uFEFF'

export type CsvSeparator = ',' | ';'

export function csvSeparator(language: string): CsvSeparator {
  return language === 'sl' ? ';' : ','
}

const FORMULA_START = /^[=+\-@\t\r]/

/**
 * A phone number as exported (+386 41 503 869): a plus sign and groups of digits, one space
 * apart. Read as a formula it has no function, reference, text or other operator to run, so it
 * is written as it is, quoted (docs/0044-exported-phones-and-dates.md).
 */
const PHONE = /^\+\d+( \d+)*$/

/** One cell as CSV text. Numbers and dates are written as they are; texts are guarded and quoted. */
export function csvCell(value: CellValue, separator: CsvSeparator): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  if (isDateCell(value)) return isoText(value)
  if (PHONE.test(value)) return `"${value}"`
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
