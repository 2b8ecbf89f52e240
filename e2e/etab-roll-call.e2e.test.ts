// A roll call of 35 on the studio tablet, in Chromium against a server of this file's own (a year
// filled to 35 people through the admin's user API, e2e/support/roll-call-class.ts), at
// 1024 x 768 in both languages: at least twelve whole rows under the sticky bar wherever the list
// is scrolled, every target at least 44 x 44 px; a tap on a person whose excused absence is
// recorded marks them present and the note says the report no longer counts; and the paper
// fallback, the day's sign-in sheet and the segment's class list, printed to PDF with the
// tablet offline: A4, the names, a signature column, the marks known, no button words (and the
// sheet itself printed keeps the names and drops its controls).
// docs/product-rules.md#attendance.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Packr } from 'msgpackr'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { schedule, type StudyDay } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { SYNC_PROTOCOL_VERSION, type Mutation } from '@lfit/domain/sync/protocol'
import { formatDayShort } from '../web/src/i18n/date-format'
import {
  goOffline,
  guardConsole,
  launch,
  login,
  newContext,
  waitForServiceWorker,
  type ConsoleGuard,
} from './support/browser'
import { CLASS_SIZE, fillClass } from './support/roll-call-class'
import { serverOfItsOwn } from './support/own-server'
import { etabUrl, unmarkedStudyDays } from './support/study-days'

const TABLET = { width: 1024, height: 768 }
const YEAR = 2
const UNREACHABLE = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/
/** Screens and printed pages for a person to look at; not committed. */
const SHOTS_DIR = join(tmpdir(), 'lfit-roll-call-shots')
const packr = new Packr({ useRecords: false, mapsAsObjects: true })

/** Past study days of the class's year that the demo data leaves unmarked: one per test. */
const days = unmarkedStudyDays().filter((day) => day.year === YEAR)
const dayFor = (test: number): StudyDay => {
  const day = days[test]
  if (!day) throw new Error(`the schedule has too few past study days in year ${YEAR}`)
  return day
}

const server = serverOfItsOwn('roll-call')
let browser: Browser
let people: string[]
beforeAll(async () => {
  people = await fillClass(server.url, YEAR)
  browser = await launch()
  mkdirSync(SHOTS_DIR, { recursive: true })
})
afterAll(() => browser?.close())

interface Tablet {
  context: BrowserContext
  page: Page
  guard: ConsoleGuard
}

async function tablet(lang: 'EN' | 'SI'): Promise<Tablet> {
  const context = await newContext(browser, { viewport: TABLET, baseURL: server.url })
  const guard = guardConsole(context)
  const page = await context.newPage()
  await login(page, 'presenceEditor')
  await page.goto(`/?lang=${lang}`)
  return { context, page, guard }
}

const rows = (page: Page) => page.locator('li.etab-row')
const row = (page: Page, username: string) =>
  page.locator(`li.etab-row[data-participant="${username}"]`)

async function openDay(page: Page, day: StudyDay): Promise<void> {
  await page.goto(etabUrl(day))
  await page.locator(`section.etab[data-day="${day.id}"] li.etab-row`).first().waitFor()
  await expect.poll(() => rows(page).count()).toBe(CLASS_SIZE)
}

/**
 * How many rows are whole in view under the sticky bar, the list scrolled so that its first row
 * starts `shift` px above the bar's lower edge (0: right under it).
 */
async function wholeRowsInView(page: Page, shift: number): Promise<number> {
  await page.evaluate((by) => {
    const bar = document.querySelector('.etab-sticky') as HTMLElement
    const first = document.querySelector('li.etab-row') as HTMLElement
    // Twice: the bar sticks during the first scroll, and then stands higher than before it.
    for (let step = 0; step < 2; step++) {
      const top = first.getBoundingClientRect().top - bar.getBoundingClientRect().bottom + by
      window.scrollTo({ top: window.scrollY + top, behavior: 'instant' })
    }
  }, shift)
  return page.evaluate(() => {
    const under = (document.querySelector('.etab-sticky') as HTMLElement).getBoundingClientRect()
      .bottom
    return [...document.querySelectorAll('li.etab-row')].filter((item) => {
      const box = item.getBoundingClientRect()
      return box.top >= under - 0.5 && box.bottom <= window.innerHeight + 0.5
    }).length
  })
}

