// Saves an export as a file named after the screen and the day it was made, e.g.
// "udelezenci-2026-11-25.xlsx", so that several exports sort by date in a downloads folder.
import { toCsv, csvSeparator } from './csv'
import type { ExportTable } from './table'
import { toXlsx } from './xlsx'

export type ExportFormat = 'csv' | 'xlsx'

const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** The local calendar date (the registrar's day), as YYYY-MM-DD. */
export function exportFileName(screen: string, format: ExportFormat, at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
  return `${screen}-${date}.${format}`
}

export async function exportTable<R>(
  table: ExportTable<R>,
  format: ExportFormat,
  options: { screen: string; title: string; language: string },
): Promise<void> {
  const content =
    format === 'csv'
      ? toCsv(table, csvSeparator(options.language))
      : await toXlsx(table, options.title)
  const blob = new Blob([content], { type: TYPES[format] })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = exportFileName(options.screen, format, new Date())
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
