// Issue 34's words, layouts and loads as their people met them: a visitor's phone loads `/` with
// no console error (docs/0043-a-visitor-is-an-answer.md); a participant's phone names a segment
// "Segment 12 (4. letnik)", not "4/12"; the registrar's /udelezenci shows every column at 1440 px
// and the admin's /auth/users is one card per user on a 390 px phone, its buttons a finger's
// size. Debian's Chromium against the real server, no mocks.
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { appTookOver, guardConsole, launch, login, newContext } from './support/browser'
import { DEVICES, LANGUAGES, openScreen, type Language } from './support/screens'

const MIN_TARGET = 44
/** Where the screens are photographed to be looked at (not committed). */
const SHOTS = join(tmpdir(), 'lfit-words-shots')
mkdirSync(SHOTS, { recursive: true })

async function shoot(page: Page, name: string, language: Language) {
  const { width } = page.viewportSize() ?? { width: 0 }
  await page.screenshot({
    path: join(SHOTS, `${name}-${width}-${language.lang}.png`),
    fullPage: true,
  })
}

/** How far the page is wider than its window (0: nothing to scroll sideways). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('a visitor on a 390 px phone', () => {
  it.each(LANGUAGES)('loads / in $lang with no console error', async (language) => {
    const context = await newContext(browser, DEVICES.phone)
    const page = await context.newPage()
    // Every error, the browser's own "failed to load resource" lines included: none is excused.
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`)
    })
    page.on('pageerror', (error) => errors.push(error.message))
    const answered = page.waitForResponse('**/api/auth/user')
    await page.goto(`/?lang=${language.query}`)
    expect((await answered).status()).toBe(200)
    await appTookOver(page, '.home')
    await page.locator('.user-menu a[href^="/auth/login"]').waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('a participant on a 390 px phone', () => {
  it.each(LANGUAGES)(
    '/prisotnostGraf in $lang names each segment with its year, not as a date',
    async (language) => {
      const context = await newContext(browser, DEVICES.phone)
      const guard = guardConsole(context)
      const page = await context.newPage()
      await login(page, 'participant')
      await openScreen(page, '/prisotnostGraf', language, '.person-graph .graph-row')
      const labels = await page.locator('.person-graph .graph-label').allInnerTexts()
      const segments = labels.filter((label) => label.startsWith('Segment'))
      expect(segments.length).toBeGreaterThan(0)
      const named =
        language.lang === 'sl'
          ? /^Segment \d{1,2} \([1-4]\. letnik\)$/
          : /^Segment \d{1,2} \(year [1-4]\)$/
      for (const label of segments) expect(label).toMatch(named)
      // Nothing reads as a day and month.
      expect(labels.filter((label) => /\d+\/\d+/.test(label))).toEqual([])
      await shoot(page, 'prisotnostgraf', language)
      // The same graph under the participant's figures on /prisotnosti: no label is cut off.
      for (const route of ['/prisotnostGraf', '/prisotnosti']) {
        await openScreen(page, route, language, '.person-graph .graph-row')
        const cut = await page
          .locator('.person-graph .graph-label')
          .evaluateAll((items) =>
            items
              .filter((item) => item.scrollWidth > item.clientWidth)
              .map((item) => item.textContent),
          )
        expect(cut, route).toEqual([])
      }
      guard.check()
      await context.close()
    },
  )
})

describe('the registrar at 1440 px', () => {
  it.each(LANGUAGES)(
    '/udelezenci in $lang shows every column without scrolling sideways',
    async (language) => {
      const context = await newContext(browser, DEVICES.desktop)
      const guard = guardConsole(context)
      const page = await context.newPage()
      await login(page, 'regEditor')
      await openScreen(page, '/udelezenci', language, 'table.participants-table tbody tr')
      const cut = await page.evaluate(() => {
        const wrap = document.querySelector('.participants-table')?.closest('.table-wrap')
        const right = wrap?.getBoundingClientRect().right ?? 0
        return {
          scroll: (wrap?.scrollWidth ?? 0) - (wrap?.clientWidth ?? 0),
          hidden: [...document.querySelectorAll('.participants-table thead th')]
            .filter((th) => th.getBoundingClientRect().right > right + 0.5)
            .map((th) => th.textContent),
        }
      })
      expect(cut).toEqual({ scroll: 0, hidden: [] })
      expect(await sideways(page)).toBe(0)
      await shoot(page, 'udelezenci', language)
      guard.check()
      await context.close()
    },
  )
})

