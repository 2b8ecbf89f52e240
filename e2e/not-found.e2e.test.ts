// Unknown pages answer HTTP 404 (docs/product-rules.md#errors), in Chromium against the real
// server and its service worker: the server knows the routes and the build's content pages; the
// worker serves its cached shell only for those and lets any other navigation reach the server,
// so a browser sees the 404 too. Offline, the cached shell still shows the translated not-found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  goOffline,
  guardConsole,
  launch,
  newContext,
  waitForServiceWorker,
} from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** Chromium logs the 404 of the page itself as a console error; that one is expected here. */
const DOCUMENT_404 = /status of 404 \(Not Found\) \(http:\/\/[^/]+\/no-such-page\)/
const OFFLINE_REQUEST = /net::ERR_INTERNET_DISCONNECTED/

async function statusOf(page: Page, path: string): Promise<number | undefined> {
  return (await page.goto(path))?.status()
}

const notFound = (page: Page, path: string) => page.getByText(`Page Not Found: ${path}`).waitFor()

describe('unknown pages', () => {
  it('answer 404 and show the not-found page; pages of the app answer 200', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    guard.allow(DOCUMENT_404)
    const page = await context.newPage()
    expect(await statusOf(page, '/no-such-page')).toBe(404)
    await notFound(page, '/no-such-page')
    expect(await page.locator('html').getAttribute('data-error-status')).toBe('404')
    for (const path of ['/', '/urnik', '/Urnik/', '/koncept', '/auth/login', '/ETAB']) {
      expect(await statusOf(page, path), path).toBe(200)
    }
    guard.check()
    await context.close()
  })

  it('still answer 404 once the service worker controls the page, and show not-found offline', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    guard.allow(DOCUMENT_404)
    guard.allow(OFFLINE_REQUEST)
    const page = await context.newPage()
    await page.goto('/')
    await waitForServiceWorker(page)

    const unknown = await page.goto('/no-such-page')
    expect(unknown?.status()).toBe(404)
    await notFound(page, '/no-such-page')
    // A page of the app comes from the worker's cached shell.
    const known = await page.goto('/urnik?lang=EN')
    expect(known?.status()).toBe(200)
    expect(known?.fromServiceWorker()).toBe(true)

    await goOffline(context)
    await page.goto('/no-such-page')
    await notFound(page, '/no-such-page')
    guard.check()
    await context.close()
  })
})
