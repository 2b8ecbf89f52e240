// The registrar's lists in Chromium (docs/product-rules.md#participant-list and
// #sign-up-lists), on a server of their own whose clock reads the browser's fixed day, with the
// demo data: a registration editor filters /udelezenci to a year and exports CSV and XLSX, and
// both files hold exactly the rows and headers shown; a visitor signs up on /prijavaZaDan and the
// registrar confirms it on /prijaveZaDan. Screenshots at 1440 and 390 px in Slovenian are written
// to e2e/screenshots/ for a person to look at.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Download, Page } from 'playwright-core'
import { repoRoot } from './support/app-build'
import { guardConsole, launch, login, newContext } from './support/browser'
import { waitForMail } from './support/mail'
import { DEVICES } from './support/screens'
import { serverOfItsOwn } from './support/own-server'
import { parseCsv } from './support/csv'

/** A wall-clock time in Ljubljana (CET in November) as a Date. */
const ljubljana = (isoLocal: string) => new Date(`${isoLocal}+01:00`)

/** The last block (16–20 November) is ahead: its days are open to sign-ups. */
const NOW = ljubljana('2026-11-10T12:00:00')
const SHOTS = join(repoRoot, 'e2e/screenshots')

const server = serverOfItsOwn('registrar', { TEST_CLOCK_START: NOW.toISOString() })
let browser: Browser
beforeAll(async () => {
  browser = await launch()
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(() => browser?.close())

async function contextOn(device: (typeof DEVICES)[keyof typeof DEVICES]) {
  const context = await newContext(browser, { ...device, baseURL: server.url })
  await context.clock.setFixedTime(NOW)
  return context
}

async function shoot(page: Page, name: string) {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 }
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({
    path: join(SHOTS, `registrar-${name}-${width}x${height}-sl.png`),
    animations: 'disabled',
    caret: 'hide',
  })
}

/** What the participant table shows: its headers and each row's cells ('—' is empty). */
function shownTable(page: Page) {
  return page.evaluate(() => {
    const table = document.querySelector('table.participants-table')
    const headers = [...(table?.querySelectorAll('thead th button') ?? [])].map(
      (button) => button.firstChild?.textContent?.trim() ?? '',
    )
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => {
        const text = (td.querySelector('.person-link') ?? td).textContent?.trim() ?? ''
        return text === '—' ? '' : text
      }),
    )
    return { headers, rows }
  })
}

/** The demo attendance book has marks for every participant: waits until they are synced. */
async function attendanceSynced(page: Page) {
  await expect
    .poll(() =>
      // The attendance and the standings (from the make-up book) are on the device.
      page
        .locator('td[data-column="percent"], td[data-column="standing"]')
        .evaluateAll((cells) => cells.every((cell) => cell.textContent?.trim() !== '—')),
    )
    .toBe(true)
}

async function download(page: Page, format: 'csv' | 'xlsx'): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`button[data-export="${format}"]`).click(),
  ])
  return file
}

describe('/udelezenci', () => {
  it('filters to a year and exports exactly the shown rows and headers as CSV and XLSX', async () => {
    const context = await contextOn(DEVICES.desktop)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'regEditor')
    await page.goto('/udelezenci?lang=SI')
    await page.locator('html[lang="sl"]').waitFor({ state: 'attached' })
    const rows = page.locator('table.participants-table tbody tr')
    await rows.first().waitFor()
    const everyone = await rows.count()
    await page.locator('select[name="year"]').selectOption('2')
    await expect.poll(() => rows.count()).toBeLessThan(everyone)
    expect(await page.locator('tbody tr:not([data-year="2"])').count()).toBe(0)
    await attendanceSynced(page)
    const shown = await shownTable(page)
    expect(shown.rows.length).toBeGreaterThan(0)
    expect(shown.headers).toEqual([
      'Ime in priimek',
      'E-naslov',
      'Telefon',
      'Država',
      'Letnik',
      'Projekt',
      'Status',
      'Prisotnost %',
      'Zamujeni dnevi',
      'Nadomeščeno',
      'Za nadomestitev',
      'Stanje',
    ])
    await shoot(page, 'udelezenci')

    const csvFile = await download(page, 'csv')
    expect(csvFile.suggestedFilename()).toBe('udelezenci-2026-11-10.csv')
    const bytes = readFileSync((await csvFile.path()) as string)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    // Slovenian: semicolons; a formula is guarded with an apostrophe, a phone number is not
    // (docs/0044-exported-phones-and-dates.md).
    const csv = parseCsv(bytes.toString('utf8').slice(1), ';')
    const phoneNumber = /^\+\d+( \d+)*$/
    const guarded = (cell: string) =>
      /^[=+\-@]/.test(cell) && !phoneNumber.test(cell) ? `'${cell}` : cell
    expect(csv).toEqual([shown.headers, ...shown.rows.map((row) => row.map(guarded))])

    const xlsxFile = await download(page, 'xlsx')
    expect(xlsxFile.suggestedFilename()).toBe('udelezenci-2026-11-10.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile((await xlsxFile.path()) as string)
    const sheet = workbook.worksheets[0]
    const xlsx = (sheet?.getSheetValues() ?? [])
      .slice(1)
      .map((row) => (Array.isArray(row) ? row.slice(1).map((cell) => String(cell ?? '')) : []))
    expect(xlsx).toEqual([shown.headers, ...shown.rows])

    // A person's row opens their page, and the browser's back button returns to the filtered list.
    await page.locator('tbody tr .person-link').first().click()
    await page.locator('.person-page h1').waitFor()
    await page.locator('.person-graph, .person-page p').first().waitFor()
    expect(await page.locator('.enrolment-card[data-year="2"]').count()).toBe(1)
    await shoot(page, 'oseba')
    await page.goBack()
    await rows.first().waitFor()
    expect(await page.locator('select[name="year"]').inputValue()).toBe('2')

    const phone = await contextOn(DEVICES.phone)
    const phonePage = await phone.newPage()
    await login(phonePage, 'regEditor')
    await phonePage.goto('/udelezenci?lang=SI')
    await phonePage.locator('table.participants-table tbody tr').first().waitFor()
    await attendanceSynced(phonePage)
    await shoot(phonePage, 'udelezenci')
    // No header row to tap on a phone: the sort is a list of its own.
    await phonePage.locator('select[name="sort"]').selectOption('year:desc')
    await expect
      .poll(() =>
        phonePage
          .locator('tbody tr')
          .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-year')))),
      )
      .toSatisfy((years: number[]) => years.every((year, i) => i === 0 || year <= years[i - 1]!))
    expect(await phonePage.locator('tbody tr').first().getAttribute('data-year')).toBe('4')
    await phone.close()
    guard.check()
    await context.close()
  })
})

