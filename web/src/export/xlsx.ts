// XLSX through exceljs, loaded only when someone exports: the library is large and most people
// never export, so it never weighs on the first page (npm run check:bundle). Texts are written as
// texts (never formulas), numbers as numbers; the header row is bold, frozen and filterable.
import { tableValues, type ExportTable } from './table'

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
  sheet.addRow(header).font = { bold: true }
  for (const row of rows) sheet.addRow(row.map((cell) => cell ?? ''))
  sheet.columns.forEach((column, index) => {
    const widest = Math.max(...[header, ...rows].map((row) => String(row[index] ?? '').length), 6)
    column.width = Math.min(widest + 2, 60)
  })
  if (header.length > 0) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } }
  }
  const buffer = await workbook.xlsx.writeBuffer()
  return buffer as ArrayBuffer
}
