// Issue 11's attendance views in the browser, against the real server: a mark still waiting to
// sync counts on /prisotnosti and /prisotnostGraf; a participant on a phone sees their own
// attendance and is told what they may not see; a participant the admin creates with a
// programme year is on that year's /ETAB list; a participant's own absence form has only their
// fields; the /prisotnost grid speaks both languages. Debian's Chromium, no mocks, no sleeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { attendanceDay, schedule } from '@lfit/domain/schedule'
import {
  demoUser,
  goOffline,
  guardConsole,
  launch,
  login,
  navigateInApp,
  newContext,
  waitForServiceWorker,
  type ConsoleGuard,
} from './support/browser'
import { pickPerson } from './support/person-picker'

const TABLET = { width: 1024, height: 768 }
const PHONE = { width: 390, height: 844 }
const UNREACHABLE =
  /Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|CONNECTION_(REFUSED|RESET))/

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function device(viewport: {
  width: number
  height: number
}): Promise<{ context: BrowserContext; page: Page; guard: ConsoleGuard }> {
  const context = await newContext(browser, { viewport })
  const guard = guardConsole(context)
  guard.allow(UNREACHABLE)
  return { context, page: await context.newPage(), guard }
}

const synced = (page: Page) =>
  page.locator('details.sync-status[data-pending="0"]').waitFor({ timeout: 60_000 })

/**
 * Read from this device's IndexedDB: the row kept under `key` in `store` (undefined without one),
 * or with no key the number of rows in `store`.
 */
const deviceDb = (page: Page, store: string, key?: string) =>
  page.evaluate(
    ({ store, key }) =>
      new Promise<unknown>((resolve, reject) => {
        const request = indexedDB.open('lfit')
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const db = request.result
          const objects = db.transaction(store).objectStore(store)
          const read = key === undefined ? objects.count() : objects.get(key)
          read.onerror = () => reject(read.error)
          read.onsuccess = () => {
            db.close()
            resolve(read.result)
          }
        }
      }),
    { store, key },
  )

/** When this device last finished a sync, null before the first. */
const lastSyncAt = async (page: Page) =>
  ((await deviceDb(page, 'meta', 'lastSyncAt')) as { value?: number } | undefined)?.value ?? null

/**
 * Waits until everything this device wrote is on the server: its outbox is empty. Asked only once
 * the edit shows on the device, so it is in the outbox (the edit and its queueing are one
 * transaction); the pending count on screen can still read 0 right after a click, before the
 * edit is written, and a browser closed then takes the edit with it.
 */
async function pushed(page: Page): Promise<void> {
  await expect.poll(() => deviceDb(page, 'outbox'), { timeout: 60_000 }).toBe(0)
}

/** The mark of a synced attendance record in the device's IndexedDB ('none' without one). */
async function storedMark(page: Page, id: string): Promise<string> {
  // One row per study day (docs/0019-attendance-grouped-per-day-on-the-device.md).
  const day = (await deviceDb(page, 'attendanceDays', id.slice(0, id.indexOf(':')))) as
    { records: { _id: string; mark?: string | null }[] } | undefined
  return day?.records.find((record) => record._id === id)?.mark ?? 'none'
}

/** Waits until the device holds what the server had for it: a sync finished, nothing queued. */
async function syncedOnce(page: Page): Promise<void> {
  await expect.poll(() => lastSyncAt(page), { timeout: 60_000 }).not.toBeNull()
  await synced(page)
}

/** The participant's "attended" count of the year on /prisotnosti (staff view). */
async function overviewAttended(page: Page, year: number, username: string): Promise<number> {
  await page.locator('#overview-title').waitFor()
  await page.locator('select[name="year"]').selectOption(String(year))
  const row = page.locator(`table.attendance-overview tr[data-participant="${username}"]`)
  await row.waitFor()
  return Number(await row.getAttribute('data-attended'))
}

/** The person's "Year N" bar on /prisotnostGraf: days attended, 0 without a bar. */
async function graphAttended(page: Page, year: number, username: string): Promise<number> {
  await page.locator('#graph-title').waitFor()
  await pickPerson(page, username)
  const graph = page.locator(`.person-graph[data-person="${username}"]`)
  const none = page.getByText('No attendance recorded yet.')
  await graph.or(none).first().waitFor()
  if (await none.isVisible()) return 0
  // The year's own bar, not a segment's "Segment 3 (year 4)".
  const bar = graph
    .locator('.graph-row')
    .filter({ has: page.locator('.graph-label', { hasText: new RegExp(`^Year ${year}$`) }) })
  return (await bar.count()) === 0 ? 0 : Number(await bar.getAttribute('data-attended'))
}

