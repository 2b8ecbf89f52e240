// The app bar as its users meet it: a participant's 360 px phone and the studio's 1024 px tablet,
// in both languages. Nothing in it is clipped, overflows or overlaps; on the tablet it is one
// line; every control is a finger's size (44×44 px); the online state is named, not only a
// colour; the count of edits waiting to sync is shown only to those who can make such edits.
// Also: where each role lands after logging in, and the web manifest in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import {
  appTookOver,
  DEMO_PASSWORD,
  demoUser,
  goOffline,
  goOnline,
  guardConsole,
  launch,
  login,
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

const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
}
const TABLET: BrowserContextOptions = { viewport: { width: 1024, height: 768 } }

const LANGUAGES = [
  { lang: 'en', query: 'EN', online: 'Online', offline: 'Offline' },
  { lang: 'sl', query: 'SI', online: 'Povezano', offline: 'Brez povezave' },
] as const

/** Who meets the app bar, and whether they can have edits waiting to sync. */
const PERSONAS = [
  { role: null, pending: false },
  { role: 'participant', pending: true },
  { role: 'presenceEditor', pending: true },
  { role: 'admin', pending: true },
  // An educator's own notes on recordings wait on the device like an absence.
  { role: 'educator', pending: true },
  // A make-up editor: marks at make-up sessions wait on the device like attendance.
  { role: 'regEditor', pending: true },
] as const
const NAME = (role: string | null) => role ?? 'visitor'

const MIN_TARGET = 44
/** How far apart the tops of one line's items may be (they are centred, not top-aligned). */
const SAME_LINE_PX = 12
const ONE_LINE_HEADER_PX = 64

interface Box {
  what: string
  x: number
  y: number
  width: number
  height: number
  centreY: number
  /** The element's content is wider than its box (text cut off). */
  clipped: boolean
}

/**
 * Every item shown in the app bar: its controls and its texts, each once (an item inside another
 * listed item is not listed again), with its box on screen.
 */
function headerItems(page: Page): Promise<{ items: Box[]; controls: Box[]; header: Box }> {
  return page.evaluate(() => {
    const header = document.querySelector('header.app-bar')
    if (!header) throw new Error('no app bar')
    const shown = (element: Element) => {
      const rect = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      return rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden'
    }
    const describe = (element: Element): Box => {
      const rect = element.getBoundingClientRect()
      const label =
        element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? ''
      return {
        what: `${element.tagName.toLowerCase()}.${element.className} "${label}"`,
        x: rect.x,
        y: rect.y,
        width: rect.width,
        height: rect.height,
        centreY: rect.y + rect.height / 2,
        clipped: element.scrollWidth > element.clientWidth + 1,
      }
    }
    const controls = [...header.querySelectorAll('a, button, summary')].filter(
      (element) => shown(element) && !element.closest('[role="menu"], .sync-panel'),
    )
    const texts = [
      ...header.querySelectorAll('.connection-dot, .connection-label, .site-title'),
    ].filter(
      (element) => shown(element) && !controls.some((c) => c !== element && c.contains(element)),
    )
    const items = [...new Set([...controls, ...texts])]
    return {
      items: items.map(describe),
      controls: controls.map(describe),
      header: describe(header),
    }
  })
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5

async function expectNothingClipped(page: Page, viewportWidth: number) {
  const { items } = await headerItems(page)
  expect(items.length).toBeGreaterThan(3)
  for (const item of items) {
    expect(item.x, `${item.what} starts inside the screen`).toBeGreaterThanOrEqual(0)
    expect(item.x + item.width, `${item.what} ends inside the screen`).toBeLessThanOrEqual(
      viewportWidth,
    )
    expect(item.clipped, `${item.what} shows all its text`).toBe(false)
  }
  for (const [i, a] of items.entries()) {
    for (const b of items.slice(i + 1)) {
      expect(overlaps(a, b), `${a.what} and ${b.what} do not overlap`).toBe(false)
    }
  }
  const widths = await page.evaluate(() => {
    const header = document.querySelector('header.app-bar')
    return {
      page: {
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      },
      header: { scroll: header?.scrollWidth ?? 0, client: header?.clientWidth ?? 0 },
    }
  })
  expect(widths.page.scroll, 'the page does not scroll sideways').toBeLessThanOrEqual(
    widths.page.client,
  )
  expect(widths.header.scroll, 'the app bar does not overflow').toBeLessThanOrEqual(
    widths.header.client,
  )
}

async function expectFingerSized(page: Page) {
  const { controls } = await headerItems(page)
  for (const control of controls) {
    expect(control.width, `${control.what} is wide enough`).toBeGreaterThanOrEqual(MIN_TARGET)
    expect(control.height, `${control.what} is tall enough`).toBeGreaterThanOrEqual(MIN_TARGET)
  }
}

async function expectOneLine(page: Page) {
  const { items, header } = await headerItems(page)
  expect(header.height, 'the app bar is one line high').toBeLessThan(ONE_LINE_HEADER_PX)
  const centres = items.map((item) => item.centreY)
  const spread = Math.max(...centres) - Math.min(...centres)
  expect(spread, `the items share one line: ${JSON.stringify(items)}`).toBeLessThanOrEqual(
    SAME_LINE_PX,
  )
}

/** Opens the home page as `role` (or a visitor) in `lang`, with the app bar settled. */
async function openHome(page: Page, role: string | null, query: string, pending: boolean) {
  await page.goto(`/?lang=${query}`)
  if (role) {
    await login(page, role)
    await page.goto('/')
  }
  await page.locator('.route[data-route="/"][data-access="allowed"]').waitFor()
  await page.locator(role ? '.user-menu-button' : '.user-menu a').waitFor()
  // A visitor's page comes rendered by the server, and the app takes it over after its first
  // paint (docs/0024): the online state below is the app's, and the app's service worker is
  // registered before the tests go offline (its script would fail to load, an error).
  await appTookOver(page, '.app-bar')
  await waitForServiceWorker(page)
  // The sync summary is loaded a moment after the page; wait until it has decided.
  if (role) await page.locator('.connection-status [data-sync]').waitFor({ state: 'attached' })
  if (pending) await page.locator('[data-testid="pending-count"]').waitFor()
}

describe('the app bar on a 360 px phone', () => {
  for (const { lang, query, offline } of LANGUAGES) {
    for (const { role, pending } of PERSONAS) {
      it(`fits, in ${lang}, for the ${NAME(role)}, with 44 px controls`, async () => {
        const context = await newContext(browser, PHONE)
        const guard = guardConsole(context)
        const page = await context.newPage()
        await openHome(page, role, query, pending)
        await expectNothingClipped(page, 360)
        await expectFingerSized(page)
        expect(await page.locator('[data-testid="pending-count"]').count()).toBe(pending ? 1 : 0)

        // Offline the state is spelled out, and still nothing is clipped.
        await goOffline(context)
        await page
          .locator('.connection-status[data-online="false"] .connection-label', {
            hasText: offline,
          })
          .waitFor()
        await expectNothingClipped(page, 360)
        await goOnline(context)
        guard.allow(/net::ERR_INTERNET_DISCONNECTED/)
        guard.check()
        await context.close()
      })
    }
  }
})

describe('the app bar on a 1024 px tablet', () => {
  for (const { lang, query } of LANGUAGES) {
    for (const { role, pending } of PERSONAS) {
      it(`is one line, in ${lang}, for the ${NAME(role)}, with 44 px controls`, async () => {
        const context = await newContext(browser, TABLET)
        const guard = guardConsole(context)
        const page = await context.newPage()
        await openHome(page, role, query, pending)
        await expectOneLine(page)
        await expectNothingClipped(page, 1024)
        await expectFingerSized(page)
        guard.check()
        await context.close()
      })
    }
  }
})

describe('the online state', () => {
  for (const { lang, query, online, offline } of LANGUAGES) {
    it(`is named, not only coloured, on the phone in ${lang}`, async () => {
      const context = await newContext(browser, PHONE)
      const guard = guardConsole(context)
      guard.allow(/net::ERR_INTERNET_DISCONNECTED/)
      const page = await context.newPage()
      await openHome(page, 'presenceEditor', query, true)
      // Shown as text (a phone has no hover for a tooltip), inside the live region.
      await page.getByRole('status').getByText(online, { exact: true }).waitFor()
      await goOffline(context)
      await page.getByRole('status').getByText(offline, { exact: true }).waitFor()
      await goOnline(context)
      guard.check()
      await context.close()
    })
  }

  it('comes back to Online even when the page missed the online event', async () => {
    const context = await newContext(browser, PHONE)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await openHome(page, 'presenceEditor', 'en', true)
    // A frozen or background page can miss the event: the browser's state changes silently.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
      window.dispatchEvent(new Event('offline'))
    })
    await page.locator('.connection-status[data-online="false"]').waitFor()
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true })
    })
    await page.locator('.connection-status[data-online="true"]').waitFor({ timeout: 15_000 })
    guard.check()
    await context.close()
  })
})

