// What a visitor's phone downloads on `/` before it first touches the page (issue 35,
// docs/0052-what-a-visitor-downloads.md): every script the page requests until the network falls
// quiet, in each language, is exactly the list the bundle check counts from the build's manifest
// (web/scripts/check-bundle-size.mjs, run by `npm test`), and together they stay in the budget,
// gzipped. The service worker's precache is the worker's download, not the page's: it has a
// budget of its own in the same check.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { repoRoot } from './support/app-build'
import { appTookOver, baseURL, guardConsole, launch, newContext } from './support/browser'

const BUDGET_BYTES = 150_000
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true }

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** The files the bundle check counts for `/` in `language`, relative to the served build. */
function countedByTheCheck(language: 'en' | 'sl'): string[] {
  const check = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'web/scripts/check-bundle-size.mjs'),
      `${inject('webDir')}/`,
      `--list=${language}`,
    ],
    { encoding: 'utf8' },
  )
  if (check.status !== 0) throw new Error(`the bundle check said: ${check.stderr}`)
  return JSON.parse(check.stdout) as string[]
}

describe("a visitor's JavaScript on /", () => {
  it.each(['en', 'sl'] as const)(
    'in %s: the scripts requested until the network is idle are the ones counted, within the budget',
    async (language) => {
      const context = await newContext(browser, PHONE)
      await context.addCookies([
        { name: 'lang', value: language === 'sl' ? 'SI' : 'EN', url: baseURL() },
      ])
      const console = guardConsole(context)
      const page = await context.newPage()
      // Each script the page requested, by its path, with its size gzipped as it arrived.
      const scripts: Promise<[string, number]>[] = []
      page.on('response', (response) => {
        const { pathname } = new URL(response.url())
        if (response.request().resourceType() !== 'script' && !pathname.endsWith('.js')) return
        scripts.push(
          response.body().then((body) => [pathname.slice(1), gzipSync(body, { level: 9 }).length]),
        )
      })
      await page.goto('/')
      await page.waitForFunction(() => document.documentElement.dataset.build !== undefined)
      await page.waitForLoadState('networkidle')
      const loaded = new Map(await Promise.all(scripts))

      expect([...loaded.keys()].sort()).toEqual(countedByTheCheck(language))
      const total = [...loaded.values()].reduce((sum, bytes) => sum + bytes, 0)
      expect(total).toBeLessThanOrEqual(BUDGET_BYTES)
      console.check()
      await context.close()
    },
  )

  it('brings the rest with the first touch: the next training day and the text come alive as they were shown', async () => {
    const context = await newContext(browser, PHONE)
    const console = guardConsole(context)
    const page = await context.newPage()
    const asked: string[] = []
    page.on('request', (request) => asked.push(new URL(request.url()).pathname))
    await page.goto('/')
    await appTookOver(page, 'button.app-bar-menu')
    await page.waitForLoadState('networkidle')
    const shownNow = () =>
      page.evaluate(() =>
        ['.content-page', '.next-training-day'].map(
          (part) => document.querySelector(part)?.outerHTML,
        ),
      )
    const shown = await shownNow()
    // Untouched, nothing of what waits has been asked for: the session, the calendar, the code.
    expect(asked.filter((path) => /^\/api\/(auth|calendar)/.test(path))).toEqual([])
    expect(await page.locator('.next-training-day h2').isVisible()).toBe(true)

    await page.keyboard.press('Shift')
    await appTookOver(page, '.next-training-day a.btn')
    await appTookOver(page, '.content-page h1')
    await page.waitForLoadState('networkidle')
    expect(asked).toContain('/api/auth/user')
    expect(asked).toContain('/api/calendar')
    expect(await shownNow()).toEqual(shown)
    expect(console.warnings.filter((text) => /rendered anew/.test(text))).toEqual([])
    // Taken over, its link is the app's: the timetable opens without loading the page anew.
    await page.locator('.next-training-day a.btn').click()
    await page.locator('.route[data-route="/urnik"][data-access="allowed"]').waitFor()
    expect(asked.filter((path) => path === '/urnik')).toEqual([])
    console.check()
    await context.close()
  })
})