/** Records an absence on the server through its API, as the signed-in presence editor. */
async function recordAbsence(
  context: BrowserContext,
  fields: { participant: string; fromDay: string; toDay: string; reason: string; excused: boolean },
): Promise<void> {
  const mutation: Mutation = {
    id: `e2e-${crypto.randomUUID()}`,
    collection: 'absences',
    recordId: `e2e-absence-${crypto.randomUUID()}`,
    hlc: encodeHlc({ wall: Date.now(), counter: 0, node: 'e2e-roll-call' }),
    deviceId: 'e2e-roll-call',
    fields: { ...fields, deleted: false },
  }
  const response = await context.request.post('/api/db/absences/upsertBatch', {
    headers: { 'content-type': 'application/msgpack', accept: 'application/msgpack' },
    data: Buffer.from(packr.pack({ v: SYNC_PROTOCOL_VERSION, batch: [mutation] })),
  })
  expect(response.status()).toBe(200)
}

/** A PDF's page count, page size in points and text (every run of spaces as one). */
function readPdf(pdf: Buffer, name: string) {
  const file = join(server.dir, `${name}.pdf`)
  writeFileSync(file, pdf)
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])
  const [, width, height] = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info) ?? []
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
  // The first page as a picture, for a person to look at.
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, join(SHOTS_DIR, name)])
  return { pages, width: Number(width), height: Number(height), text }
}

const A4 = [595.3, 841.9] as const

/** `words` as whole words in a text ("Print" is not in "Printed"). */
const wordIn = (words: string) =>
  new RegExp(`(^|[^\\p{L}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\p{L}]|$)`, 'u')