describe('/prijaveZaDan', () => {
  it('a visitor signs up on /prijavaZaDan and a registration editor confirms it', async () => {
    const visitor: BrowserContext = await contextOn(DEVICES.phone)
    const visitorGuard = guardConsole(visitor)
    const form = await visitor.newPage()
    await form.goto('/prijavaZaDan?lang=SI')
    const unique = Date.now().toString(36)
    const name = `Eva Obiskovalka ${unique}`
    await form.locator('select[name="dayId"] option[value="lfit_20261118"]').waitFor({
      state: 'attached',
    })
    await form.locator('input[name="name"]').fill(name)
    await form.locator('input[name="email"]').fill(`Eva.${unique}@example.si`)
    await form.locator('input[name="phone"]').fill('041 555 321')
    await form.locator('select[name="dayId"]').selectOption('lfit_20261118')
    await form.locator('form button[type="submit"]').click()
    await form.locator('[data-testid="signup-confirmation"]').waitFor()
    // The visitor is told by e-mail what was received, in the form's language.
    const email = `eva.${unique}@example.si`
    const received = await waitForMail(server.dataDir, { to: email, kind: 'signupReceived' })
    expect(received.subject).toBe('LFIT: prijava na dan vadbe prejeta')
    expect(received.text).toContain('sreda, 18. november 2026, 09:30–16:30')
    visitorGuard.check()
    await visitor.close()

    const context = await contextOn(DEVICES.desktop)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'regEditor')
    await page.goto('/prijaveZaDan?lang=SI')
    const day = page.locator('article.signup-day[data-day="lfit_20261118"]')
    const row = day.locator('tbody tr', { hasText: name })
    await row.waitFor()
    expect(await row.getAttribute('data-status')).toBe('received')
    // The demo's own sign-ups for coming days are on the list too (docs/0051-living-demo.md):
    // the count is of every row, none confirmed or cancelled yet.
    const rows = await day.locator('tbody tr[data-status="received"]').count()
    expect(rows).toBe(await day.locator('tbody tr').count())
    expect(await day.locator('[data-testid="signup-counts"]').innerText()).toContain(
      `Pričakovanih: ${rows} (potrjenih: 0, čaka na odločitev: ${rows})`,
    )
    await shoot(page, 'prijavezadan')
    await row.locator('button[data-action="confirm"]').click()
    await day.locator('tbody tr[data-status="confirmed"]', { hasText: name }).waitFor()
    expect(await row.locator('.status').innerText()).toBe('Potrjena')
    // Confirmed: the decision is on the server, not only on this screen, and e-mailed.
    await page.reload()
    await day.locator('tbody tr[data-status="confirmed"]', { hasText: name }).waitFor()
    const confirmed = await waitForMail(server.dataDir, {
      to: email,
      kind: 'signupConfirmed',
    })
    expect(confirmed.subject).toBe('LFIT: prijava na dan vadbe potrjena')
    expect(confirmed.text).toContain(`Pozdravljeni, ${name}!`)

    const phone = await contextOn(DEVICES.phone)
    const phonePage = await phone.newPage()
    await login(phonePage, 'regEditor')
    await phonePage.goto('/prijaveZaDan?lang=SI')
    await phonePage.locator('article.signup-day').first().waitFor()
    await shoot(phonePage, 'prijavezadan')
    await phone.close()
    guard.check()
    await context.close()
  })
})

