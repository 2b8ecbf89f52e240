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
import { baseURL, guardConsole, launch, newContext } from './support/browser'

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
})
