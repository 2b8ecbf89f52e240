// The media editors' lists on a phone (390 px): /libraryMedia, /projectMedia and /dir fit the
// screen in both languages: neither the page nor the list scrolls sideways (each row is a card,
// each value labelled with its column), and the headings still sort.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { guardConsole, launch, login, newContext } from './support/browser'
import { DEVICES, LANGUAGES, openScreen } from './support/screens'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SCREENS: [route: string, ready: string][] = [
  ['/libraryMedia', 'table.edit-list-table tbody tr'],
  ['/projectMedia', 'table.edit-list-table tbody tr'],
  ['/dir', 'table.edit-list-table thead'],
]

describe('the editors’ lists on a 390 px phone', () => {
  it.each(LANGUAGES)('are no wider than the screen ($query)', async (language) => {
    const context = await newContext(browser, DEVICES.phone)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'mediaEditor')
    for (const [route, ready] of SCREENS) {
      await openScreen(page, route, language, ready)
      const widths = await page.evaluate(() => {
        const list = document.querySelector('.edit-list .table-wrap')
        return {
          page: document.documentElement.scrollWidth,
          viewport: document.documentElement.clientWidth,
          list: list?.scrollWidth ?? -1,
          box: list?.clientWidth ?? 0,
        }
      })
      expect(widths.page, `${route}: page ${widths.page} px, screen ${widths.viewport} px`).toBe(
        widths.viewport,
      )
      expect(widths.list, `${route}: list ${widths.list} px in ${widths.box} px`).toBe(widths.box)
      // Sorting is still there: the headings are buttons a finger can hit.
      const sort = page.locator('.edit-list-table button.edit-list-sort').first()
      expect(await sort.isVisible()).toBe(true)
      expect((await sort.boundingBox())?.height).toBeGreaterThanOrEqual(44)
    }
    guard.check()
    await context.close()
  })
})