/** Controls in `scope` smaller than a finger (44 × 44 px), by their bounding boxes. */
const tooSmall = (page: Page, scope: string) =>
  page.locator(`${scope} :is(button, input, select)`).evaluateAll((elements) =>
    elements
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
      .map(({ element }) => element.outerHTML.slice(0, 80)),
  )

/** Whether the page scrolls sideways (content wider than the viewport). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

describe('attendance views', () => {
  it('counts a mark made offline on /ETAB at once on /prisotnosti and /prisotnostGraf', async () => {
    const { context, page, guard } = await device(TABLET)
    await login(page, 'presenceEditor')
    await page.goto('/ETAB')
    await page.locator('li.etab-row').first().waitFor()
    await waitForServiceWorker(page)
    await syncedOnce(page)
    const dayId = (await page.locator('section.etab').getAttribute('data-day')) as string
    const year = schedule().dayById.get(dayId)?.year as number
    const username = (await page
      .locator('li.etab-row')
      .first()
      .getAttribute('data-participant')) as string
    // The row shows what the device holds (the day's records are read after the list is drawn).
    const mark = await storedMark(page, `${dayId}:${username}`)
    await page.locator(`li.etab-row[data-participant="${username}"][data-mark="${mark}"]`).waitFor()
    // One edit that changes whether the day counts as attended: "Late" counts, "Excused" not.
    const attended = ['present', 'late'].includes(mark)
    const [target, delta] = attended ? (['excused', -1] as const) : (['late', 1] as const)

    await navigateInApp(page, '/prisotnosti')
    const overviewBefore = await overviewAttended(page, year, username)
    await navigateInApp(page, '/prisotnostGraf')
    const graphBefore = await graphAttended(page, year, username)

    await goOffline(context)
    await navigateInApp(page, '/ETAB')
    const row = page.locator(`li.etab-row[data-participant="${username}"]`)
    await row.getByRole('button', { name: attended ? 'Excused' : 'Late', exact: true }).click()
    await page
      .locator(`li.etab-row[data-participant="${username}"][data-mark="${target}"]`)
      .waitFor()
    await page.locator('details.sync-status[data-pending="1"]').waitFor()

    await navigateInApp(page, '/prisotnosti')
    await page.locator('#overview-title').waitFor()
    await page.locator('select[name="year"]').selectOption(String(year))
    await page
      .locator(
        `table.attendance-overview tr[data-participant="${username}"][data-attended="${overviewBefore + delta}"]`,
      )
      .waitFor()
    await navigateInApp(page, '/prisotnostGraf')
    await expect.poll(() => graphAttended(page, year, username)).toBe(graphBefore + delta)
    // Still waiting to sync: what the screens counted came from the outbox.
    await page.locator('details.sync-status[data-pending="1"]').waitFor()
    guard.check()
    await context.close()
  })

  it('shows a participant on a phone their own year and graph, never a list of classmates', async () => {
    const { context, page, guard } = await device(PHONE)
    await login(page, 'participant')
    await page.goto('/prisotnosti')
    await page.getByRole('heading', { name: 'My attendance' }).waitFor()
    // The demo participant is in year 1: their own year is chosen.
    expect(await page.locator('select[name="year"]').inputValue()).toBe('1')
    await page.getByText('You see only your own attendance.', { exact: false }).waitFor()
    await page.locator('[data-own-summary]').waitFor()
    await page.locator(`.person-graph[data-person="${demoUser('participant')}"]`).waitFor()
    expect(await page.locator('table.attendance-overview').count()).toBe(0)
    expect(await page.locator('tbody tr').count()).toBe(0)
    expect(await scrollsSideways(page)).toBe(false)
    expect(await tooSmall(page, 'section[aria-labelledby="overview-title"]')).toEqual([])

    await page.goto('/prisotnosti?lang=SI')
    await page.getByRole('heading', { name: 'Moja prisotnost' }).waitFor()
    await page.getByText('Vidite samo svojo prisotnost.', { exact: false }).waitFor()
    expect(await scrollsSideways(page)).toBe(false)
    guard.check()
    await context.close()
  })

  it('puts a participant the admin creates with a programme year on that year’s /ETAB list', async () => {
    const year = attendanceDay(Date.now())?.year as number
    const username = `year${year}.${Date.now().toString(36)}@example.si`
    const admin = await device({ width: 1280, height: 800 })
    await login(admin.page, 'admin')
    await admin.page.goto('/auth/users')
    await admin.page.locator('table.users-table').waitFor()
    await admin.page.getByRole('button', { name: 'New user' }).click()
    const editor = admin.page.locator('dialog[open].user-editor')
    await editor.locator('[name="username"]').fill(username)
    await editor.locator('[name="firstName"]').fill('Zoja')
    await editor.locator('[name="lastName"]').fill('Ahačič')
    await editor.getByRole('checkbox', { name: 'Participant', exact: true }).check()
    await editor.locator('select[name="year"]').selectOption(String(year))
    await editor.getByRole('button', { name: 'Save' }).click()
    await admin.page.getByTestId('shown-password').waitFor()
    await admin.page.getByRole('button', { name: 'Done' }).click()
    await admin.page.locator(`tr[data-username="${username}"] td[data-year="${year}"]`).waitFor()
    admin.guard.check()
    await admin.context.close()

    const tablet = await device(TABLET)
    await login(tablet.page, 'presenceEditor')
    await tablet.page.goto('/ETAB')
    const day = (await tablet.page.locator('section.etab').getAttribute('data-day')) as string
    expect(schedule().dayById.get(day)?.year).toBe(year)
    await tablet.page.locator(`li.etab-row[data-participant="${username}"]`).waitFor()
    tablet.guard.check()
    await tablet.context.close()
  })

  it('gives a participant on a phone only their own absence fields, and saves them', async () => {
    const { context, page, guard } = await device(PHONE)
    const me = demoUser('participant')
    const reason = `e2e own ${Date.now().toString(36)}`
    await login(page, 'participant')
    await page.goto('/odsotnostOsebe')
    const form = page.locator('form.absence-form')
    await form.waitFor()
    // The phone is fully up first: its sync count (loaded a moment after the page) is on screen.
    await page.locator('details.sync-status').waitFor()
    const section = page.locator('section[aria-labelledby="person-absences-title"]')
    expect(await section.locator('select').count()).toBe(0)
    expect(await section.locator('input[name="excused"]').count()).toBe(0)
    await form.locator('input[name="fromDay"]').fill('2030-03-04')
    await form.locator('input[name="toDay"]').fill('2030-03-05')
    await form.locator('input[name="reason"]').fill(reason)
    await form.locator('button[type="submit"]').click()
    const item = page.locator(`li[data-testid="absence"][data-participant="${me}"]`, {
      hasText: reason,
    })
    await item.waitFor()
    await synced(page)

    // Editing it offers the same fields, not a picker of every name nor an "excused" box.
    const id = (await item.getAttribute('data-absence-id')) as string
    await item.getByRole('button', { name: 'Edit' }).click()
    const editing = page.locator(`li[data-absence-id="${id}"] form.absence-form`)
    await editing.waitFor()
    expect(await section.locator('select').count()).toBe(0)
    expect(await section.locator('input[name="excused"]').count()).toBe(0)
    await editing.locator('input[name="reason"]').fill(`${reason} (flu)`)
    await editing.locator('button[type="submit"]').click()
    await page.locator(`li[data-testid="absence"]`, { hasText: `${reason} (flu)` }).waitFor()
    await synced(page)
    // The server took both edits: nothing was refused.
    await page.locator('details.sync-status[data-notices="0"]').waitFor()
    expect(await scrollsSideways(page)).toBe(false)
    expect(await tooSmall(page, 'section[aria-labelledby="person-absences-title"]')).toEqual([])
    guard.check()
    await context.close()
  })

  it('keeps a half-typed new absence on /odsotnost when a sync brings someone else’s', async () => {
    const run = Date.now().toString(36)
    const editor = await device(TABLET)
    await login(editor.page, 'presenceEditor')
    await editor.page.goto('/odsotnost')
    const form = editor.page.locator('form.absence-form').first()
    await form.waitFor()
    await editor.page.locator('details.sync-status[data-pending="0"]').waitFor()
    const chosen = await form
      .locator('select[name="participant"] option')
      .nth(2)
      .getAttribute('value')
    await form.locator('select[name="participant"]').selectOption(chosen as string)
    await form.locator('input[name="reason"]').fill(`e2e typing ${run}`)

    // Meanwhile the admin records another absence at the desk; it reaches the tablet.
    const admin = await device({ width: 1280, height: 800 })
    await login(admin.page, 'admin')
    await admin.page.goto('/odsotnost')
    const desk = admin.page.locator('form.absence-form').first()
    await desk.waitFor()
    await desk.locator('input[name="fromDay"]').fill('2030-05-06')
    await desk.locator('input[name="toDay"]').fill('2030-05-06')
    await desk.locator('input[name="reason"]').fill(`e2e desk ${run}`)
    await desk.locator('button[type="submit"]').click()
    await admin.page.locator('li[data-testid="absence"]', { hasText: `e2e desk ${run}` }).waitFor()
    await pushed(admin.page)
    admin.guard.check()
    await admin.context.close()
    await editor.page
      .locator('li[data-testid="absence"]', { hasText: `e2e desk ${run}` })
      .waitFor({ timeout: 60_000 })

    // What the editor had chosen and typed is still there.
    expect(await form.locator('select[name="participant"]').inputValue()).toBe(chosen)
    expect(await form.locator('input[name="reason"]').inputValue()).toBe(`e2e typing ${run}`)
    editor.guard.check()
    await editor.context.close()
  })

  it('brings the desk’s absence to the tablet when the sync its poke started met a busy server', async () => {
    const run = Date.now().toString(36)
    const editor = await device(TABLET)
    editor.guard.allow(/the server responded with a status of 503/)
    await login(editor.page, 'presenceEditor')
    await editor.page.goto('/odsotnost')
    await editor.page.locator('form.absence-form').first().waitFor()
    await syncedOnce(editor.page)
    // The server is busy for the next pull and the client's one retry of it: the run the desk's
    // poke starts fails. Its retry must still come, though no timer or edit of the tablet's
    // started that run (the tablet once stopped syncing altogether here).
    let refused = 0
    await editor.context.route('**/api/sync/pull', (route) =>
      refused++ < 2 ? route.fulfill({ status: 503, body: '' }) : route.continue(),
    )

    const admin = await device({ width: 1280, height: 800 })
    await login(admin.page, 'admin')
    await admin.page.goto('/odsotnost')
    const desk = admin.page.locator('form.absence-form').first()
    await desk.waitFor()
    await desk.locator('input[name="fromDay"]').fill('2030-05-07')
    await desk.locator('input[name="toDay"]').fill('2030-05-07')
    await desk.locator('input[name="reason"]').fill(`e2e busy ${run}`)
    await desk.locator('button[type="submit"]').click()
    await admin.page.locator('li[data-testid="absence"]', { hasText: `e2e busy ${run}` }).waitFor()
    await pushed(admin.page)
    admin.guard.check()
    await admin.context.close()
    await editor.page
      .locator('li[data-testid="absence"]', { hasText: `e2e busy ${run}` })
      .waitFor({ timeout: 60_000 })
    expect(refused).toBeGreaterThan(2)
    editor.guard.check()
    await editor.context.close()
  })

  it('writes the /prisotnost grid’s letters, labels and legend in the chosen language', async () => {
    const { context, page, guard } = await device(TABLET)
    await login(page, 'presenceEditor')
    await page.goto('/prisotnost?lang=SI')
    const legend = page.locator('ul.grid-legend')
    await legend.locator('li[data-mark="absent"]', { hasText: 'Odsotnost' }).waitFor()
    expect(await legend.locator('li[data-mark="late"] abbr').textContent()).toBe('Z')
    await syncedOnce(page)
    // The block's records are read after its rows are drawn: wait for a mark from them.
    await page.locator('.attendance-grid button:not([data-mark="none"])').first().waitFor()
    const cell = page.locator('.attendance-grid button:not([data-mark="late"])').first()
    await cell.waitFor()
    const before = (await cell.getAttribute('data-mark')) as string
    const names: Record<string, string> = {
      none: 'Ni označeno',
      present: 'Prisotnost',
      absent: 'Odsotnost',
      excused: 'Opravičeno',
    }
    expect(await cell.getAttribute('aria-label')).toMatch(new RegExp(`: ${names[before]}$`))
    // The keys follow the letters: Z marks late in Slovenian.
    const participant = (await cell.getAttribute('data-participant')) as string
    const dayId = (await cell.getAttribute('data-day')) as string
    await cell.focus()
    await page.keyboard.press('z')
    const late = page.locator(
      `.attendance-grid button[data-participant="${participant}"][data-day="${dayId}"][data-mark="late"]`,
    )
    await late.waitFor()
    expect(await late.textContent()).toBe('Z')
    expect(await late.getAttribute('aria-label')).toMatch(/: Zamuda$/)
    expect(await tooSmall(page, 'section[aria-labelledby="grid-title"]')).toEqual([])

    await synced(page)
    await page.goto('/prisotnost?lang=EN')
    await page.locator('ul.grid-legend li[data-mark="late"]', { hasText: 'Late' }).waitFor()
    const sameCell = page.locator(
      `.attendance-grid button[data-participant="${participant}"][data-day="${dayId}"][data-mark="late"]`,
    )
    // The grid draws its rows before the day's records are read: wait for the mark itself.
    await sameCell.waitFor()
    expect(await sameCell.textContent()).toBe('L')
    expect(await sameCell.getAttribute('aria-label')).toMatch(/: Late$/)
    guard.check()
    await context.close()
  })
})
