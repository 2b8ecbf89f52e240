// The administrator's and registrar's lists at the desk (1440 px), in both languages: /auth/users
// filters by role and status on the server, shows a page of at most 100 users at a time and
// exports every user of its filter (not only the page) as CSV and XLSX; /prijave exports the
// applications it shows.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Download, Page } from 'playwright-core'
import { apiCall, guardConsole, launch, login, newContext } from './support/browser'
import { parseCsv } from './support/csv'
import { DEVICES, LANGUAGES, openScreen } from './support/screens'

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/lfit-shots'
/** A run-unique last name, so a rerun against a running server finds only its own users. */
const FAMILY = `Stran${Date.now().toString(36)}`
const MADE = 130

let browser: Browser
beforeAll(async () => {
  browser = await launch()
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

async function download(page: Page, format: 'csv' | 'xlsx'): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`button[data-export="${format}"]`).click(),
  ])
  return file
}

const rows = (page: Page) => page.locator('table.users-table tbody tr')
const total = async (page: Page) =>
  Number(await page.locator('.users-pages [data-total]').getAttribute('data-total'))

/** The data rows of a downloaded CSV (its header row dropped). */
async function csvRows(file: Download, separator: string): Promise<string[][]> {
  const text = readFileSync((await file.path()) as string).toString('utf8')
  return parseCsv(text.replace(/^\uFEFF/, ''), separator).slice(1)
}

describe('/auth/users at the desk', () => {
  it('filters by role and status, pages by 100 and exports every user of the filter', async () => {
    const context = await newContext(browser, DEVICES.desktop)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'admin')
    // More users of one name than a page holds: made in one call, as an import would. Their
    // usernames sort after everyone's and they go at the end, so the other tests' new users
    // stay on the first page of the shared server's list.
    const made = Array.from({ length: MADE }, (_, index) => ({
      _id: `zzz-${FAMILY.toLowerCase()}-${index}`,
      username: `zzz-${FAMILY.toLowerCase()}-${String(index).padStart(3, '0')}@example.com`,
      firstName: 'Oseba',
      lastName: FAMILY,
      roles: index % 2 === 0 ? ['educator'] : ['participant'],
      status: index % 13 === 0 ? 'blocked' : 'active',
    }))
    expect(await apiCall(context, '/api/db/users/insert', { insert: made })).toBe(200)
    try {
      await filterPageAndExport(page, made)
    } finally {
      for (const { _id } of made) await apiCall(context, '/api/db/users/deleteOne', { _id })
    }
    guard.check()
    await context.close()
  })
})

type Made = { username: string; roles: string[]; status: string }

async function filterPageAndExport(page: Page, made: readonly Made[]) {
  for (const language of LANGUAGES) {
    await openScreen(page, '/auth/users', language)
    const search = page.locator('.users-search input[name="iskanje"]')
    await search.fill(FAMILY)
    await search.press('Enter')
    await expect.poll(() => total(page)).toBe(MADE)
    await expect.poll(() => rows(page).count()).toBe(100)
    await page.screenshot({ path: join(SHOTS, `users-desk-${language.lang}.png`) })

    // The second page holds the rest.
    await page.locator('.pager button').last().click()
    await expect.poll(() => rows(page).count()).toBe(MADE - 100)
    await expect(page.locator('.pager [data-page]').getAttribute('data-page')).resolves.toBe('2')

    // A role: only the educators of the name, back on the first page.
    await page.locator('select[name="vloga"]').selectOption('educator')
    const educators = made.filter((user) => user.roles.includes('educator'))
    await expect.poll(() => total(page)).toBe(educators.length)
    await expect(page.locator('.pager [data-page]').getAttribute('data-page')).resolves.toBe('1')

    // A status: of those, the blocked ones.
    await page.locator('select[name="stanje"]').selectOption('blocked')
    const blocked = educators.filter((user) => user.status === 'blocked')
    await expect.poll(() => total(page)).toBe(blocked.length)
    await expect(
      rows(page).evaluateAll((all) => all.map((row) => row.getAttribute('data-status'))),
    ).resolves.toEqual(blocked.map(() => 'blocked'))
    await page.locator('select[name="vloga"]').selectOption('')
    await page.locator('select[name="stanje"]').selectOption('')
    await expect.poll(() => total(page)).toBe(MADE)

    // The export holds every user of the filter, not only the page shown.
    const separator = language.lang === 'sl' ? ';' : ','
    const csv = await csvRows(await download(page, 'csv'), separator)
    expect(csv.map((row) => row[2]).sort()).toEqual(made.map((user) => user.username).sort())
    const xlsx = await download(page, 'xlsx')
    expect(xlsx.suggestedFilename()).toMatch(/^uporabniki-.*\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile((await xlsx.path()) as string)
    expect(workbook.worksheets[0]?.actualRowCount).toBe(MADE + 1)
  }
}

describe('/prijave at the desk', () => {
  for (const language of LANGUAGES) {
    it(`exports the applications it shows (${language.lang})`, async () => {
      const context = await newContext(browser, DEVICES.desktop)
      const guard = guardConsole(context)
      const page = await context.newPage()
      await login(page, 'regEditor')
      await openScreen(page, '/prijave', language, '.applications-bulk')
      // Every status, so the demo's applications are all shown.
      await page.locator('.applications-filters select[name="status"]').selectOption('')
      const shown = page.locator('table.applications-table tbody tr[data-application]')
      await expect.poll(() => shown.count()).toBeGreaterThan(0)
      const people = await shown.evaluateAll((all) =>
        all.map((row) => row.getAttribute('data-application') ?? ''),
      )
      await page.screenshot({ path: join(SHOTS, `prijave-desk-${language.lang}.png`) })
      const separator = language.lang === 'sl' ? ';' : ','
      const csv = await csvRows(await download(page, 'csv'), separator)
      // The e-mail column (the third), in the order shown.
      expect(csv.map((row) => row[2])).toEqual(people)
      const xlsx = await download(page, 'xlsx')
      expect(xlsx.suggestedFilename()).toMatch(/^prijave-.*\.xlsx$/)
      guard.check()
      await context.close()
    })
  }
})
