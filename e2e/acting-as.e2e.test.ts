// The change-user menu (docs/0045-acting-as-another-user.md): an administrator at the desk acts
// as a participant from /auth/users, every screen says so in a banner in the page's language
// ("Acting as X" / "Delate kot X"), the app shows the participant's own pages, and one click ends
// it. The banner is looked at on the desk and on a phone, in both languages.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { guardConsole, launch, login, newContext } from './support/browser'
import { DEVICES, LANGUAGES, openScreen } from './support/screens'

const PARTICIPANT = 'ana.novak@demo.test'
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/lfit-shots'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

const BANNER = {
  en: { acting: 'Acting as Ana Novak', end: 'End acting as Ana Novak' },
  sl: { acting: 'Delate kot Ana Novak', end: 'Končaj delovanje kot Ana Novak' },
} as const

async function startActing(page: Page) {
  await openScreen(page, '/auth/users', LANGUAGES[0])
  await page.getByRole('button', { name: `Act as ${PARTICIPANT}` }).click()
  await page.locator('.acting-banner').waitFor()
}

describe('an administrator acts as a participant', () => {
  for (const [device, options] of [
    ['desk', DEVICES.desktop],
    ['phone', DEVICES.phone],
  ] as const) {
    it(`says so on every screen and ends with one click (${device})`, async () => {
      const context = await newContext(browser, options)
      const guard = guardConsole(context)
      const page = await context.newPage()
      await login(page, 'admin')
      // No admin may be acted as: the row of an admin has no such button.
      await openScreen(page, '/auth/users', LANGUAGES[0])
      await expect(
        page.locator('tr[data-username="admin@demo.test"] button', { hasText: /^Act as$/ }).count(),
      ).resolves.toBe(0)
      await startActing(page)

      for (const language of LANGUAGES) {
        await openScreen(page, '/mojRacun', language)
        const banner = page.locator('.acting-banner')
        const words = BANNER[language.lang]
        await expect(banner.locator('strong').textContent()).resolves.toBe(words.acting)
        const end = banner.getByRole('button', { name: words.end })
        await expect(end.isVisible()).resolves.toBe(true)
        const box = await end.boundingBox()
        expect(box?.height).toBeGreaterThanOrEqual(44)
        // The participant's own account page, with their name: what they see.
        await expect(page.locator('.user-menu-name').textContent()).resolves.toBe('Ana Novak')
        await page.screenshot({
          path: join(SHOTS, `acting-banner-${device}-${language.lang}.png`),
          caret: 'hide',
        })
      }

      // The admin's pages are closed to the participant, so to the admin acting as them.
      await page.goto('/auth/users?lang=EN')
      await page.locator('.route[data-route="/auth/users"][data-access="forbidden"]').waitFor()

      await page.locator('.acting-banner').getByRole('button', { name: BANNER.en.end }).click()
      // Home, as the admin again: the participant's page may be one the admin does not open.
      await page.waitForURL((url) => url.pathname === '/')
      await page.locator('.acting-banner').waitFor({ state: 'detached' })
      await openScreen(page, '/auth/users', LANGUAGES[0])
      await expect(page.locator('.user-menu-name').textContent()).resolves.not.toBe('Ana Novak')
      guard.check()
      await context.close()
    })
  }
})
