// A screen used at once is not rendered anew under the person's finger (issue: an e2e click hit a
// detached button about half a second after the first load, while the sync summary's code
// arrived). Each screen is loaded cold; its first field is typed into as soon as the app has
// taken it over; then the test waits for everything that arrives later (the sync summary's code,
// the first sync, the network falling quiet) and checks that what was typed is still there and
// that no button, field or form was replaced in the meantime.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { appTookOver, guardConsole, launch, login, newContext } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const PHONE = { width: 390, height: 844 }
const TABLET = { width: 1024, height: 768 }
const DESK = { width: 1440, height: 900 }

const CASES = [
  {
    role: 'presenceEditor',
    viewport: TABLET,
    path: '/odsotnost',
    field: 'form.absence-form input[name="reason"]',
  },
  {
    role: 'participant',
    viewport: PHONE,
    path: '/odsotnostOsebe',
    field: 'form.absence-form input[name="reason"]',
  },
  { role: 'admin', viewport: DESK, path: '/auth/users', field: 'main input[name="iskanje"]' },
] as const

describe('the first render is the last', () => {
  for (const { role, viewport, path, field } of CASES) {
    it(`${path} (${role}, ${viewport.width} px): what is typed at once stays, no control is replaced`, async () => {
      const context = await newContext(browser, { viewport })
      const guard = guardConsole(context)
      // Every button, field or form taken out of the page, from the first byte of each load.
      await context.addInitScript(() => {
        const removed: string[] = []
        Object.assign(window, { __removedControls: removed })
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes)
              if (
                node instanceof Element &&
                (node.matches('button, input, select, textarea, form') ||
                  node.querySelector('button, input, select, textarea'))
              )
                removed.push(`${node.tagName.toLowerCase()}.${node.className}`)
        }).observe(document, { childList: true, subtree: true })
      })
      const page = await context.newPage()
      await login(page, role)
      await page.goto(path)
      await appTookOver(page, field)
      const typed = 'typed at once'
      await page.locator(field).pressSequentially(typed)
      // What arrives later: the sync summary's code, the first sync, then a quiet network.
      await page
        .locator('.connection-status .sync-summary[data-sync]')
        .waitFor({ state: 'attached' })
      await page.waitForLoadState('networkidle')
      await expect.poll(() => page.locator(field).inputValue()).toBe(typed)
      expect(
        await page.evaluate(
          () => (window as unknown as { __removedControls: string[] }).__removedControls,
        ),
      ).toEqual([])
      guard.check()
      await context.close()
    })
  }
})