describe('where a login lands', () => {
  it.each([
    { role: 'presenceEditor', landing: '/ETAB' },
    { role: 'participant', landing: '/urnik' },
    { role: 'admin', landing: '/' },
    { role: 'regEditor', landing: '/' },
  ])('the $role lands on $landing without a page that asked for the login', async (expected) => {
    const context = await newContext(browser, TABLET)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, expected.role)
    await page.locator(`.route[data-route="${expected.landing}"][data-access="allowed"]`).waitFor()
    expect(new URL(page.url()).pathname).toBe(expected.landing)
    guard.check()
    await context.close()
  })

  it('a page that asked for the login wins over the landing', async () => {
    const context = await newContext(browser, TABLET)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/odsotnost')
    await page.waitForURL((url) => url.pathname === '/auth/login')
    await page.locator('input[name="username"]').fill(demoUser('presenceEditor'))
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
    await page.locator('form button[type="submit"]').click()
    await page.locator('.route[data-route="/odsotnost"][data-access="allowed"]').waitFor()
    expect(new URL(page.url()).pathname).toBe('/odsotnost')
    guard.check()
    await context.close()
  })
})

describe('a reload on a signed-in phone', () => {
  it('shows the participant as signed in before the server has said who is', async () => {
    const context = await newContext(browser, PHONE)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'participant')
    await page.goto('/?lang=EN')
    await page.locator('.home').waitFor()
    // The reload's session check waits until the page has been looked at, as on a slow network.
    let answer!: () => void
    const held = new Promise<void>((resolve) => (answer = resolve))
    await page.route('**/api/auth/user', async (route) => {
      await held
      await route.continue()
    })
    await page.reload()
    await page.locator('.home').waitFor()
    expect(await page.locator('.user-menu-button').isVisible()).toBe(true)
    expect(await page.locator('.user-menu a[href="/auth/login"]').count()).toBe(0)
    expect(await page.locator('.home > .btn-row a[href="/auth/register"]').count()).toBe(0)
    const answered = page.waitForResponse('**/api/auth/user')
    answer()
    await answered
    expect(await page.locator('.user-menu-button').isVisible()).toBe(true)
    guard.check()
    await context.close()
  })
})
