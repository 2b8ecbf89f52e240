// One person's attendance figures in Chromium, read wherever they are shown: /udelezenci and its
// CSV/XLSX, /prisotnosti (the overview and the matrix and standing exports), /prisotnostGraf,
// /mojRacun (as the person), and the certificate list with its export. They are one set
// (docs/product-rules.md#attendance-figures), so every screen says the same: once /udelezenci read
// "100 · 1 · 0 · 1" (100 % beside a missed day) and /mojRacun "Odsoten 1 … 90". Lara Božič gets
// an excused day and a late one first, so the figures have something to disagree about.
import { readFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { schedule, type StudyDay } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { SYNC_PROTOCOL_VERSION } from '@lfit/domain/sync/protocol'
import { demoPeople } from '../sync-server/src/seed/demo-data'
import {
  afterFirstSync,
  apiCall,
  DEMO_PASSWORD,
  guardConsole,
  launch,
  login,
  newContext,
} from './support/browser'
import { parseCsv } from './support/csv'
import { DEVICES } from './support/screens'

const PERSON = 'lara.bozic@demo.test'
const NAME = 'Lara Božič'
const YEAR = demoPeople().find((person) => person.username === PERSON)?.year as number

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

type Sheet = string[][]

async function download(page: Page, scope: string, format: 'csv' | 'xlsx') {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`${scope} button[data-export="${format}"]`).first().click(),
  ])
  return (await file.path()) as string
}

/**
 * The person's row of a screen's export, by its column headers: read from the XLSX (through
 * exceljs) and from the CSV, which must give the same figures.
 */
async function exportedRow(
  page: Page,
  scope: string,
  figures: readonly string[],
): Promise<Record<string, string>> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await download(page, scope, 'xlsx'))
  const xlsx = (workbook.worksheets[0]?.getSheetValues() ?? [])
    .slice(1)
    .map((row) => (Array.isArray(row) ? row.slice(1).map((cell) => String(cell ?? '')) : []))
  const csv = readFileSync(await download(page, scope, 'csv'), 'utf8').replace(/^\uFEFF/, '')
  const fromXlsx = rowOf(xlsx, NAME)
  const fromCsv = rowOf(parseCsv(csv, ','), NAME)
  const only = (row: Record<string, string>) => figures.map((title) => row[title])
  expect(only(fromCsv), `${scope}: CSV and XLSX`).toEqual(only(fromXlsx))
  return fromXlsx
}

/** The person's row of an exported table, by its column headers. */
function rowOf(sheet: Sheet, name: string): Record<string, string> {
  const [header = [], ...rows] = sheet
  const row = rows.find((cells) => cells[0] === name)
  expect(row, `${name} in the export`).toBeDefined()
  return Object.fromEntries(header.map((title, index) => [title, row?.[index] ?? '']))
}

const texts = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''))

/** Waits until `selector`'s cells show figures, not "—" while the make-up book is read. */
async function figuresIn(page: Page, selector: string): Promise<string[]> {
  await expect
    .poll(async () => (await texts(page, selector)).some((text) => /\d/.test(text)), {
      timeout: 30_000,
    })
    .toBe(true)
  return texts(page, selector)
}

/** An excused day and a late day for Lara, pushed by the presence editor as a tablet would. */
async function markLara(context: BrowserContext): Promise<void> {
  const past = schedule().days.filter(
    (day): day is StudyDay => !day.freeDay && day.year === YEAR && day.to <= Date.now(),
  )
  const [late, excused] = past.slice(-2) as [StudyDay, StudyDay]
  const edit = (day: StudyDay, mark: string, counter: number) => ({
    id: `figures-${day.id}-${mark}`,
    collection: 'attendance',
    recordId: `${day.id}:${PERSON}`,
    hlc: encodeHlc({ wall: Date.now(), counter, node: 'e2e-figures' }),
    deviceId: 'e2e-figures',
    fields: { mark },
  })
  const status = await apiCall(context, '/api/db/attendance/upsertBatch', {
    v: SYNC_PROTOCOL_VERSION,
    batch: [edit(late, 'late', 0), edit(excused, 'excused', 1)],
  })
  expect(status).toBe(200)
}

