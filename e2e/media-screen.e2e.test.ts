// /mediji, the media editors' list of recordings, at a phone, a tablet and a desk in both
// languages: every sort heading is a finger's size (the short "Title" was 40 px wide), and "New
// recording" opens an editor that says it makes a recording.
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

const HEADING = { en: 'New recording', sl: 'Nov posnetek' }

describe('/mediji', () => {
  it.each(LANGUAGES)(
    'has sort headings a finger can hit and a new recording’s editor ($query)',
    async (language) => {
      const context = await newContext(browser)
      const guard = guardConsole(context)
      const page = await context.newPage()
      await login(page, 'mediaEditor')
      for (const device of [DEVICES.phone, DEVICES.tablet, DEVICES.desktop]) {
        await page.setViewportSize(device.viewport)
        await openScreen(page, '/mediji', language, 'table.edit-list-table thead')
        const sorts = await page.locator('button.edit-list-sort').evaluateAll((buttons) =>
          buttons.map((button) => {
            const box = button.getBoundingClientRect()
            return { text: button.textContent, width: box.width, height: box.height }
          }),
        )
        expect(sorts.length).toBeGreaterThan(3)
        const small = sorts.filter(({ width, height }) => width < 44 || height < 44)
        expect(small, `${device.viewport.width} px`).toEqual([])
      }
      await page.locator('.edit-list-toolbar button.btn-primary').click()
      const heading = page.locator('h2', { hasText: HEADING[language.lang] })
      await heading.waitFor()
      expect(await heading.textContent()).toBe(HEADING[language.lang])
      guard.check()
      await context.close()
    },
  )
})
