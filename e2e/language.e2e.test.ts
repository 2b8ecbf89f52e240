// The language switch (docs/product-rules.md#language): a query parameter SI or EN on any URL (bare `?SI` or
// `?lang=SI`, any case) switches the UI, `<html lang>` follows, and the choice is kept in a
// 5-year cookie that a new browser context carrying the cookie starts in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { guardConsole, launch, navigateInApp, newContext } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const FIVE_YEARS_S = 5 * 365 * 24 * 60 * 60
const DAY_S = 24 * 60 * 60
/** Chromium keeps no cookie longer than 400 days, whatever its Max-Age (RFC 6265bis). */
const BROWSER_MAX_COOKIE_S = 400 * DAY_S

/**
 * Records what the page writes to `document.cookie` (the write still happens), so that the
 * Max-Age the app asks for can be read although the browser caps what it stores.
 */
function recordCookieWrites(context: BrowserContext) {
  return context.addInitScript(() => {
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')
    if (!cookie?.get || !cookie.set) return
    const { get, set } = cookie
    const writes: string[] = []
    Object.assign(window, { __cookieWrites: writes })
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get(this: Document) {
        return get.call(this) as string
      },
      set(this: Document, value: string) {
        writes.push(value)
        set.call(this, value)
      },
    })
  })
}

const cookieWrites = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cookieWrites: string[] }).__cookieWrites)

/** The login page in each language: its heading and the switcher's group label. */
const UI = {
  sl: { lang: 'sl', heading: 'Prijava', switcher: 'Jezik', cookie: 'SI' },
  en: { lang: 'en', heading: 'Log in', switcher: 'Language', cookie: 'EN' },
} as const

/** Waits until the login page speaks `language`: `<html lang>`, a translated heading and label. */
async function expectLanguage(page: Page, language: keyof typeof UI) {
  const ui = UI[language]
  await page.locator(`html[lang="${ui.lang}"]`).waitFor({ state: 'attached' })
  await page.locator('h1', { hasText: new RegExp(`^${ui.heading}$`) }).waitFor()
  await page.getByRole('group', { name: ui.switcher }).waitFor()
  const pressed = page.locator('.language-switcher button[aria-pressed="true"]')
  expect(await pressed.getAttribute('lang')).toBe(ui.lang)
}

/** The language cookie of `context`: its value and how long it lasts from now, in seconds. */
async function languageCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'lang')
  expect(cookie, 'the language cookie').toBeDefined()
  return { value: cookie?.value, lifetime: (cookie?.expires ?? 0) - Date.now() / 1000 }
}

describe('language switch by query parameter', () => {
  const toSlovenian = ['?SI', '?si', '?lang=SI', '?lang=si', '?LANG=Si']
  for (const query of toSlovenian) {
    it(`${query} switches to Slovenian and a new context with the cookie stays Slovenian`, async () => {
      const first = await newContext(browser)
      const guard = guardConsole(first)
      await recordCookieWrites(first)
      const page = await first.newPage()
      await page.goto('/auth/login')
      await expectLanguage(page, 'en')

      await page.goto(`/auth/login${query}`)
      await expectLanguage(page, 'sl')
      // The switch is dropped from the address once applied.
      expect(new URL(page.url()).search).toBe('')
      const cookie = await languageCookie(first)
      expect(cookie.value).toBe(UI.sl.cookie)
      // The app asks for 5 years; Chromium stores the most it allows.
      expect(await cookieWrites(page)).toEqual([
        expect.stringMatching(new RegExp(`^lang=SI; Max-Age=${FIVE_YEARS_S}; Path=/;`)),
      ])
      expect(Math.abs(cookie.lifetime - BROWSER_MAX_COOKIE_S)).toBeLessThan(DAY_S)

      const second = await newContext(browser)
      const secondGuard = guardConsole(second)
      await second.addCookies(await first.cookies())
      const again = await second.newPage()
      await again.goto('/auth/login')
      await expectLanguage(again, 'sl')

      guard.check()
      secondGuard.check()
      await first.close()
      await second.close()
    })
  }

  const toEnglish = ['?EN', '?en', '?lang=EN', '?lang=en']
  for (const query of toEnglish) {
    it(`${query} switches back to English and the cookie follows`, async () => {
      const context = await newContext(browser)
      const guard = guardConsole(context)
      const page = await context.newPage()
      await page.goto('/auth/login?SI')
      await expectLanguage(page, 'sl')
      await page.goto(`/auth/login${query}`)
      await expectLanguage(page, 'en')
      expect((await languageCookie(context)).value).toBe(UI.en.cookie)

      const next = await newContext(browser)
      const nextGuard = guardConsole(next)
      await next.addCookies(await context.cookies())
      const again = await next.newPage()
      await again.goto('/auth/login')
      await expectLanguage(again, 'en')

      guard.check()
      nextGuard.check()
      await context.close()
      await next.close()
    })
  }

  it('switches on an in-app navigation to a URL with ?SI, and back with ?lang=en', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/')
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' })
    await navigateInApp(page, '/auth/login?SI')
    await expectLanguage(page, 'sl')
    expect((await languageCookie(context)).value).toBe(UI.sl.cookie)
    await navigateInApp(page, '/auth/login?lang=en')
    await expectLanguage(page, 'en')
    expect((await languageCookie(context)).value).toBe(UI.en.cookie)
    guard.check()
    await context.close()
  })

  it('defaults to English without a switch or cookie, and the switcher sets the cookie', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/auth/login')
    await expectLanguage(page, 'en')
    expect((await context.cookies()).find((c) => c.name === 'lang')).toBeUndefined()
    await page.locator('.language-switcher button[lang="sl"]').click()
    await expectLanguage(page, 'sl')
    expect((await languageCookie(context)).value).toBe(UI.sl.cookie)
    guard.check()
    await context.close()
  })
})
