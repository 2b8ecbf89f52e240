// Issue 34's words, layouts and loads as their people met them: a visitor's phone loads `/` with
// no console error (docs/0043-a-visitor-is-an-answer.md). Debian's Chromium against the real
// server, no mocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { appTookOver, launch, newContext } from './support/browser'
import { DEVICES, LANGUAGES } from './support/screens'

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
