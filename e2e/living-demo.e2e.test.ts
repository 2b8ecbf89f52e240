// The living demo (docs/0051-living-demo.md) in Chromium: a fresh demo server started on a given
// day, whatever that day is, shows a programme in progress. For two days in different seasons
// (today, and a summer day with the server's clock moved there by TEST_CLOCK_START), one server
// each on an empty data directory: /urnik lists study days in the coming two weeks,
// /prijavaZaDan offers a day, /ETAB opens on a sheet with participants, /nadomescanje offers a
// session with free places, and the photos, materials, library, recordings and certificate list
// are not empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { addDays, compactDate, localDayStr } from '@lfit/domain/schedule'
import { guardConsole, launch, login, newContext } from './support/browser'
import { serverOfItsOwn } from './support/own-server'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

/** Day ids of the study days in the rows of the page, as `lfit_YYYYMMDD`. */
const studyDayRows = (page: Page) =>
  page
    .locator('tr[data-day]:not(.free-day)')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-day') ?? ''))

const DAYS: [string, Date | null][] = [
  ['today', null],
  ['a summer Wednesday', new Date('2027-07-14T08:30:00+02:00')],
]

describe.each(DAYS)('a fresh demo started on %s', (_name, start) => {
  const server = serverOfItsOwn('living-demo', {
    DEMO_CALENDAR: 'today',
    ...(start ? { TEST_CLOCK_START: start.toISOString() } : {}),
  })
  const now = start ?? new Date()
  const today = localDayStr(now)

  /** A context on this server whose device clock reads the server's day. */
  async function contextOnTheDay() {
    const context = await newContext(browser, { baseURL: server.url })
    // The app reads "today" from the device's clock.
    if (start) await context.clock.setFixedTime(start)
    return context
  }

  it('has make-up places, photos, material, library, recordings and certificates', async () => {
    // A participant of year 1: make-up sessions, the galleries, their material and the library.
    const context = await contextOnTheDay()
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/nadomescanje')
    await page.locator('.makeup-session .makeup-free').first().waitFor()
    await login(page, 'participant')
    await page.goto('/photos')
    await page.locator('.album-card').first().click()
    const photo = page.locator('.photo-grid img').first()
    await photo.waitFor()
    // The generated photo's served size loads (decoded, not a broken image).
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
    await page.goto('/gradiva')
    await page.locator('[data-material="demo-material-1-notes"]').waitFor()
    await page.locator('[data-material="demo-recording-1"]').waitFor()
    await page.goto('/knjiznjica')
    await page.locator('tr[data-item="demo-library-article"]').waitFor()
    guard.check()
    await context.close()

    // The administrator: the recordings and the past cohort's certificates.
    const staff = await contextOnTheDay()
    const staffGuard = guardConsole(staff)
    const staffPage = await staff.newPage()
    await login(staffPage, 'admin')
    await staffPage.goto('/mediji')
    await staffPage.locator('tr[data-row="demo-recording-1"]').waitFor()
    await staffPage.goto('/atmcertslist')
    await staffPage.locator('select[name="scope"]').selectOption('programme')
    await staffPage.locator('[data-certificate][data-status="valid"]').first().waitFor()
    staffGuard.check()
    await staff.close()
  })

  it("has coming study days to show, sign up for and mark today's sheet of", async () => {
    const context = await contextOnTheDay()
    const guard = guardConsole(context)
    const page = await context.newPage()
    const soon = compactDate(addDays(today, 14))
    const tomorrow = compactDate(addDays(today, 1))
    await page.goto('/urnik')
    // The timetable opens on the segment of the latest block that has ended (the rule of
    // docs/product-rules.md#schedule); the next training day is named above it, and one tap
    // shows its segment, with the coming days.
    const next = page.locator('[data-testid="timetable-next"]')
    // (Once the server's calendar has replaced the one built into the app.)
    await expect
      .poll(async () => {
        const day = (await next.getAttribute('data-day'))?.slice(5) ?? ''
        return day >= compactDate(today) && day <= soon
      })
      .toBe(true)
    const show = next.getByRole('button')
    if (await show.count()) await show.click()
    await expect
      .poll(async () =>
        (await studyDayRows(page)).filter((id) => id.slice(5) >= tomorrow && id.slice(5) <= soon),
      )
      .not.toHaveLength(0)
    for (const form of ['/prijavaZaDan', '/rezervacija']) {
      await page.goto(form)
      const offered = page.locator('select[name="dayId"] option:not([value=""])')
      await offered.first().waitFor({ state: 'attached' })
      expect(await offered.count()).toBeGreaterThan(0)
    }
    // The tablet opens on today's sheet, with its participants.
    await login(page, 'presenceEditor')
    await page.goto('/ETAB')
    await page.locator('.etab-row[data-participant]').first().waitFor()
    // The address is rewritten to name the day it opened on.
    await page.waitForURL((url) => url.searchParams.has('day'))
    expect(new URL(page.url()).searchParams.get('day')).toBe(today)
    guard.check()
    await context.close()
  })
})
