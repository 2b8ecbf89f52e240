// Live updates between two studio tablets, in Chromium against the real server: a mark on one
// shows on the other within 2 s without a reload (the server pokes, the other pulls at once);
// with the socket's frames blocked on the way (as by a proxy), the mark still arrives at the
// next periodic sync, reached by moving the second tablet's own clock past the sync interval
// (the app's real timer fires; nothing in the app is changed for the test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { StudyDay } from '@lfit/domain/schedule'
import {
  guardConsole,
  launch,
  login,
  navigateInApp,
  newContext,
  type ConsoleGuard,
} from './support/browser'
import { etabUrl, unmarkedStudyDays } from './support/study-days'

/** The app's periodic sync (web/src/offline/sync-loop.ts, SYNC_INTERVAL_MS). */
const SYNC_INTERVAL_MS = 30_000

/**
 * Past study days the demo data leaves unmarked (it marks the last twelve of each year): year 1's
 * days at positions 1, 4, 7, … of the list, latest first. etab.e2e.test.ts writes every third day
 * from position 0 and etab-tap.e2e.test.ts from position 2, so no other file writes these, in
 * whatever order the files run (taking year 1's last days instead met etab's sized sheets).
 */
const quietDays: StudyDay[] = unmarkedStudyDays().filter(
  (d, index) => index % 3 === 1 && d.year === 1,
)
const dayFor = (test: number): StudyDay => {
  const day = quietDays.at(-1 - test)
  if (!day) throw new Error('the schedule has too few past study days for these tests')
  return day
}

interface Tablet {
  context: BrowserContext
  page: Page
  guard: ConsoleGuard
}

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function tablet(prepare?: (context: BrowserContext) => Promise<void>): Promise<Tablet> {
  const context = await newContext(browser)
  const guard = guardConsole(context)
  await prepare?.(context)
  const page = await context.newPage()
  await login(page, 'presenceEditor')
  return { context, page, guard }
}

async function openDay(page: Page, day: StudyDay): Promise<void> {
  await page.goto(etabUrl(day))
  await page.locator(`section.etab[data-day="${day.id}"] li.etab-row`).first().waitFor()
}

const rowWith = (page: Page, username: string, attributes = '') =>
  page.locator(`li.etab-row[data-participant="${username}"]${attributes}`)

async function participantAt(page: Page, index: number): Promise<string> {
  const username = await page.locator('li.etab-row').nth(index).getAttribute('data-participant')
  if (!username) throw new Error('no participant on the day')
  return username
}

describe('live updates between two tablets on /ETAB', () => {
  it('a mark on one tablet shows on the other within 2 s, without a reload', async () => {
    const day = dayFor(0)
    const one = await tablet()
    const two = await tablet()
    await openDay(one.page, day)
    await openDay(two.page, day)
    // The second tablet's socket is open (its panel says so) before the first one marks.
    await two.page.locator('details.sync-status[data-live="open"]').waitFor()
    const person = await participantAt(one.page, 0)
    await rowWith(two.page, person, '[data-mark="none"]').waitFor()

    await rowWith(one.page, person).locator('button.etab-person').click()
    await rowWith(one.page, person, '[data-mark="present"]').waitFor()
    await rowWith(two.page, person, '[data-mark="present"]').waitFor({ timeout: 2_000 })

    // The panel says so in words too.
    await two.page.locator('details.sync-status summary').click()
    expect(await two.page.getByTestId('live-updates').innerText()).toBe('Live updates: connected')

    // The developer pages show the poke on the bus and the open socket with its round trip.
    await navigateInApp(two.page, '/test/ebus')
    await two.page
      .locator('tr[data-kind="live"]', { hasText: 'the server announced a change; pulling' })
      .first()
      .waitFor()
    await navigateInApp(two.page, '/test/socket')
    await two.page.locator('[data-testid="socket-state"][data-state="open"]').waitFor()
    await two.page.getByText(/^\d+ ms$/).waitFor()
    one.guard.check()
    two.guard.check()
    await one.context.close()
    await two.context.close()
  })

  it('with the socket blocked, the mark arrives at the next periodic sync', async () => {
    const day = dayFor(1)
    const one = await tablet()
    // A proxy that lets the handshake through and then passes no frame: no poke ever arrives.
    const two = await tablet(async (context) => {
      await context.clock.install()
      await context.routeWebSocket('**/api/live', (socket) => {
        const server = socket.connectToServer()
        server.onMessage(() => undefined)
        socket.onMessage(() => undefined)
      })
    })
    await openDay(one.page, day)
    await openDay(two.page, day)
    const person = await participantAt(one.page, 1)
    await rowWith(two.page, person, '[data-mark="none"]').waitFor()
    await two.page.locator('details.sync-status[data-pending="0"]').waitFor()

    await rowWith(one.page, person).locator('button.etab-person').click()
    // Queued, then pushed: nothing waits on the first tablet any more.
    await one.page.locator('details.sync-status[data-pending="1"]').waitFor()
    await one.page.locator('details.sync-status[data-pending="0"]').waitFor()
    expect(await rowWith(two.page, person, '[data-mark="none"]').count()).toBe(1)

    await two.context.clock.fastForward(SYNC_INTERVAL_MS)
    await rowWith(two.page, person, '[data-mark="present"]').waitFor({ timeout: 5_000 })
    one.guard.check()
    two.guard.check()
    await one.context.close()
    await two.context.close()
  })

  it('a visitor sees only that no live connection is open, and an event log with no one in it', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/test/socket')
    await page.locator('[data-testid="socket-state"][data-state="closed"]').waitFor()
    expect(await page.getByText('Round-trip time').count()).toBe(0)
    expect(await page.getByText('Messages received').count()).toBe(0)
    await page.goto('/test/ebus')
    await page.getByRole('heading', { name: 'App events' }).waitFor()
    expect(await page.locator('tr[data-kind="live"]').count()).toBe(0)
    expect(await page.locator('main').innerText()).not.toMatch(/@|api\/live|[{}]/)
    guard.check()
    await context.close()
  })
})
