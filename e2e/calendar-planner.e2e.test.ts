// Issue 33's calendar promises in the browser, against the real server: an administrator plans a
// block with study days, special hours and a free day at the desk (1440 px), in Slovenian and in
// English; a presence editor's tablet that was offline meanwhile shows the new days on /ETAB after
// one sync; a participant's phone shows them on /urnik and in a fresh .ics. Removing a study day
// that holds marks is refused with the count on screen; moving it with its marks keeps every
// mark; the history shows the changes and one is undone. The blocks lie in 2031 (March: the
// planning test; May: the recorded-work test). The file has a server of its own: a calendar
// changed on the shared one would give every later file a training day in 2031 and marks kept on
// days that are no longer study days. Debian's Chromium, no mocks, no sleeps.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ICAL from 'ical.js'
import { Packr } from 'msgpackr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { REGULAR_SEGMENTS } from '@lfit/domain/schedule'
import { repoRoot } from './support/app-build'
import {
  afterFirstSync,
  goOffline,
  goOnline,
  guardConsole,
  launch,
  login,
  navigateInApp,
  newContext,
  type ConsoleGuard,
} from './support/browser'
import { DEVICES } from './support/screens'
import { serverOfItsOwn } from './support/own-server'

const OUT_DIR = join(repoRoot, 'e2e/screenshots')
const packr = new Packr({ useRecords: false, mapsAsObjects: true })
/** What Chromium logs for a request that cannot reach the server (the tablet offline). */
const UNREACHABLE = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/

interface Device {
  context: BrowserContext
  page: Page
  guard: ConsoleGuard
}

const server = serverOfItsOwn('calendar-planner')
let browser: Browser
const devices: Device[] = []
beforeAll(async () => {
  browser = await launch()
  mkdirSync(OUT_DIR, { recursive: true })
})
afterAll(async () => {
  for (const { context } of devices) await context.close()
  await browser?.close()
})

async function device(role: string, options: Parameters<typeof newContext>[1]): Promise<Device> {
  const context = await newContext(browser, { ...options, baseURL: server.url })
  const guard = guardConsole(context)
  const page = await context.newPage()
  await login(page, role)
  const opened = { context, page, guard }
  devices.push(opened)
  return opened
}

/** A regular segment of a programme year that has participants, from the server's calendar. */
async function yearAndSegment(context: BrowserContext, skip: number): Promise<[number, number]> {
  const answer = await context.request.get('/api/calendar')
  expect(answer.status()).toBe(200)
  const { records } = packr.unpack(await answer.body()) as {
    records: { kind: string; year?: number; segment?: number }[]
  }
  const pairs = new Map<string, [number, number]>()
  for (const { kind, year, segment } of records) {
    if (kind !== 'block' || !year || !segment || year > 4) continue
    if ((REGULAR_SEGMENTS as readonly number[]).includes(segment)) {
      pairs.set(`${year}:${segment}`, [year, segment])
    }
  }
  const pair = [...pairs.values()][skip]
  if (!pair) throw new Error('the calendar has too few regular segments')
  return pair
}

// ---- the planner, as an editor uses it ------------------------------------------------------

const dialog = (page: Page) => page.locator('dialog.planner-dialog[open]').first()
const blockRow = (page: Page, from: string) => page.locator(`tr[data-from="${from}"]`)

async function openPlanner(page: Page, query: 'SI' | 'EN'): Promise<void> {
  await page.goto(`/urejanjeUrnika?lang=${query}`)
  await page.locator(`html[lang="${query === 'SI' ? 'sl' : 'en'}"]`).waitFor({ state: 'attached' })
  await page.locator('.route[data-route="/urejanjeUrnika"] section.planner table').first().waitFor()
}

async function typeDay(scope: ReturnType<typeof dialog>, name: string, day: string) {
  const [year, month, date] = day.split('-').map(Number)
  const input = scope.locator(`input[name="${name}"]`)
  await input.fill(`${date}. ${month}. ${year}`)
  await input.blur()
}

async function save(page: Page): Promise<void> {
  await dialog(page).locator('.dialog-actions .btn-primary').click()
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  await page.screenshot({ path: join(OUT_DIR, `${name}.png`), caret: 'hide' })
}

const historyEntries = (page: Page) => page.locator('.planner-history-list > li')

