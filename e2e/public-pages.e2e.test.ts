// The public pages as a phone meets them: the home page's lists of pages are a finger's size
// (44 px tall links, like the app bar's controls), for a visitor and for a signed-in participant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { guardConsole, launch, login, newContext } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
}
const MIN_TARGET = 44

/** The home page's list links: their names and heights on screen, per list heading. */
function homeLinks(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.home-grid nav')].map((nav) => ({
      list: nav.querySelector('h2')?.textContent ?? '',
      links: [...nav.querySelectorAll('li a')].map((link) => ({
        name: link.textContent ?? '',
        height: Math.round(link.getBoundingClientRect().height * 10) / 10,
      })),
    })),
  )
}

describe('the home page on a 390 px phone', () => {
  it.each([
    { who: 'a visitor', role: null, lists: ['The programme'] },
    { who: 'a participant', role: 'participant', lists: ['My pages', 'The programme'] },
  ])('gives $who list links at least 44 px tall', async ({ role, lists }) => {
    const context = await newContext(browser, PHONE)
    const console = guardConsole(context)
    const page = await context.newPage()
    if (role) await login(page, role)
    await page.goto('/?EN')
    await page.locator('.home-grid nav li a').first().waitFor()
    const found = await homeLinks(page)
    expect(found.map((nav) => nav.list)).toEqual(lists)
    for (const nav of found) {
      expect(nav.links.length).toBeGreaterThan(0)
      const small = nav.links.filter((link) => link.height < MIN_TARGET)
      expect(small, `${nav.list}: links under ${MIN_TARGET} px`).toEqual([])
    }
    console.check()
    await context.close()
  })
})
