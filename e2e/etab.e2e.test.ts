// The studio tablet as a presence editor meets it, in Chromium against the real server: the day
// in the URL (kept across an offline reload, bad values falling back to the default day), the
// day picker and counts on screen while the list scrolls, recorded absences shown as the day's
// mark on /ETAB and /prisotnost, search by name, "mark everyone", undo, a tap that never clears,
// notes kept while typed, and every control at least 44 x 44 px on a tablet and a phone.
// Each test works on its own day, one the demo data leaves unmarked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Packr } from 'msgpackr'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { schedule, type StudyDay } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { SYNC_PROTOCOL_VERSION, type Mutation, type PushResult } from '@lfit/domain/sync/protocol'
import {
  demoUser,
  goOffline,
  guardConsole,
  launch,
  login,
  newContext,
  waitForServiceWorker,
  type ConsoleGuard,
} from './support/browser'
import { etabUrl, unmarkedStudyDays } from './support/study-days'

const VIEWPORTS = {
  landscapeTablet: { width: 1024, height: 768 },
  portraitTablet: { width: 768, height: 1024 },
  phone: { width: 390, height: 844 },
}
/** The screens checked for size: each viewport in English, the phone in Slovenian too. */
const SIZED = [
  ...Object.entries(VIEWPORTS).map(([name, viewport]) => ({ name, viewport, lang: 'EN' })),
  { name: 'phone', viewport: VIEWPORTS.phone, lang: 'SI' },
]
const UNREACHABLE = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/
const packr = new Packr({ useRecords: false, mapsAsObjects: true })

/**
 * Past study days of the participants' years (1 to 4) that the demo data leaves unmarked (it
 * marks the last ten of each year) and no other test file writes: one or two per test.
 */
const quietDays: StudyDay[] = unmarkedStudyDays()
const dayFor = (test: number): StudyDay => {
  const day = quietDays[test * 3]
  if (!day) throw new Error('the schedule has too few past study days for these tests')
  return day
}

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

interface Tablet {
  context: BrowserContext
  page: Page
  guard: ConsoleGuard
}

async function tablet(viewport = VIEWPORTS.landscapeTablet): Promise<Tablet> {
  const context = await newContext(browser, { viewport })
  const guard = guardConsole(context)
  const page = await context.newPage()
  await login(page, 'presenceEditor')
  return { context, page, guard }
}

async function openDay(page: Page, day: StudyDay): Promise<void> {
  await page.goto(etabUrl(day))
  await page.locator(`section.etab[data-day="${day.id}"] li.etab-row`).first().waitFor()
}

const rows = (page: Page) => page.locator('li.etab-row')
const row = (page: Page, username: string) =>
  page.locator(`li.etab-row[data-participant="${username}"]`)
const rowWith = (page: Page, username: string, attributes: string) =>
  page.locator(`li.etab-row[data-participant="${username}"]${attributes}`)

async function participantsShown(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((items) =>
    items.map((item) => item.getAttribute('data-participant') as string),
  )
}

/** The outbox's edits of attendance on one day, read with the browser's own IndexedDB API. */
function queuedOn(page: Page, dayId: string): Promise<Mutation[]> {
  return page.evaluate(
    (prefix) =>
      new Promise<Mutation[]>((resolve, reject) => {
        const request = indexedDB.open('lfit')
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const db = request.result
          const all = db.transaction('outbox').objectStore('outbox').getAll()
          all.onerror = () => reject(all.error)
          all.onsuccess = () => {
            db.close()
            resolve(
              (all.result as { mutation: Mutation }[])
                .map((entry) => entry.mutation)
                .filter((m) => m.recordId.startsWith(prefix)),
            )
          }
        }
      }),
    `${dayId}:`,
  )
}