/** Waits until the history's newest entries read `words`, newest first (it is read again). */
async function historyReads(page: Page, ...words: string[]): Promise<void> {
  for (const [index, text] of words.entries()) {
    await page
      .locator(`.planner-history-list > li:nth-child(${index + 1})`, { hasText: text })
      .waitFor()
  }
}

// ---- the devices that follow -----------------------------------------------------------------

/**
 * Waits until the device's database holds a calendar block from `from` (to `to`, when given): a
 * pull stored it.
 */
async function deviceHasBlock(page: Page, from: string, to?: string): Promise<void> {
  await page.waitForFunction(
    ([first, last]) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('lfit')
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => resolve(false)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('calendar')) {
            db.close()
            resolve(false)
            return
          }
          const all = db.transaction('calendar').objectStore('calendar').getAll()
          all.onsuccess = () => {
            db.close()
            const records = all.result as {
              kind: string
              from?: string
              to?: string
              deleted?: boolean
            }[]
            resolve(
              records.some(
                (r) =>
                  r.kind === 'block' && r.from === first && (!last || r.to === last) && !r.deleted,
              ),
            )
          }
        }
      }),
    [from, to ?? ''] as const,
    { polling: 200, timeout: 30_000 },
  )
}

async function syncNow(page: Page): Promise<void> {
  const panel = page.locator('details.sync-status')
  if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
  await panel.locator('.sync-panel > button').click()
}

const etabUrl = (year: number, segment: number, day: string) =>
  `/ETAB?year=${year}&segment=${segment}&day=${day}`

async function etabOn(page: Page, year: number, segment: number, day: string): Promise<void> {
  await navigateInApp(page, etabUrl(year, segment, day))
  await page.locator(`section.etab[data-day="lfit_${day.replaceAll('-', '')}"]`).waitFor()
}

// ---------------------------------------------------------------------------------------------

