// The PWA (docs/product-rules.md#updates): after one online visit the service worker has precached the app shell and
// the app opens offline; after a new build is deployed, the running app notices it (its check of
// builds/latest.json) and the next in-app navigation loads the new build, never a mix of two.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { buildApp, deploy } from './support/app-build'
import {
  baseURL,
  goOffline,
  goOnline,
  guardConsole,
  launch,
  login,
  navigateInApp,
  newContext,
  waitForServiceWorker,
} from './support/browser'

const FIRST_BUILD_ID = inject('firstBuildId')
const NEXT_BUILD_ID = 'e2e-b'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const buildOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.build)

/** The build's files (scripts, styles) the page has loaded or refers to. */
const loadedAssets = (page: Page) =>
  page.evaluate(() =>
    [
      ...performance.getEntriesByType('resource').map((entry) => entry.name),
      ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
      ...[...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((l) => l.href),
    ]
      .map((url) => new URL(url).pathname)
      .filter((path) => path.startsWith('/assets/')),
  )

// Offline, the app's own calls fail as without network; the browser logs each failed request.
const OFFLINE_REQUEST = /net::ERR_INTERNET_DISCONNECTED/

describe('offline', () => {
  it('opens offline after one online visit, on any route, with the last user', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    guard.allow(OFFLINE_REQUEST)
    const page = await context.newPage()
    await login(page, 'participant')
    await page.goto('/')
    await waitForServiceWorker(page)
    expect(await buildOf(page)).toBe(FIRST_BUILD_ID)

    await goOffline(context)
    await page.reload()
    await page.locator('.route[data-route="/"][data-access="allowed"]').waitFor()
    expect(await buildOf(page)).toBe(FIRST_BUILD_ID)
    // The last known user, so that an installed app opens with its user.
    await page.locator('.user-menu-button').waitFor()
    await page.locator('.connection-status[data-online="false"]', { hasText: 'Offline' }).waitFor()

    // A deep link not visited before: the shell and its lazily loaded screen are precached.
    await page.goto('/urnik')
    await page.locator('.route[data-route="/urnik"][data-access="allowed"]').waitFor()
    await page.goto('/auth/login')
    await page.locator('.route[data-route="/auth/login"][data-access="allowed"]').waitFor()

    await goOnline(context)
    guard.check()
    await context.close()
  })

  it('shows nothing offline before any visit (no mocked cache)', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await goOffline(context)
    const failed = await page.goto('/').then(
      () => null,
      (error: Error) => error.message,
    )
    expect(failed).toMatch(OFFLINE_REQUEST)
    await context.close()
  })
})

describe('a new build', () => {
  const webDir = inject('webDir')
  let scratch: string
  let nextBuild: string
  let firstBuild: string

  beforeAll(async () => {
    scratch = mkdtempSync(join(inject('workDir'), 'pwa-'))
    // The served build as it is now, to put back afterwards for the test files that follow.
    firstBuild = join(scratch, 'first')
    cpSync(webDir, firstBuild, { recursive: true })
    nextBuild = join(scratch, NEXT_BUILD_ID)
    await buildApp(nextBuild, NEXT_BUILD_ID)
  })

  afterAll(async () => {
    if (firstBuild) deploy(firstBuild, webDir)
    if (scratch) rmSync(scratch, { recursive: true, force: true })
    const served = (await (await fetch(`${baseURL()}/builds/latest.json`)).json()) as { id: string }
    expect(served.id).toBe(FIRST_BUILD_ID)
  })

  it('is loaded by the next in-app navigation after the app noticed it', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/')
    await waitForServiceWorker(page)
    expect(await buildOf(page)).toBe(FIRST_BUILD_ID)

    deploy(nextBuild, webDir)
    // The app checks builds/latest.json every minute, when it comes back into view and when the
    // network comes back; the last is the one a test can cause without waiting.
    await goOffline(context)
    await goOnline(context)
    await page.locator(`.update-notice[data-new-build="${NEXT_BUILD_ID}"]`).waitFor()
    // Noticing is not loading: the page on screen stays on its build until the next navigation.
    expect(await buildOf(page)).toBe(FIRST_BUILD_ID)

    await navigateInApp(page, '/urnik')
    await page.waitForFunction((id) => document.documentElement.dataset.build === id, NEXT_BUILD_ID)
    expect(new URL(page.url()).pathname).toBe('/urnik')
    await page.locator('.route[data-route="/urnik"][data-access="allowed"]').waitFor()
    expect(await page.locator('.update-notice').count()).toBe(0)

    // Never a mix: every script and style the page loaded is a file of the new build, and the
    // service worker that controls it has precached the new build only.
    const nextAssets = new Set(readdirSync(join(nextBuild, 'assets')).map((f) => `/assets/${f}`))
    const loaded = await loadedAssets(page)
    expect(loaded.length).toBeGreaterThan(0)
    expect(loaded.filter((path) => !nextAssets.has(path))).toEqual([])
    await waitForServiceWorker(page)
    const precached = await page.evaluate(async () => {
      const names = await caches.keys()
      const urls: string[] = []
      for (const name of names) {
        for (const request of await (await caches.open(name)).keys()) {
          urls.push(new URL(request.url).pathname)
        }
      }
      return urls.filter((path) => path.startsWith('/assets/'))
    })
    expect(precached.length).toBeGreaterThan(0)
    expect(precached.filter((path) => !nextAssets.has(path))).toEqual([])

    guard.check()
    await context.close()
  })
})