describe('the admin on a 390 px phone', () => {
  it.each(LANGUAGES)(
    '/auth/users in $lang is one card per user, every button at least 44 px',
    async (language) => {
      const context = await newContext(browser, DEVICES.phone)
      const guard = guardConsole(context)
      const page = await context.newPage()
      await login(page, 'admin')
      await openScreen(page, '/auth/users', language)
      expect(await sideways(page)).toBe(0)
      const cards = await page.evaluate(() =>
        [...document.querySelectorAll('table.users-table tbody tr')].slice(0, 5).map((row) => ({
          wide: Math.round(row.getBoundingClientRect().width),
          buttons: [...row.querySelectorAll('button')].map((b) => {
            const box = b.getBoundingClientRect()
            return { name: b.textContent, height: box.height, right: box.right }
          }),
        })),
      )
      expect(cards.length).toBeGreaterThan(0)
      for (const card of cards) {
        // A card spans the screen (less the page's gutters), not a table cell's share of it.
        expect(card.wide).toBeGreaterThan(300)
        expect(card.buttons.length).toBeGreaterThan(0)
        expect(card.buttons.filter((b) => b.height < MIN_TARGET).map((b) => b.name)).toEqual([])
        expect(card.buttons.filter((b) => b.right > 390).map((b) => b.name)).toEqual([])
      }
      await shoot(page, 'users', language)
      guard.check()
      await context.close()
    },
  )
})

/**
 * Opens `route` and at once types into `field` (no wait for anything else: within the half
 * second a person needs to start typing), then waits until the app bar's sync summary is drawn.
 * Answers whether the typed-into element is still the one on screen and what it holds.
 */
async function typeRightAway(page: Page, route: string, field: string, text: string) {
  await page.goto(route)
  const input = await page.waitForSelector(field)
  // Every element removed from the page's main part from now on (a remount replaces them).
  await page.evaluate(() => {
    const removed: string[] = []
    ;(window as unknown as { removedOnStart: string[] }).removedOnStart = removed
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element) removed.push(node.outerHTML.slice(0, 80))
    }).observe(document.querySelector('main') as Element, { childList: true, subtree: true })
  })
  await input.fill(text)
  await page.locator('.sync-summary[data-sync]').waitFor({ state: 'attached' })
  return {
    attached: await input.evaluate((element) => element.isConnected),
    kept: await page.locator(field).inputValue(),
    removed: await page.evaluate(
      () => (window as unknown as { removedOnStart: string[] }).removedOnStart,
    ),
  }
}

describe('a form typed into right after the first load', () => {
  it.each([
    {
      who: 'participant',
      device: 'phone',
      route: '/mojRacun?lang=SI',
      field: 'input[name="firstName"]',
    },
    {
      who: 'admin',
      device: 'desktop',
      route: '/auth/users?lang=EN',
      field: '.users-toolbar input[type="search"]',
    },
    {
      who: 'presenceEditor',
      device: 'tablet',
      route: '/odsotnost?lang=SI',
      field: 'form.absence-form input[name="reason"]',
    },
  ] as const)(
    'keeps its element and its input: $route ($who, $device)',
    async ({ who, device, route, field }) => {
      const context = await newContext(browser, DEVICES[device])
      const guard = guardConsole(context)
      const page = await context.newPage()
      await login(page, who)
      const found = await typeRightAway(page, route, field, 'Ana-Marija')
      // What was removed from the page meanwhile is said when the element was replaced.
      expect(
        { attached: found.attached, kept: found.kept },
        `removed after the first render:\n${found.removed.join('\n')}`,
      ).toEqual({ attached: true, kept: 'Ana-Marija' })
      guard.check()
      await context.close()
    },
  )
})