describe('one person’s attendance figures', () => {
  it('are the same on every screen, in every export and for the certificate', async () => {
    const editor = await newContext(browser)
    const editorPage = await editor.newPage()
    await login(editorPage, 'presenceEditor')
    await markLara(editor)
    await editor.close()

    const context = await newContext(browser, DEVICES.desktop)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'admin')
    await afterFirstSync(page)

    // /udelezenci: Attendance %, missed, made up, to make up; and its export.
    await page.goto('/udelezenci?lang=EN')
    const listRow = `tr[data-person="${PERSON}"][data-year="${YEAR}"]`
    await figuresIn(page, `${listRow} td[data-column="percent"]`)
    const cell = async (column: string) =>
      (await texts(page, `${listRow} td[data-column="${column}"]`))[0] ?? ''
    const percent = Number(await cell('percent'))
    const missed = Number(await cell('missed'))
    const madeUp = Number(await cell('madeUp'))
    const outstanding = Number(await cell('outstanding'))
    const listColumns = ['Attendance %', 'Missed days', 'Made up', 'To make up']
    const list = await exportedRow(page, 'main', listColumns)
    expect(listColumns.map((title) => list[title])).toEqual(
      [percent, missed, madeUp, outstanding].map(String),
    )

    // /prisotnosti: the overview's row, the matrix's and the standing's.
    await page.goto('/prisotnosti?lang=EN')
    await page.locator('select[name="year"]').selectOption(String(YEAR))
    const overview = await figuresIn(page, `tr[data-participant="${PERSON}"] td`)
    const [attended, absent, excused] = overview.map(Number) as [number, number, number]
    expect(overview[3]).toBe(String(percent))
    const matrix = await exportedRow(page, '[data-report="matrix"]', [
      'Attended',
      'of them late',
      'Absent',
      'Excused',
      '%',
    ])
    expect([matrix['Attended'], matrix['Absent'], matrix['Excused'], matrix['%']]).toEqual(
      [attended, absent, excused, percent].map(String),
    )
    const late = Number(matrix['of them late'])
    const standingColumns = [
      'Missed this year',
      'Late this year',
      'Made up this year',
      'To make up this year',
    ]
    const standing = await exportedRow(page, '[data-report="standing"]', standingColumns)
    expect(standingColumns.map((title) => standing[title])).toEqual(
      [missed, late, madeUp, outstanding].map(String),
    )

    // /prisotnostGraf: the year's bar.
    await page.goto('/prisotnostGraf?lang=EN')
    // The one person picker (type to filter, then choose), which replaced the list of everyone.
    await page.locator('.person-picker input[role="combobox"]').fill(NAME)
    await page.locator(`.person-picker [role="option"][data-username="${PERSON}"]`).click()
    await expect
      .poll(() =>
        page
          .locator(
            `.person-graph[data-person="${PERSON}"] [role="meter"][aria-label="Year ${YEAR}"]`,
          )
          .getAttribute('aria-valuenow'),
      )
      .toBe(String(percent))

    // The certificate list for the year, and its export.
    await page.goto('/ATMcertsList?lang=EN')
    await page.locator('select[name="scope"]').selectOption(String(YEAR))
    const certificate = await figuresIn(
      page,
      `table.certificates-table[data-scope="${YEAR}"] tr[data-person="${PERSON}"] td`,
    )
    expect(certificate.slice(3, 9)).toEqual(
      [attended, percent, missed, madeUp, outstanding, late].map(String),
    )
    const certificateColumns = ['Attended', '%', 'Missed', 'Made up', 'To make up', 'Times late']
    const certificates = await exportedRow(page, '.list-toolbar', certificateColumns)
    expect(certificateColumns.map((title) => certificates[title])).toEqual(
      [attended, percent, missed, madeUp, outstanding, late].map(String),
    )
    guard.check()
    await context.close()

    // /mojRacun, as Lara.
    const own = await newContext(browser, DEVICES.phone)
    const ownGuard = guardConsole(own)
    const ownPage = await own.newPage()
    await login(ownPage, 'participant', { username: PERSON, password: DEMO_PASSWORD })
    await ownPage.goto('/mojRacun?lang=EN')
    const mine = await figuresIn(ownPage, `table.account-table tr[data-year="${YEAR}"] td`)
    expect(mine).toEqual([attended, absent, excused, percent].map(String))
    ownGuard.check()
    await own.close()

    // The figures are one set: they add up, and one missed day never reads as 100 %.
    expect(excused).toBeGreaterThanOrEqual(1)
    expect(late).toBeGreaterThanOrEqual(1)
    expect(absent + excused).toBe(missed)
    expect(madeUp + outstanding).toBe(missed)
    expect(percent).toBe(Math.floor((attended * 100) / (attended + missed)))
  })
})