describe('the calendar planned in the app', () => {
  it('a block planned in both languages reaches an offline tablet, a phone and a fresh .ics', async () => {
    const admin = await device('admin', DEVICES.desktop)
    const [year, segment] = await yearAndSegment(admin.context, 0)
    const tablet = await device('presenceEditor', DEVICES.tablet)
    tablet.guard.allow(UNREACHABLE)
    await tablet.page.goto('/ETAB')
    await tablet.page.locator('section.etab').waitFor()
    await afterFirstSync(tablet.page)
    await goOffline(tablet.context)

    // Monday 3 to Sunday 9 March 2031: Saturday free by weekday, Wednesday by date, own hours
    // on Thursday.
    const page = admin.page
    await openPlanner(page, 'SI')
    await expect(page.locator('h1').innerText()).resolves.toBe('Urejanje urnika')
    await page.locator('.planner-toolbar > .btn-primary').click()
    const form = dialog(page)
    await form.locator('select[name="year"]').selectOption(String(year))
    await form.locator('select[name="kind"]').selectOption('regular')
    await form.locator('select[name="segment"]').selectOption(String(segment))
    await typeDay(form, 'from', '2031-03-03')
    await typeDay(form, 'to', '2031-03-09')
    await form.locator('input[name="trainer"]').fill('Ana Zorec')
    await form.locator('input[name="commentSl"]').fill('Pomladni blok')
    // A comment in one language only is refused in the product's words, before anything is sent.
    await save(page)
    await expect(form.locator('.field-error').first().innerText()).resolves.toBe(
      'Komentar napišite v obeh jezikih',
    )
    await form.locator('input[name="commentEn"]').fill('Spring block')
    await form.locator('input[name="freeWeekday"][value="6"]').check()
    await typeDay(form, 'freeDate', '2031-03-05')
    await form.locator('.planner-free-date button').click()
    await form.locator('tr[data-day="2031-03-06"] input[type="checkbox"]').check()
    await form.locator('select[name="from-2031-03-06"]').selectOption('10:00')
    await form.locator('select[name="to-2031-03-06"]').selectOption('13:00')
    await expect(form.locator('tr.planner-free').count()).resolves.toBe(2)
    await screenshot(page, 'calendar-editor-urejanjeurnika-form-1440x900-sl')
    await save(page)
    await blockRow(page, '2031-03-03').waitFor()
    await expect(
      blockRow(page, '2031-03-03').locator('td.number').allInnerTexts(),
    ).resolves.toEqual(['5', '2'])
    await historyReads(page, 'Blok načrtovan')
    await screenshot(page, 'calendar-editor-urejanjeurnika-1440x900-sl')

    // In English: the block's form shows what was planned, and a change of its hours is saved.
    await openPlanner(page, 'EN')
    await expect(page.locator('h1').innerText()).resolves.toBe('Edit the timetable')
    await blockRow(page, '2031-03-03').locator('button').first().click()
    const again = dialog(page)
    const free = again.locator('tr.planner-free')
    await expect(
      free.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-day'))),
    ).resolves.toEqual(['2031-03-05', '2031-03-08'])
    await expect(again.locator('select[name="to-2031-03-06"]').inputValue()).resolves.toBe('13:00')
    await again.locator('select[name="to-2031-03-06"]').selectOption('13:30')
    await screenshot(page, 'calendar-editor-urejanjeurnika-form-1440x900-en')
    await save(page)
    await page.locator('.planner-status', { hasText: 'The block is saved.' }).waitFor()
    await historyReads(page, 'Block changed', 'Block planned')
    await screenshot(page, 'calendar-editor-urejanjeurnika-1440x900-en')

    // The tablet, offline all along, syncs once and shows the new days.
    await goOnline(tablet.context)
    await syncNow(tablet.page)
    await deviceHasBlock(tablet.page, '2031-03-03')
    await etabOn(tablet.page, year, segment, '2031-03-06')
    const days = await tablet.page
      .locator('.day-picker select[name="day"] option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    expect(days.filter((day) => day.startsWith('2031-03'))).toEqual([
      '2031-03-03',
      '2031-03-04',
      '2031-03-06',
      '2031-03-07',
      '2031-03-09',
    ])
    await expect(tablet.page.locator('.etab').innerText()).resolves.toContain('10:00–13:30')

    // A participant's phone: the timetable and a fresh .ics have the days, the free ones not.
    const phone = await device('participant', DEVICES.phone)
    await phone.page.goto(`/urnik?year=${year}&segment=${segment}&lang=EN`)
    const special = phone.page.locator('tr[data-day="lfit_20310306"]')
    await special.waitFor()
    await expect(special.innerText()).resolves.toContain('10:00–13:30')
    for (const free of ['lfit_20310305', 'lfit_20310308']) {
      await phone.page.locator(`tr.free-day[data-day="${free}"]`).waitFor()
    }
    const download = phone.page.waitForEvent('download')
    await phone.page.locator('.timetable-export button').nth(1).click()
    const file = await (await download).path()
    const calendar = new ICAL.Component(ICAL.parse(readFileSync(file, 'utf8')))
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
    const march = events.filter((event) => event.uid.startsWith('lfit_203103'))
    expect(march.map((event) => event.uid)).toEqual(
      ['03', '04', '06', '07', '09'].map((date) => `lfit_203103${date}@lfit`),
    )
    const thursday = march[2]
    expect(thursday?.startDate.toJSDate().toISOString()).toBe('2031-03-06T09:00:00.000Z')
    expect(thursday?.endDate.toJSDate().toISOString()).toBe('2031-03-06T12:30:00.000Z')

    for (const { guard } of [admin, tablet, phone]) guard.check()
  })

  it('a study day with marks is removed only by a decision; moved, it keeps every mark; a change is undone', async () => {
    const admin = await device('admin', DEVICES.desktop)
    const [year, segment] = await yearAndSegment(admin.context, 1)
    // The server's refusals this test provokes: a change and an undo that meet recorded work.
    admin.guard.allow(/status of 409 \(Conflict\).*\/api\/calendar\//)
    const page = admin.page

    // Monday 5 to Thursday 8 May 2031, planned through the planner.
    await openPlanner(page, 'SI')
    await page.locator('.planner-toolbar > .btn-primary').click()
    const form = dialog(page)
    await form.locator('select[name="year"]').selectOption(String(year))
    await form.locator('select[name="segment"]').selectOption(String(segment))
    await typeDay(form, 'from', '2031-05-05')
    await typeDay(form, 'to', '2031-05-08')
    await form.locator('input[name="trainer"]').fill('Boris Lipnik')
    await save(page)
    await blockRow(page, '2031-05-05').waitFor()

    // The tablet marks Wednesday's participants and syncs.
    const tablet = await device('presenceEditor', DEVICES.tablet)
    await tablet.page.goto(etabUrl(year, segment, '2031-05-07'))
    await afterFirstSync(tablet.page)
    await deviceHasBlock(tablet.page, '2031-05-05')
    await etabOn(tablet.page, year, segment, '2031-05-07')
    const rows = tablet.page.locator('li.etab-row')
    await rows.first().waitFor()
    const people = (
      await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-participant')))
    ).slice(0, 3) as string[]
    expect(people.length).toBeGreaterThan(0)
    for (const person of people) {
      await tablet.page
        .locator(`li.etab-row[data-participant="${person}"] button.etab-person`)
        .click()
      await tablet.page
        .locator(`li.etab-row[data-participant="${person}"][data-mark="present"]`)
        .waitFor()
    }
    await syncNow(tablet.page)
    await tablet.page.locator('details.sync-status[data-pending="0"]').waitFor()

    // Wednesday made a free day and the block lengthened to Friday: refused, with the count.
    await openPlanner(page, 'SI')
    await blockRow(page, '2031-05-05').locator('button').first().click()
    const change = async () => {
      const edit = dialog(page)
      await typeDay(edit, 'to', '2031-05-09')
      await typeDay(edit, 'freeDate', '2031-05-07')
      await edit.locator('.planner-free-date button').click()
      await save(page)
    }
    await change()
    const refusal = page.locator('dialog.recorded-work[open]')
    await refusal.waitFor()
    const slMessage = await refusal.locator('[data-testid="recorded-work-message"]').innerText()
    expect(slMessage).toContain(String(people.length))
    await expect(refusal.locator('tr[data-day="2031-05-07"] td').nth(1).innerText()).resolves.toBe(
      String(people.length),
    )
    await screenshot(page, 'calendar-editor-urejanjeurnika-recorded-1440x900-sl')
    // Nothing changed: the block still ends on Thursday.
    await refusal.locator('.dialog-actions .btn-text').click()
    await page.locator('dialog.planner-dialog .btn-text').first().click()
    await expect(blockRow(page, '2031-05-05').locator('td').first().innerText()).resolves.toContain(
      '8. 5. 2031',
    )

    // In English, the same change, and the marks moved to Friday.
    await openPlanner(page, 'EN')
    await blockRow(page, '2031-05-05').locator('button').first().click()
    await change()
    await refusal.waitFor()
    const enMessage = await refusal.locator('[data-testid="recorded-work-message"]').innerText()
    expect(enMessage).toContain(String(people.length))
    expect(enMessage).not.toBe(slMessage)
    await screenshot(page, 'calendar-editor-urejanjeurnika-recorded-1440x900-en')
    await refusal.locator('input[name="recorded"][value="move"]').check()
    await typeDay(refusal, 'move-2031-05-07', '2031-05-09')
    await refusal.locator('.dialog-actions .btn-primary').click()
    await page.locator('.planner-status', { hasText: 'The block is saved.' }).waitFor()

    await syncNow(tablet.page)
    await deviceHasBlock(tablet.page, '2031-05-05', '2031-05-09')
    await etabOn(tablet.page, year, segment, '2031-05-09')
    for (const person of people) {
      await tablet.page
        .locator(`li.etab-row[data-participant="${person}"][data-mark="present"]`)
        .waitFor()
    }

    // The history shows the planning and the move; the move is undone, its marks moved back.
    await historyReads(page, 'Block changed', 'Block planned')
    await historyEntries(page).nth(0).locator('button').click()
    await refusal.waitFor()
    await refusal.locator('input[name="recorded"][value="move"]').check()
    await typeDay(refusal, 'move-2031-05-09', '2031-05-07')
    await refusal.locator('.dialog-actions .btn-primary').click()
    await page.locator('.planner-status', { hasText: 'The change is undone.' }).waitFor()
    await page.locator('.planner-history-list > li[data-undone="true"]').first().waitFor()
    await expect(blockRow(page, '2031-05-05').locator('td').first().innerText()).resolves.toContain(
      '8 May 2031',
    )
    await syncNow(tablet.page)
    await deviceHasBlock(tablet.page, '2031-05-05', '2031-05-08')
    await etabOn(tablet.page, year, segment, '2031-05-07')
    for (const person of people) {
      await tablet.page
        .locator(`li.etab-row[data-participant="${person}"][data-mark="present"]`)
        .waitFor()
    }
    for (const { guard } of [admin, tablet]) guard.check()
  })
})
