// A lost login on the studio tablet is loud, and nothing is lost: the presence editor's session
// ends (its cookie is gone, as after a night), marks made afterwards stay on the tablet, every
// screen says how many wait and that someone must log in, the header no longer says "Online",
// a reload keeps all of it, and logging in through the banner returns to the same address and
// sends the marks at once. A participant who logs in on the tablet instead may not send them:
// they stay queued, and every screen keeps saying that they wait for someone who may.
// Real server, Debian's Chromium, tablet viewport, no sleeps.
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Packr } from 'msgpackr'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { AttendanceRecord } from '@lfit/domain/records/attendance'
import { SYNC_PROTOCOL_VERSION, type PullResponse } from '@lfit/domain/sync/protocol'
import {
  DEMO_PASSWORD,
  baseURL,
  demoUser,
  guardConsole,
  launch,
  login,
  newContext,
} from './support/browser'

const TABLET = { width: 1024, height: 768 }
const MSGPACK = 'application/msgpack'
const packr = new Packr({ useRecords: false, mapsAsObjects: true })

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** Every attendance record the context's user may read, by a full pull from the server. */
async function serverAttendance(context: BrowserContext): Promise<Map<string, AttendanceRecord>> {
  const records = new Map<string, AttendanceRecord>()
  let cursor: string | null = null
  for (;;) {
    const response = await context.request.post(`${baseURL()}/api/db/attendance/pull`, {
      headers: { 'content-type': MSGPACK, accept: MSGPACK },
      data: Buffer.from(packr.pack({ v: SYNC_PROTOCOL_VERSION, cursor })),
    })
    expect(response.status()).toBe(200)
    const body = packr.unpack(await response.body()) as PullResponse
    for (const record of body.changes.attendance) records.set(record._id, record)
    if (!body.more) return records
    cursor = body.cursor
  }
}

/** How many edits the device's IndexedDB outbox holds (read with the browser's own API). */
function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('lfit')
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const db = request.result
          const count = db.transaction('outbox').objectStore('outbox').count()
          count.onerror = () => reject(count.error)
          count.onsuccess = () => {
            db.close()
            resolve(count.result)
          }
        }
      }),
  )
}

const pending = (page: Page, count: number) =>
  page.locator(`details.sync-status[data-pending="${count}"]`).waitFor()

const banner = (page: Page) => page.locator('section.lapsed-session')