describe('a roll call of 35 on the studio tablet (1024 x 768)', () => {
  for (const [index, lang] of (['EN', 'SI'] as const).entries()) {
    it(`shows at least twelve whole rows under the sticky bar, every target at least 44 px (${lang})`, async () => {
      const { context, page, guard } = await tablet(lang)
      await openDay(page, dayFor(index))
      await page.screenshot({ path: join(SHOTS_DIR, `etab-35-${lang}.png`) })
      // Wherever a swipe leaves the list: right under the bar, and a third or two of a row on.
      for (const shift of [0, 15, 30]) {
        expect(
          await wholeRowsInView(page, shift),
          `scrolled ${shift} px on`,
        ).toBeGreaterThanOrEqual(12)
      }
      await page.screenshot({ path: join(SHOTS_DIR, `etab-35-${lang}-scrolled.png`) })
      const boxes = await page
        .locator('main section.etab :is(button, input, select, a, summary)')
        .evaluateAll((elements) =>
          elements
            .filter((element) => element.getClientRects().length > 0)
            .map((element) => {
              const box = element.getBoundingClientRect()
              const what = element.textContent || element.getAttribute('aria-label') || ''
              return { what: what.trim().slice(0, 40), width: box.width, height: box.height }
            }),
        )
      expect(boxes.length).toBeGreaterThan(CLASS_SIZE * 5)
      expect(boxes.filter((box) => box.width < 44 || box.height < 44)).toEqual([])
      guard.check()
      await context.close()
    }, 120_000)
  }

  it('a tap on someone whose excused absence is recorded marks them present and says the report no longer counts', async () => {
    const { context, page, guard } = await tablet('EN')
    const day = dayFor(2)
    const away = people[4] as string
    const reason = `exam ${Date.now().toString(36)}`
    await recordAbsence(context, {
      participant: away,
      fromDay: day.dayStr,
      toDay: day.dayStr,
      reason,
      excused: true,
    })
    await openDay(page, day)
    const note = row(page, away).locator('.etab-absence')
    await page
      .locator(
        `li.etab-row[data-participant="${away}"][data-mark="excused"][data-absence="reported"]`,
      )
      .waitFor()
    expect(await note.innerText()).toBe(`Reported absent, excused: ${reason}`)

    await row(page, away).locator('button.etab-person').click()
    await page
      .locator(
        `li.etab-row[data-participant="${away}"][data-mark="present"][data-absence="overridden"]`,
      )
      .waitFor()
    expect(await note.innerText()).toBe(
      `Here after all: the excused absence reported for this day (${reason}) no longer counts.`,
    )
    expect(await row(page, away).innerText()).not.toContain('Reported absent, excused')

    // Clearing the mark brings the report back as the day's mark.
    await row(page, away).locator('button.etab-clear').click()
    await page
      .locator(
        `li.etab-row[data-participant="${away}"][data-mark="excused"][data-absence="reported"]`,
      )
      .waitFor()
    expect(await note.innerText()).toBe(`Reported absent, excused: ${reason}`)
    guard.check()
    await context.close()
  }, 120_000)

  for (const [index, lang] of (['EN', 'SI'] as const).entries()) {
    it(`prints the day's sign-in sheet and the segment's class list offline, A4, names, signatures, no buttons (${lang})`, async () => {
      const { context, page, guard } = await tablet(lang)
      guard.allow(UNREACHABLE)
      const day = dayFor(3 + index)
      await openDay(page, day)
      await waitForServiceWorker(page)
      // Two people marked present before printing: their marks are on the sheet.
      const [first, second] = people as [string, string]
      for (const username of [first, second]) {
        await row(page, username).locator('button.etab-person').click()
        await page
          .locator(`li.etab-row[data-participant="${username}"][data-mark="present"]`)
          .waitFor()
      }
      const presentWord = await row(page, first).locator('.etab-mark').innerText()
      // The words of the sheet's controls, the names' own buttons left out; Undo without the
      // name it gives back. Late and Excused are marks too: the class list's legend names them.
      const wordsOf = (selector: string) =>
        page.locator(selector).evaluateAll((elements) => [
          ...new Set(
            elements
              .map((element) => (element as HTMLElement).innerText.replace(/\s*\(.*\)$/, ''))
              .map((text) => text.trim())
              .filter((text) => /\p{L}/u.test(text)),
          ),
        ])
      const markButtons = await wordsOf('li.etab-row .etab-actions button[aria-pressed]')
      const buttonWords = await wordsOf(
        'main section.etab :is(.etab-actions button, .etab-tools button, .etab-undo, .etab-header-end :is(a, button))',
      )
      const names = await page.locator('li.etab-row .etab-name').allInnerTexts()
      expect(names).toHaveLength(CLASS_SIZE)

      // The sheet itself printed (the browser's Print on /ETAB): the names, none of the controls
      // (Late and Excused name the counts too).
      const screen = readPdf(await page.pdf({ preferCSSPageSize: true }), `etab-${lang}`)
      for (const name of names) expect(screen.text).toContain(name)
      for (const word of buttonWords.filter((word) => !markButtons.includes(word))) {
        expect(screen.text, word).not.toMatch(wordIn(word))
      }

      // Offline, reloaded from the device: the sign-in sheet comes from its own data.
      await goOffline(context)
      await page.locator('.etab-header-end a').click()
      const paper = page.locator('.etab-paper[data-print="day"][data-ready="true"]')
      await paper.waitFor()
      await expect.poll(() => paper.locator('tbody tr').count()).toBe(CLASS_SIZE)
      await page.reload()
      await paper.waitFor()
      await expect.poll(() => paper.locator('tbody tr').count()).toBe(CLASS_SIZE)
      await page.screenshot({ path: join(SHOTS_DIR, `sheet-${lang}.png`) })
      buttonWords.push(...(await paper.locator('.print-controls :is(a, button)').allInnerTexts()))

      const sheet = readPdf(await page.pdf({ preferCSSPageSize: true }), `sheet-${lang}`)
      expect([sheet.width, sheet.height]).toEqual([
        expect.closeTo(A4[0], 0),
        expect.closeTo(A4[1], 0),
      ])
      for (const name of names) expect(sheet.text).toContain(name)
      expect(sheet.text).toContain(lang === 'EN' ? 'Signature' : 'Podpis')
      expect(sheet.text).toContain(lang === 'EN' ? 'Sign-in sheet' : 'Podpisni list')
      expect(sheet.text.split(presentWord).length - 1).toBe(2)
      expect(buttonWords.length).toBeGreaterThan(6)
      for (const word of buttonWords) expect(sheet.text, word).not.toMatch(wordIn(word))

      // The segment's class list: a column per study day of the segment, across the page.
      await paper.locator('.print-controls a').nth(1).click()
      const list = page.locator('.etab-paper[data-print="segment"][data-ready="true"]')
      await list.waitFor()
      await expect.poll(() => list.locator('tbody tr').count()).toBe(CLASS_SIZE)
      await page.screenshot({ path: join(SHOTS_DIR, `class-list-${lang}.png`) })
      const classList = readPdf(await page.pdf({ preferCSSPageSize: true }), `class-list-${lang}`)
      expect([classList.width, classList.height]).toEqual([
        expect.closeTo(A4[1], 0),
        expect.closeTo(A4[0], 0),
      ])
      for (const name of names) expect(classList.text).toContain(name)
      const segmentDays = schedule().days.filter(
        (d) => !d.freeDay && d.year === day.year && d.segment === day.segment,
      )
      for (const d of segmentDays) {
        expect(classList.text).toContain(formatDayShort(lang === 'EN' ? 'en' : 'sl', d.dayStr))
      }
      for (const word of buttonWords.filter((word) => !markButtons.includes(word))) {
        expect(classList.text, word).not.toMatch(wordIn(word))
      }
      guard.check()
      await context.close()
    }, 180_000)
  }
})
