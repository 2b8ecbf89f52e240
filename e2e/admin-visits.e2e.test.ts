// The administrator's visit statistics (/analitika, docs/access-policy.md#visits): a visitor's
// page views show up as counts per page and a chart of the days, at the admin's desk in both
// languages; a span that ends before it starts is said in the page's language and not asked
// for; a participant gets no access.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { VISITS_DEFAULT_DAYS, VISITS_MESSAGES } from '@lfit/domain/analytics/visits'
import { splitBilingual } from '@lfit/domain/messages/bilingual'
import { guardConsole, launch, login, newContext } from './support/browser'
import { DEVICES, LANGUAGES, openScreen } from './support/screens'

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/lfit-shots'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

describe('visit statistics', () => {
  it('show a visitor’s page views per page and per day to the admin, in both languages', async () => {
    const visitor = await newContext(browser, DEVICES.phone)
    const page = await visitor.newPage()
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/a/event')
    await page.goto('/faq')
    await sent
    await visitor.close()

    const context = await newContext(browser, DEVICES.desktop)
    const guard = guardConsole(context)
    const admin = await context.newPage()
    await login(admin, 'admin')
    for (const language of LANGUAGES) {
      await openScreen(admin, '/analitika', language, '.visits-chart svg')
      await expect(admin.locator('.visits-bar').count()).resolves.toBe(VISITS_DEFAULT_DAYS)
      const faq = admin.locator('table.visits-pages tr[data-path="/faq"] td.number')
      expect(Number(await faq.textContent())).toBeGreaterThanOrEqual(1)
      const total = await admin
        .locator('.visits-bar')
        .evaluateAll((bars) =>
          bars.reduce((sum, bar) => sum + Number(bar.getAttribute('data-visits')), 0),
        )
      expect(total).toBeGreaterThanOrEqual(1)
      await admin.screenshot({
        path: join(SHOTS, `analitika-desk-${language.lang}.png`),
        caret: 'hide',
      })

      // A span that ends before it starts: said in the page's language, nothing asked.
      const asked: string[] = []
      admin.on('request', (request) => {
        if (request.url().endsWith('/api/analytics/visits')) asked.push(request.url())
      })
      await admin.locator('input[name="od"]').fill('22. 11. 2026')
      await admin.locator('input[name="do"]').fill('20. 11. 2026')
      await admin.locator('form.analytics-span button[type="submit"]').click()
      const alert = admin.locator('form.analytics-span p.field-error')
      await expect(alert.textContent()).resolves.toBe(
        splitBilingual(VISITS_MESSAGES.order)[language.lang],
      )
      expect(asked).toEqual([])
    }
    guard.check()
    await context.close()
  })

  it('are closed to a participant', async () => {
    const context = await newContext(browser, DEVICES.desktop)
    const page = await context.newPage()
    await login(page, 'participant')
    await page.goto('/analitika?lang=EN')
    await page.locator('.route[data-route="/analitika"][data-access="forbidden"]').waitFor()
    await expect(page.locator('.visits-chart').count()).resolves.toBe(0)
    await context.close()
  })
})