describe('/prijaveNaDogodke', () => {
  it('a reservation sent in English is noted and cancelled, and the visitor is told in English', async () => {
    const visitor = await contextOn(DEVICES.phone)
    const visitorGuard = guardConsole(visitor)
    const form = await visitor.newPage()
    await form.goto('/rezervacija?lang=EN')
    const unique = Date.now().toString(36)
    const name = `Ana Reserve ${unique}`
    const email = `ana.${unique}@example.si`
    await form.locator('select[name="dayId"] option[value="lfit_20261119"]').waitFor({
      state: 'attached',
    })
    await form.locator('input[name="name"]').fill(name)
    await form.locator('input[name="email"]').fill(email)
    await form.locator('input[name="phone"]').fill('+386 41 555 322')
    await form.locator('select[name="dayId"]').selectOption('lfit_20261119')
    await form.locator('textarea[name="message"]').fill('=2 places, please')
    await form.locator('form button[type="submit"]').click()
    await form.locator('[data-testid="signup-confirmation"]').waitFor()
    const received = await waitForMail(server.dataDir, {
      to: email,
      kind: 'reservationReceived',
    })
    expect(received.subject).toBe('LFIT: reservation received')
    expect(received.text).toContain('=2 places, please')
    visitorGuard.check()
    await visitor.close()

    const context = await contextOn(DEVICES.desktop)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'regEditor')
    await page.goto('/prijaveNaDogodke?lang=SI')
    const row = page.locator('article.signup-day[data-day="lfit_20261119"] tbody tr', {
      hasText: name,
    })
    await row.waitFor()
    await row.getByRole('button', { name: 'Dodaj opombo' }).click()
    await row.locator('textarea[name="note"]').fill('Plača ob prihodu')
    await row.getByRole('button', { name: 'Shrani opombo' }).click()
    await row.locator('.note-text', { hasText: 'Plača ob prihodu' }).waitFor()

    await row.getByRole('button', { name: 'Prekliči prijavo' }).click()
    await page.locator('dialog[open]').getByRole('button', { name: 'Da, prekliči prijavo' }).click()
    await page.locator('tbody tr[data-status="cancelled"]', { hasText: name }).waitFor()
    const cancelled = await waitForMail(server.dataDir, {
      to: email,
      kind: 'reservationCancelled',
    })
    expect(cancelled.subject).toBe('LFIT: reservation cancelled')
    expect(cancelled.text).toContain('Thursday, 19 November 2026')
    expect(cancelled.text).not.toContain('Plača ob prihodu')

    // The export holds the shown row with its note and the guarded message; the phone reads as a
    // phone (no apostrophe), the day and the time received are ISO 8601 dates
    // (docs/0044-exported-phones-and-dates.md).
    const csvFile = await download(page, 'csv')
    expect(csvFile.suggestedFilename()).toBe('prijaveNaDogodke-2026-11-10.csv')
    const csv = parseCsv(readFileSync((await csvFile.path()) as string, 'utf8').slice(1), ';')
    expect(csv[0]).toEqual([
      'Dan',
      'Ure',
      'Ime in priimek',
      'E-naslov',
      'Telefon',
      'Sporočilo',
      'Prejeto',
      'Status',
      'Opomba',
    ])
    const mine = csv.find((cells) => cells[2] === name)
    expect(mine?.slice(0, 2)).toEqual([
      '2026-11-19',
      expect.stringMatching(/^\d{2}:\d{2}–\d{2}:\d{2}$/),
    ])
    expect(mine?.slice(3)).toEqual([
      email,
      '+386 41 555 322',
      "'=2 places, please",
      expect.stringMatching(/^2026-11-10 12:0\d$/),
      'Preklicana',
      'Plača ob prihodu',
    ])
    // In the XLSX the day and the time received are date cells, with an ISO date format.
    const xlsxFile = await download(page, 'xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile((await xlsxFile.path()) as string)
    const sheet = workbook.worksheets[0]
    const line = sheet?.getColumn(3).values.findIndex((cell) => cell === name) ?? -1
    expect(line).toBeGreaterThan(1)
    const [day, receivedAt] = [sheet?.getCell(line, 1), sheet?.getCell(line, 7)]
    expect(day?.type).toBe(ExcelJS.ValueType.Date)
    expect(day?.value).toEqual(new Date(Date.UTC(2026, 10, 19)))
    expect(day?.numFmt).toBe('yyyy-mm-dd')
    expect(receivedAt?.type).toBe(ExcelJS.ValueType.Date)
    expect((receivedAt?.value as Date).toISOString()).toMatch(/^2026-11-10T12:0\d:00\.000Z$/)
    expect(receivedAt?.numFmt).toBe('yyyy-mm-dd hh:mm')
    expect(sheet?.getCell(line, 5).value).toBe('+386 41 555 322')
    await shoot(page, 'prijavenadogodke')
    guard.check()
    await context.close()
  })
})
