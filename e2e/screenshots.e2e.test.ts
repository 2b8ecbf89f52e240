// Screenshots of the home page, login, /urnik and /auth/users (as admin) at phone (390×844) and
// tablet (1024×768) sizes, written to e2e/screenshots/ (git-ignored) for a person to look at.
// Each must be a PNG of the screen's size.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { repoRoot } from './support/app-build'
import { guardConsole, launch, login, newContext } from './support/browser'

const OUT_DIR = join(repoRoot, 'e2e/screenshots')

let browser: Browser
beforeAll(async () => {
  browser = await launch()
  mkdirSync(OUT_DIR, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

const DEVICES: { name: string; options: BrowserContextOptions }[] = [
  {
    name: 'phone',
    options: {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    },
  },
  { name: 'tablet', options: { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 } },
]

const SCREENS: { name: string; path: string; role?: string; ready: string }[] = [
  { name: 'home', path: '/', ready: '.route[data-route="/"][data-access="allowed"] .home' },
  {
    name: 'login',
    path: '/auth/login',
    ready: '.route[data-route="/auth/login"][data-access="allowed"] form',
  },
  {
    name: 'urnik',
    path: '/urnik',
    ready: '.route[data-route="/urnik"][data-access="allowed"] .timetable-screen',
  },
  {
    name: 'users',
    path: '/auth/users',
    role: 'admin',
    ready: '.route[data-route="/auth/users"][data-access="allowed"] table.users-table tbody tr',
  },
]

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature').toBe(true)
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** Waits until the screen is drawn: its content (its lazy chunk has run) and web fonts. */
async function settle(page: Page, ready: string) {
  await page.locator(ready).first().waitFor()
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

describe('screenshots', () => {
  for (const device of DEVICES) {
    for (const screen of SCREENS) {
      const file = join(OUT_DIR, `${screen.name}-${device.name}.png`)
      it(`${screen.name} on a ${device.name}`, async () => {
        rmSync(file, { force: true })
        const context = await newContext(browser, device.options)
        const guard = guardConsole(context)
        const page = await context.newPage()
        if (screen.role) await login(page, screen.role)
        await page.goto(screen.path)
        await settle(page, screen.ready)
        await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' })

        expect(existsSync(file)).toBe(true)
        expect(statSync(file).size).toBeGreaterThan(0)
        const { viewport, deviceScaleFactor = 1 } = device.options
        expect(pngSize(readFileSync(file))).toEqual({
          width: (viewport?.width ?? 0) * deviceScaleFactor,
          height: (viewport?.height ?? 0) * deviceScaleFactor,
        })
        guard.check()
        await context.close()
      })
    }
  }
})
