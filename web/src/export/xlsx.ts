// XLSX through exceljs, loaded only when someone exports: the library is large and most people
// never export, so it never weighs on the first page (npm run check:bundle). Texts are written as
// texts (never formulas), numbers as numbers, dates as date cells with a date format
// (docs/0044-exported-phones-and-dates.md); the header row is bold, frozen and filterable.
import type { Cell } from 'exceljs'
import { isDateCell, isoText, tableValues, type CellValue, type ExportTable } from './table'

/** How a date cell shows: ISO 8601, read the same in every language. */
const DAY_FORMAT = 'yyyy-mm-dd'
const MOMENT_FORMAT = 'yyyy-mm-dd hh:mm'

/**
 * The date as the spreadsheet's serial date of its wall-clock time: exceljs writes a Date by its
 * UTC reading, and a spreadsheet date has no time zone, so the studio's clock goes in as UTC.
 */
function spreadsheetDate(day: string, time = '00:00'): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  return new Date(Date.UTC(year, month - 1, date, hour, minute))
}

function setCell(cell: Cell, value: CellValue): void {
  if (isDateCell(value)) {
    cell.value = spreadsheetDate(value.day, value.time)
    cell.numFmt = value.time ? MOMENT_FORMAT : DAY_FORMAT
  } else cell.value = value ?? ''
}

/** How wide a value reads, for the column width. */
function shownLength(value: CellValue | undefined): number {
  if (value === undefined || value === null) return 0
  return isDateCell(value) ? isoText(value).length : String(value).length
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1'
}

export async function toXlsx<R>(table: ExportTable<R>, name: string): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  workbook.created = new Date()
  const sheet = workbook.addWorksheet(sheetName(name), {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  const [header = [], ...rows] = tableValues(table)
  const headerRow = sheet.getRow(1)
  header.forEach((value, index) => setCell(headerRow.getCell(index + 1), value))
  headerRow.font = { bold: true }
  rows.forEach((values, rowIndex) => {
    const row = sheet.getRow(rowIndex + 2)
    values.forEach((value, index) => setCell(row.getCell(index + 1), value))
  })
  sheet.columns.forEach((column, index) => {
    const widest = Math.max(...[header, ...rows].map((row) => shownLength(row[index])), 6)
    column.width = Math.min(widest + 2, 60)
  })
  if (header.length > 0) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } }
  }
  const buffer = await workbook.xlsx.writeBuffer()
  return buffer as ArrayBuffer
}