describe('a lost login on the studio tablet', () => {
  it('keeps the marks, says so on every screen, and sends them after a login through the banner', async () => {
    const context = await newContext(browser, { viewport: TABLET })
    const guard = guardConsole(context)
    // The refused push, session checks and make-up book read are the point of this test.
    guard.allow(/status of 401 .*\/api\/(db|auth|makeups)\//)
    const page = await context.newPage()
    await login(page, 'presenceEditor')
    await page.goto('/ETAB')
    await page.locator('li.etab-row').first().waitFor()
    // The tablet names the day it shows in the address; a sign-in must return to that day.
    await page.waitForURL((url) => url.searchParams.has('day'))
    await pending(page, 0)
    // The address as the screen keeps it, its year, segment and day in the query.
    const address = new URL(page.url())
    const day = (await page.locator('section.etab').getAttribute('data-day')) as string

    // The night passes: the session cookie is gone.
    await context.clearCookies()

    // Three marks, each a tap on a name; the first refused push turns the tablet "logged out".
    const rows = page.locator('li.etab-row')
    const marked: { participant: string; mark: string }[] = []
    for (let i = 0; i < 3; i += 1) {
      const row = rows.nth(i)
      const participant = (await row.getAttribute('data-participant')) as string
      await row.locator('button.etab-person').click()
      await page
        .locator(`li.etab-row[data-participant="${participant}"][data-pending="1"]`)
        .waitFor()
      marked.push({ participant, mark: (await row.getAttribute('data-mark')) as string })
    }
    await banner(page)
      .filter({ hasText: '3 edits are safe on this device, but they cannot be sent.' })
      .waitFor()
    await banner(page).filter({ hasText: 'Someone must log in to send edits' }).waitFor()
    const status = page.locator('.connection-status[data-signed-out="true"]')
    await status.filter({ hasText: 'Not logged in' }).waitFor()
    expect(await status.textContent()).not.toContain('Online')
    await pending(page, 3)
    expect(await outboxCount(page)).toBe(3)

    // Every screen says so, not only the tablet's.
    await page.goto('/urnik')
    await banner(page).filter({ hasText: '3 edits are safe' }).waitFor()

    // A reload keeps the marks and the banner, on the same address.
    await page.goto(address.href)
    await page.reload()
    await banner(page).filter({ hasText: '3 edits are safe' }).waitFor()
    for (const { participant, mark } of marked) {
      await page
        .locator(
          `li.etab-row[data-participant="${participant}"][data-mark="${mark}"][data-pending="1"]`,
        )
        .waitFor()
    }
    expect(await outboxCount(page)).toBe(3)

    // Logging in through the banner: the login page offers the last user and returns here.
    await banner(page).getByRole('link', { name: 'Log in' }).click()
    await page.waitForURL((url) => url.pathname === '/auth/login')
    expect(await page.locator('input[name="username"]').inputValue()).toBe(
      demoUser('presenceEditor').toLowerCase(),
    )
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
    await page.locator('form button[type="submit"]').click()
    await page.waitForURL(
      (url) => url.pathname === address.pathname && url.search === address.search,
    )

    // The marks are sent at once: the count is 0, the banner gone, the server has them.
    await pending(page, 0)
    await banner(page).waitFor({ state: 'detached' })
    await page.locator('.connection-status[data-signed-out="false"]').waitFor()
    // The queue itself must empty (the count on screen is re-read after the login's navigation).
    await expect.poll(() => outboxCount(page)).toBe(0)
    const server = await serverAttendance(context)
    for (const { participant, mark } of marked) {
      expect(server.get(`${day}:${participant}`)?.mark).toBe(mark)
    }
    guard.check()
    await context.close()
  }, 120_000)

  it('a participant logs in on the tablet: the presence editor’s marks stay queued and every screen says they wait for someone who may send them', async () => {
    const context = await newContext(browser, { viewport: TABLET })
    const guard = guardConsole(context)
    guard.allow(/status of 401 .*\/api\/(db|auth|makeups)\//)
    const page = await context.newPage()
    await login(page, 'presenceEditor')
    await page.goto('/ETAB')
    await page.locator('li.etab-row').first().waitFor()
    await page.waitForURL((url) => url.searchParams.has('day'))
    await pending(page, 0)

    // The night passes; two marks wait on the tablet for a login.
    await context.clearCookies()
    const rows = page.locator('li.etab-row')
    for (const index of [7, 8]) {
      const participant = (await rows.nth(index).getAttribute('data-participant')) as string
      await rows.nth(index).locator('button.etab-person').click()
      await page
        .locator(`li.etab-row[data-participant="${participant}"][data-pending="1"]`)
        .waitFor()
    }
    await banner(page).filter({ hasText: '2 edits are safe on this device' }).waitFor()

    // A participant picks up the tablet and logs in through the banner.
    await banner(page).getByRole('link', { name: 'Log in' }).click()
    await page.waitForURL((url) => url.pathname === '/auth/login')
    await page.locator('input[name="username"]').fill(demoUser('participant'))
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
    await page.locator('form button[type="submit"]').click()
    await page.waitForURL((url) => url.pathname !== '/auth/login')
    await page.locator('.connection-status[data-signed-out="false"]').waitFor()

    // Not lapsed any more, but the marks are not theirs to send: kept, and said so.
    await banner(page).waitFor({ state: 'detached' })
    const waiting = page.locator('section.waiting-edits[data-waiting="2"]')
    await waiting.filter({ hasText: '2 edits made on this device wait to be sent.' }).waitFor()
    await waiting
      .filter({ hasText: 'until the person who made them, or a presence editor' })
      .waitFor()
    expect(await outboxCount(page)).toBe(2)
    await page.goto('/urnik')
    await waiting.waitFor()
    // For a person to look at; not committed.
    await page.screenshot({ path: join(tmpdir(), 'lfit-waiting-edits.png') })
    await page.reload()
    await waiting.waitFor()
    expect(await outboxCount(page)).toBe(2)

    // The presence editor logs in again (landing on /ETAB): the marks go, and so does the notice.
    await login(page, 'presenceEditor')
    await pending(page, 0)
    await expect.poll(() => outboxCount(page)).toBe(0)
    await waiting.waitFor({ state: 'detached' })
    guard.check()
    await context.close()
  }, 120_000)

  it('a session ended on the server with its cookie still on the tablet: another editor logs in and sends the marks under their name', async () => {
    const context = await newContext(browser, { viewport: { width: 768, height: 1024 } })
    const guard = guardConsole(context)
    guard.allow(/status of 401 .*\/api\/(db|auth|makeups)\//)
    const page = await context.newPage()
    await login(page, 'presenceEditor')
    await page.goto('/ETAB')
    await page.locator('li.etab-row').first().waitFor()
    // The tablet names the day it shows in the address; a sign-in must return to that day.
    await page.waitForURL((url) => url.searchParams.has('day'))
    await pending(page, 0)
    const address = new URL(page.url())
    const day = (await page.locator('section.etab').getAttribute('data-day')) as string

    // The session ends on the server (as by a logout elsewhere or an admin's block and
    // unblock); the tablet still holds the now worthless cookie.
    const cookies = await context.cookies()
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }).then(() => undefined))
    await context.addCookies(cookies)

    const rows = page.locator('li.etab-row')
    // The banner that comes with the refusal must not move the rows under the editor's finger:
    // a tap aimed at one person would land on another.
    const topOfRow = () => rows.nth(6).evaluate((row) => row.getBoundingClientRect().top)
    const before = await topOfRow()
    const marked: { participant: string; mark: string }[] = []
    for (const index of [3, 4]) {
      const row = rows.nth(index)
      const participant = (await row.getAttribute('data-participant')) as string
      await row.locator('.etab-actions button').nth(0).click()
      await page
        .locator(
          `li.etab-row[data-participant="${participant}"][data-mark="late"][data-pending="1"]`,
        )
        .waitFor()
      marked.push({ participant, mark: 'late' })
    }
    await banner(page).filter({ hasText: '2 edits are safe on this device' }).waitFor()
    await banner(page).filter({ hasText: 'in the name of whoever logs in' }).waitFor()
    expect(await topOfRow()).toBe(before)

    // The admin (a presence writer) logs in on the tablet instead.
    await banner(page).getByRole('link', { name: 'Log in' }).click()
    await page.waitForURL((url) => url.pathname === '/auth/login')
    await page.locator('input[name="username"]').fill(demoUser('admin'))
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
    await page.locator('form button[type="submit"]').click()
    await page.waitForURL(
      (url) => url.pathname === address.pathname && url.search === address.search,
    )
    await pending(page, 0)
    await banner(page).waitFor({ state: 'detached' })

    // The server recorded them under the name of the one who sent them.
    const server = await serverAttendance(context)
    for (const { participant, mark } of marked) {
      const record = server.get(`${day}:${participant}`)
      expect(record?.mark).toBe(mark)
      expect(record?.stamps.mark?.user).toBe(demoUser('admin').toLowerCase())
    }
    guard.check()
    await context.close()
  }, 120_000)
})