/** Records an absence on the server through its API, as the signed-in presence editor. */
async function recordAbsence(
  context: BrowserContext,
  fields: { participant: string; fromDay: string; toDay: string; reason: string; excused: boolean },
): Promise<void> {
  const id = `e2e-absence-${crypto.randomUUID()}`
  const mutation: Mutation = {
    id: `e2e-${crypto.randomUUID()}`,
    collection: 'absences',
    recordId: id,
    hlc: encodeHlc({ wall: Date.now(), counter: 0, node: 'e2e-etab' }),
    deviceId: 'e2e-etab',
    fields: { ...fields, deleted: false },
  }
  const response = await context.request.post('/api/db/absences/upsertBatch', {
    headers: { 'content-type': 'application/msgpack', accept: 'application/msgpack' },
    data: Buffer.from(packr.pack({ v: SYNC_PROTOCOL_VERSION, batch: [mutation] })),
  })
  expect(response.status()).toBe(200)
  const body = packr.unpack(await response.body()) as { results: PushResult[] }
  expect(body.results).toEqual([expect.objectContaining({ status: 'applied' })])
}

const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '')

describe('the studio tablet (/ETAB)', () => {
  it('keeps the chosen day in the URL, across an offline reload, and falls back from a bad one', async () => {
    const { context, page, guard } = await tablet()
    guard.allow(UNREACHABLE)
    const day = dayFor(0)
    await openDay(page, day)
    await waitForServiceWorker(page)
    expect(new URL(page.url()).search).toBe(
      `?year=${day.year}&segment=${day.segment}&day=${day.dayStr}`,
    )

    // The next day, chosen with the picker, is written to the URL.
    await page.getByRole('button', { name: 'Next training day' }).click()
    await page.locator(`section.etab:not([data-day="${day.id}"])`).waitFor()
    const chosen = (await page.locator('section.etab').getAttribute('data-day')) as string
    const chosenDay = schedule().dayById.get(chosen) as StudyDay
    await page.waitForURL((url) => url.searchParams.get('day') === chosenDay.dayStr)

    // Offline, a reload opens that same day.
    await goOffline(context)
    await page.reload()
    await page.locator('.connection-status[data-online="false"]').waitFor()
    await page.locator(`section.etab[data-day="${chosen}"] li.etab-row`).first().waitFor()
    expect(new URL(page.url()).searchParams.get('day')).toBe(chosenDay.dayStr)
    await context.setOffline(false)

    // A URL naming no training day opens the default day, and says which.
    await page.goto('/ETAB?year=x&segment=-3&day=31.02.2026')
    await page.locator('section.etab li.etab-row').first().waitFor()
    await page.waitForURL((url) => /^\d{4}-\d{2}-\d{2}$/.test(url.searchParams.get('day') ?? ''))
    const fallback = new URL(page.url()).searchParams
    expect(await page.locator('section.etab').getAttribute('data-day')).toBe(
      `lfit_${(fallback.get('day') as string).replaceAll('-', '')}`,
    )
    await page.goto('/ETAB?day=1999-01-01')
    await page.waitForURL((url) => url.searchParams.get('day') !== '1999-01-01')
    await page.locator('section.etab li.etab-row').first().waitFor()
    guard.check()
    await context.close()
  }, 120_000)

  it('lists the participants of the day’s programme year', async () => {
    const { context, page, guard } = await tablet()
    const yearOne = quietDays.find((d) => d.year === 1) as StudyDay
    const yearTwo = quietDays.find((d) => d.year === 2) as StudyDay
    await openDay(page, yearOne)
    expect(await participantsShown(page)).toContain(demoUser('participant'))
    await openDay(page, yearTwo)
    expect(await participantsShown(page)).not.toContain(demoUser('participant'))
    guard.check()
    await context.close()
  })

  it('shows a recorded absence as the day’s mark with its reason, on /ETAB and /prisotnost', async () => {
    const { context, page, guard } = await tablet()
    const day = dayFor(1)
    await openDay(page, day)
    const [away, excused] = await participantsShown(page)
    const run = Date.now().toString(36)
    await recordAbsence(context, {
      participant: away as string,
      fromDay: day.dayStr,
      toDay: day.dayStr,
      reason: `flu ${run}`,
      excused: false,
    })
    await recordAbsence(context, {
      participant: excused as string,
      fromDay: day.dayStr,
      toDay: day.dayStr,
      reason: `exam ${run}`,
      excused: true,
    })
    // The tablet syncs on start and shows them, not as present, not as unmarked.
    await openDay(page, day)
    await rowWith(page, away as string, '[data-mark="absent"][data-from-absence="true"]')
      .filter({ hasText: `flu ${run}` })
      .waitFor()
    await rowWith(page, excused as string, '[data-mark="excused"][data-from-absence="true"]')
      .filter({ hasText: `exam ${run}` })
      .waitFor()
    await expect
      .poll(() => page.locator('.etab-counts').innerText())
      .toMatch(/Absent: 1 · Late: 0 · Excused: 1/)
    // "Mark everyone" leaves them out.
    const total = await rows(page).count()
    await expect
      .poll(() => page.locator('.etab-mark-all').innerText())
      .toBe(`Mark ${total - 2} people not yet marked as present`)

    // A mark the editor records wins; the reason stays in view.
    await row(page, away as string)
      .locator('button.etab-person')
      .click()
    await rowWith(page, away as string, '[data-mark="present"][data-from-absence="false"]')
      .filter({ hasText: `flu ${run}` })
      .waitFor()

    // The block on /prisotnost shows the excused absence in its cell.
    await page.goto('/prisotnost')
    await page.locator('select[name="year"]').selectOption(String(day.year))
    await page.locator('select[name="segment"]').selectOption(String(day.segment))
    await page.locator('select[name="block"]').selectOption(day.block_id)
    const cell = page.locator(
      `.attendance-grid button[data-participant="${excused}"][data-day="${day.id}"]`,
    )
    await cell.and(page.locator('[data-mark="excused"][data-from-absence="true"]')).waitFor()
    expect(await cell.getAttribute('title')).toBe(`exam ${run}`)
    expect(await cell.getAttribute('aria-label')).toContain(`exam ${run}`)
    guard.check()
    await context.close()
  }, 120_000)

  it('finds a name without its accents, marks everyone not yet marked, and undoes', async () => {
    const { page, context, guard } = await tablet()
    guard.allow(UNREACHABLE)
    const day = dayFor(2)
    await openDay(page, day)
    const everyone = await participantsShown(page)
    const names = await page.locator('li.etab-row .etab-name').allInnerTexts()

    // Search: typed without accents, a name with them is found; the others are not listed.
    const accented = names.find((name) => withoutAccents(name) !== name) ?? (names[0] as string)
    const query = withoutAccents(accented).split(' ').at(-1) as string
    await page.getByPlaceholder('Find by name').fill(query.toLowerCase())
    await expect
      .poll(() => page.locator('li.etab-row .etab-name').allInnerTexts())
      .toContain(accented)
    const found = await page.locator('li.etab-row .etab-name').allInnerTexts()
    expect(found.length).toBeLessThan(names.length)
    for (const name of found)
      expect(withoutAccents(name).toLowerCase()).toContain(query.toLowerCase())
    await page.getByPlaceholder('Find by name').fill('')
    await expect.poll(() => rows(page).count()).toBe(everyone.length)

    // Mark everyone: one button, its count in the label, one queued edit per person (offline,
    // so that the outbox holds them all). The tablet is fully up first: its sync count (loaded
    // a moment after the page) is on screen.
    await page.locator('details.sync-status').waitFor()
    await goOffline(context)
    const markAll = page.locator('.etab-mark-all')
    expect(await markAll.innerText()).toBe(
      `Mark ${everyone.length} people not yet marked as present`,
    )
    await markAll.click()
    await expect
      .poll(() => page.locator('li.etab-row[data-mark="present"]').count())
      .toBe(everyone.length)
    await expect.poll(() => markAll.innerText()).toBe('Everyone is marked')
    expect(await markAll.isDisabled()).toBe(true)
    // Shown at once, queued a moment later, one write after the other (docs/0020).
    await expect
      .poll(async () => (await queuedOn(page, day.id)).map((m) => [m.recordId, m.fields]).sort())
      .toEqual(everyone.map((p) => [`${day.id}:${p}`, { mark: 'present' }]).sort())
    const undoButton = page.locator('.etab-undo')
    expect(await undoButton.innerText()).toBe(`Undo (${everyone.length} people)`)

    // Undo restores "no mark" for all of them, by new queued edits.
    await undoButton.click()
    await expect
      .poll(() => page.locator('li.etab-row[data-mark="none"]').count())
      .toBe(everyone.length)
    await expect
      .poll(() => markAll.innerText())
      .toBe(`Mark ${everyone.length} people not yet marked as present`)
    expect(await undoButton.isDisabled()).toBe(true)
    await expect
      .poll(async () =>
        (await queuedOn(page, day.id))
          .slice(everyone.length)
          .map((m) => [m.recordId, m.fields])
          .sort(),
      )
      .toEqual(everyone.map((p) => [`${day.id}:${p}`, { mark: null }]).sort())
    await context.setOffline(false)

    // A tap toggles present and absent and never clears; undo restores the mark before.
    const first = everyone[0] as string
    const person = row(page, first).locator('button.etab-person')
    await person.click()
    await rowWith(page, first, '[data-mark="present"]').waitFor()
    await person.click()
    await rowWith(page, first, '[data-mark="absent"]').waitFor()
    await person.click()
    await rowWith(page, first, '[data-mark="present"]').waitFor()
    await row(page, first).getByRole('button', { name: 'Late', exact: true }).click()
    await rowWith(page, first, '[data-mark="late"]').waitFor()
    await row(page, first).getByRole('button', { name: 'Late', exact: true }).click()
    await rowWith(page, first, '[data-mark="present"]').waitFor()
    await undoButton.click()
    await rowWith(page, first, '[data-mark="late"]').waitFor()
    // Clearing is its own button.
    await row(page, first).locator('button.etab-clear').click()
    await rowWith(page, first, '[data-mark="none"]').waitFor()
    expect(await row(page, first).locator('button.etab-clear').isDisabled()).toBe(true)
    guard.check()
    await context.close()
  }, 120_000)

  it('keeps a note typed and not saved, across another person, another day and a reload', async () => {
    const { page, context, guard } = await tablet()
    const day = dayFor(3)
    await openDay(page, day)
    const [first, second] = await participantsShown(page)
    const noteOf = (username: string) => row(page, username).locator('.etab-note-form input')

    await row(page, first as string)
      .getByRole('button', { name: 'Note', exact: true })
      .click()
    await noteOf(first as string).fill('came at 10:15')
    await row(page, second as string)
      .getByRole('button', { name: 'Note', exact: true })
      .click()
    await noteOf(second as string).fill('left at noon')
    expect(await noteOf(first as string).inputValue()).toBe('came at 10:15')

    await page.getByRole('button', { name: 'Next training day' }).click()
    await page.locator(`section.etab:not([data-day="${day.id}"])`).waitFor()
    await page.getByRole('button', { name: 'Previous training day' }).click()
    await page.locator(`section.etab[data-day="${day.id}"] li.etab-row`).first().waitFor()
    expect(await noteOf(first as string).inputValue()).toBe('came at 10:15')

    await page.reload()
    await noteOf(second as string).waitFor()
    expect(await noteOf(second as string).inputValue()).toBe('left at noon')
    expect(await noteOf(first as string).inputValue()).toBe('came at 10:15')

    // Saved, it is a note of the record; discarded, it is gone.
    await row(page, first as string)
      .getByRole('button', { name: 'Save note' })
      .click()
    await row(page, first as string)
      .locator('p.etab-note', { hasText: 'came at 10:15' })
      .waitFor()
    await row(page, second as string)
      .getByRole('button', { name: 'Discard' })
      .click()
    await noteOf(second as string).waitFor({ state: 'detached' })
    await page.reload()
    await row(page, first as string)
      .locator('p.etab-note', { hasText: 'came at 10:15' })
      .waitFor()
    expect(await noteOf(second as string).count()).toBe(0)
    guard.check()
    await context.close()
  }, 120_000)

  for (const [index, { name, viewport, lang }] of SIZED.entries()) {
    it(`fits ${name} (${viewport.width}x${viewport.height}, ${lang}) with every control at least 44 x 44 px and the day on screen while the list scrolls`, async () => {
      const { page, context, guard } = await tablet(viewport)
      const day = dayFor(4 + index)
      await page.goto(`/?lang=${lang}`)
      await openDay(page, day)
      expect(await page.locator('html').getAttribute('lang')).toBe(lang === 'SI' ? 'sl' : 'en')
      const [first, second] = await participantsShown(page)
      // A row with its note open, another with a mark (so Clear is enabled), the help open.
      await row(page, first as string)
        .locator('.etab-actions button[aria-expanded]')
        .click()
      await row(page, first as string)
        .locator('.etab-note-form input')
        .fill('draft')
      await row(page, second as string)
        .locator('button.etab-person')
        .click()
      await rowWith(page, second as string, '[data-mark="present"]').waitFor()

      const controls = page.locator(
        'main section.etab :is(button, input, select, a, textarea, summary, [role="button"])',
      )
      const boxes = await controls.evaluateAll((elements) =>
        elements
          .filter((element) => element.getClientRects().length > 0)
          .map((element) => {
            const box = element.getBoundingClientRect()
            return {
              what: `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || element.getAttribute('placeholder') || '').trim().slice(0, 40)}"`,
              width: box.width,
              height: box.height,
              right: box.right,
              left: box.left,
            }
          }),
      )
      expect(boxes.length).toBeGreaterThan(10)
      const small = boxes.filter((box) => box.width < 44 || box.height < 44)
      expect(small).toEqual([])
      const outside = boxes.filter((box) => box.left < 0 || box.right > viewport.width)
      expect(outside).toEqual([])
      // Undo names the person it would take the tap back from, whole: nothing cut off.
      const undo = page.locator('button.etab-undo')
      const name = await row(page, second as string)
        .locator('.etab-name')
        .innerText()
      expect(await undo.innerText()).toContain(name)
      const cut = await undo.evaluate(
        (button) =>
          button.scrollWidth > button.clientWidth || button.scrollHeight > button.clientHeight,
      )
      expect(cut).toBe(false)

      // The chosen day is whole in its select, and its place in the block and its hours are
      // written whole beside it (on a phone they were cut off until the select was opened).
      const picker = await page.locator('.day-picker').evaluate((element) => {
        const select = element.querySelector<HTMLSelectElement>('select[name="day"]')
        const when = element.querySelector<HTMLElement>('.day-picker-when')
        const pen = document.createElement('canvas').getContext('2d')
        if (!select || !pen) return null
        pen.font = getComputedStyle(select).font
        const chosen = select.selectedOptions[0]?.textContent ?? ''
        return {
          // The select's room for its text: its width less the arrow (under 24 px at this size).
          textFits: pen.measureText(chosen).width <= select.clientWidth - 24,
          when: when?.innerText ?? '',
          whenWhole:
            !!when &&
            when.scrollWidth <= when.clientWidth &&
            when.getBoundingClientRect().right <= window.innerWidth,
        }
      })
      expect(picker?.textFits).toBe(true)
      expect(picker?.when).toContain(`${day.fromHour}–${day.toHour}`)
      expect(picker?.when).toContain(
        lang === 'SI' ? `${day.dayInBlock}. dan` : `day ${day.dayInBlock}`,
      )
      expect(picker?.whenWhole).toBe(true)

      // The help dialog's own controls too.
      await page.locator('button.etab-help-button').click()
      const close = page.locator('dialog.etab-help button')
      const closeBox = await close.boundingBox()
      expect(closeBox?.width).toBeGreaterThanOrEqual(44)
      expect(closeBox?.height).toBeGreaterThanOrEqual(44)
      await close.click()

      // Scrolled to the end of the list, the day picker and the counts are in view, whole.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
      for (const selector of ['select[name="day"]', '.etab-counts']) {
        const onTop = await page.locator(selector).evaluate((element) => {
          const box = element.getBoundingClientRect()
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
          // Not under the app bar, which is sticky too.
          const bar = document.querySelector('.app-bar')?.getBoundingClientRect()
          return (
            box.top >= (bar?.bottom ?? 0) - 1 &&
            box.bottom <= window.innerHeight &&
            !!hit &&
            element.contains(hit)
          )
        })
        expect(onTop, selector).toBe(true)
      }
      guard.check()
      await context.close()
    }, 120_000)
  }
})
