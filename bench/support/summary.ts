// The issue-10 table at the end of `npm run bench`: each benchmark records its figures here as it
// prints them, and bench/run.ts prints them together, in the table's order, with the goal and the
// load average each was measured under. Figures only: nothing here or anywhere in bench/ asserts.
import { appendFileSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'

/** The rows of the table, in the order they are printed. */
export const FIGURES = [
  'push 1,000 edits, one batch',
  'push 1,000 edits, 10 batches of 100',
  'fresh device pulls 30,000 records',
  'new tablet: login until all in IndexedDB',
  'find under 50 connections',
  'sync of 1,000 queued edits after reconnecting',
  'tap on /ETAB, 4× CPU throttling',
  'roll call of 35, four exceptions',
  "a visitor's JavaScript on / until idle, gzip",
  'Lighthouse mobile performance',
] as const
export type Figure = (typeof FIGURES)[number]

export interface SummaryRow {
  figure: Figure
  /** What was measured, in words and units ("70 ms", "p95 14.2 ms"). */
  value: string
  /** The ratio to the peer or floor of the same run, in words ("1.73× faster than PouchDB"). */
  ratio?: string
  goal: string
  met: boolean
  /** The 1-minute load average when it was measured. */
  load: string
}

/** The environment variable bench/run.ts sets to the file the rows are collected in. */
export const SUMMARY_FILE_ENV = 'BENCH_SUMMARY_FILE'

export const loadNow = (): string => loadavg()[0]!.toFixed(2)

/** Records one row of the table (when run through `npm run bench`; alone, a bench just prints). */
export function recordFigure(row: Omit<SummaryRow, 'load'> & { load?: string }): void {
  const file = process.env[SUMMARY_FILE_ENV]
  if (!file) return
  appendFileSync(file, `${JSON.stringify({ ...row, load: row.load ?? loadNow() })}\n`)
}

/** The table as text, one line per recorded row, in the table's order; missing rows say so. */
export function summaryTable(file: string): string {
  let text = ''
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    // No benchmark recorded anything.
  }
  const rows = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SummaryRow)
  const lines = ['figure | measured | ratio | goal | met | load (1 min)', '---|---|---|---|---|---']
  for (const figure of FIGURES) {
    const ofFigure = rows.filter((row) => row.figure === figure)
    if (ofFigure.length === 0) lines.push(`${figure} | not measured in this run | | | |`)
    for (const row of ofFigure) {
      const met = row.met ? 'yes' : 'no'
      lines.push(
        `${row.figure} | ${row.value} | ${row.ratio ?? '—'} | ${row.goal} | ${met} | ${row.load}`,
      )
    }
  }
  return lines.join('\n')
}
