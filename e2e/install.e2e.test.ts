// Installing the app: the web manifest the browser reads is the one of the language on screen
// (name, description, shortcuts to /ETAB and /urnik), Chromium's own install prompt becomes an
// "Install app" button, and an iPhone or iPad gets a short "Add to Home Screen" note that can be
// dismissed for good.
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import {
  baseURL,
  CHROMIUM,
  CHROMIUM_FLAGS,
  guardConsole,
  launch,
  newContext,
} from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

interface Manifest {
  lang: string
  name: string
  short_name: string
  description: string
  id: string
  start_url: string
  shortcuts: { url: string; name: string; short_name: string; description: string }[]
}

const EXPECTED = {
  en: {
    file: '/manifest.webmanifest',
    description: /^A five-year international training programme/,
    shortcuts: [
      ['/ETAB', 'Electronic tab: attendance'],
      ['/urnik', 'Timetable'],
    ],
  },
  sl: {
    file: '/manifest.sl.webmanifest',
    description: /^Petletni mednarodni izobraževalni program/,
    shortcuts: [
      ['/ETAB', 'Elektronska tabla: prisotnost'],
      ['/urnik', 'Urnik'],
    ],
  },
} as const

function expectManifest(manifest: Manifest, lang: keyof typeof EXPECTED) {
  const expected = EXPECTED[lang]
  expect(manifest.lang).toBe(lang)
  expect(manifest.name).toBe('Ljubljana LFIT')
  expect(manifest.short_name).toBe('LFIT')
  expect(manifest.id).toBe('/')
  expect(manifest.description).toMatch(expected.description)
  expect(manifest.shortcuts.map((s) => [s.url, s.name])).toEqual(expected.shortcuts)
}

/** The manifest the browser itself has found for the page (what it would install). */
async function browserManifest(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const { url, data, errors } = await cdp.send('Page.getAppManifest')
  await cdp.detach()
  expect(errors).toEqual([])
  return { path: new URL(url).pathname, manifest: JSON.parse(data ?? '{}') as Manifest }
}

describe('the web manifest', () => {
  it.each(['en', 'sl'] as const)(
    '%s: is served with its name, description and shortcuts',
    async (lang) => {
      const response = await fetch(`${baseURL()}${EXPECTED[lang].file}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
      expectManifest((await response.json()) as Manifest, lang)
    },
  )

  it('the browser reads the one of the language on screen, and follows a switch', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/?lang=SI')
    await page.locator('html[lang="sl"]').waitFor({ state: 'attached' })
    const slovenian = await browserManifest(page)
    expect(slovenian.path).toBe(EXPECTED.sl.file)
    expectManifest(slovenian.manifest, 'sl')

    await page.locator('.language-switcher button[lang="en"]').click()
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' })
    const english = await browserManifest(page)
    expect(english.path).toBe(EXPECTED.en.file)
    expectManifest(english.manifest, 'en')
    guard.check()
    await context.close()
  })
})

describe('the install offer in Chromium', () => {
  // An incognito context (what `newContext` gives) can install nothing, so Chromium never
  // offers it there: these tests run in a profile of their own, where the offer is real.
  let profile: string
  let context: BrowserContext
  beforeAll(async () => {
    profile = mkdtempSync(join(inject('workDir'), 'install-'))
  })
  afterAll(async () => {
    await context?.close()
    rmSync(profile, { recursive: true, force: true })
  })

  const open = async (dir: string) => {
    context = await chromium.launchPersistentContext(join(profile, dir), {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
      baseURL: baseURL(),
      viewport: { width: 1024, height: 768 },
    })
    const guard = guardConsole(context)
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/')
    return { page, guard }
  }

  it('turns the browser’s install prompt into a button that opens it once', async () => {
    const { page, guard } = await open('prompt')
    const button = page.locator('.install-hint button', { hasText: 'Install app' })
    await button.waitFor()
    await page.locator('.user-menu a', { hasText: 'Log in' }).waitFor()
    await button.click()
    // The browser's dialog is open now; a prompt cannot be shown twice, so the offer goes.
    await page.locator('.install-hint').waitFor({ state: 'detached' })
    guard.check()
    await context.close()
  })

  it('goes away once the app is installed', async () => {
    const { page, guard } = await open('installed')
    await page.locator('.install-hint button', { hasText: 'Install app' }).waitFor()
    // Chromium announces an installation with `appinstalled`; an install through the DevTools
    // protocol does not fire it in a headless browser, so the page gets the event as sent.
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')))
    await page.locator('.install-hint').waitFor({ state: 'detached' })
    guard.check()
    await context.close()
  })
})

describe('the install note on an iPhone', () => {
  const IPHONE = {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  }

  it.each([
    { lang: 'en', query: 'EN', text: 'Add to Home Screen', dismiss: 'Don’t show again' },
    { lang: 'sl', query: 'SI', text: 'Dodaj na začetni zaslon', dismiss: 'Ne prikaži več' },
  ])(
    'says how to add the app to the home screen ($lang), and once dismissed stays away',
    async (ui) => {
      const context = await newContext(browser, IPHONE)
      // Safari on iOS, which Chromium is not: the one thing it has that others lack.
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'standalone', { get: () => false }),
      )
      const guard = guardConsole(context)
      const page = await context.newPage()
      await page.goto(`/?lang=${ui.query}`)
      const note = page.locator('.install-hint[data-offer="appleNote"]')
      await note.getByText(ui.text).waitFor()
      await note.getByRole('button', { name: ui.dismiss }).click()
      await note.waitFor({ state: 'detached' })
      await page.reload()
      await page.locator('.route[data-route="/"][data-access="allowed"] .home').waitFor()
      expect(await note.count()).toBe(0)
      guard.check()
      await context.close()
    },
  )

  it('is not shown in the installed app', async () => {
    const context = await newContext(browser, IPHONE)
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }),
    )
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/')
    await page.locator('.route[data-route="/"][data-access="allowed"] .home').waitFor()
    expect(await page.locator('.install-hint').count()).toBe(0)
    guard.check()
    await context.close()
  })
})
