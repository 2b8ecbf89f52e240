// What every e2e test uses: Debian's Chromium through playwright-core, a context on the server
// under test, demo logins, offline mode, and a guard that fails a test on unexpected console
// errors. No sleeps anywhere: tests wait for visible state.
import { Packr } from 'msgpackr'
import { inject } from 'vitest'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Page,
} from 'playwright-core'

// What the e2e global setup provides to the tests.
declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The directory the server serves the web app from (a test may deploy a new build there). */
    webDir: string
    /** A scratch directory for this run. */
    workDir: string
    /** The id of the build the server serves when the run starts. */
    firstBuildId: string
  }
}

export const CHROMIUM = '/usr/bin/chromium'
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const DEMO_PASSWORD = 'demo-password'
export const demoUser = (role: string) => `${role}@demo.test`

export const baseURL = () => inject('baseURL')

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
}

export function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 1024, height: 768 },
    ...options,
  })
}

/**
 * Console errors the app causes on purpose: the live-update socket reconnecting while the server
 * is down or the device offline (Chromium logs each attempt; the app backs off and syncs without
 * it). A refused handshake is not in here, nor a visitor's session check: it answers 200
 * (docs/0043-a-visitor-is-an-answer.md).
 */
const EXPECTED: ((message: ConsoleMessage) => boolean)[] = [
  (m) =>
    /WebSocket connection to '[^']*\/api\/live' failed: .*net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|INTERNET_DISCONNECTED)/.test(
      m.text(),
    ),
]

export interface ConsoleGuard {
  /** Also accept console errors matching this (for a test that provokes them). */
  allow(pattern: RegExp): void
  /** Console warnings seen so far (for tests that expect one). */
  warnings: string[]
  /** Throws when an unexpected error was logged or thrown in a page. */
  check(): void
}

/** Watches every page of `context` for console errors and uncaught exceptions. */
export function guardConsole(context: BrowserContext): ConsoleGuard {
  const errors: string[] = []
  const warnings: string[] = []
  const allowed: RegExp[] = []
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
      if (message.type() !== 'error' || EXPECTED.some((expected) => expected(message))) return
      errors.push(`${page.url()}: console.error: ${message.text()} (${message.location().url})`)
    })
    page.on('pageerror', (error) => errors.push(`${page.url()}: uncaught: ${error.message}`))
  }
  context.pages().forEach(watch)
  context.on('page', watch)
  return {
    allow: (pattern) => void allowed.push(pattern),
    warnings,
    check() {
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)))
      errors.length = 0
      if (unexpected.length > 0) {
        throw new Error(`unexpected console errors:\n${unexpected.join('\n')}`)
      }
    },
  }
}

/** Logs in through the login page as the demo user of `role` (or given credentials). */
export async function login(
  page: Page,
  role: string,
  credentials: { username?: string; password?: string } = {},
): Promise<void> {
  await page.goto('/auth/login')
  await page.locator('input[name="username"]').fill(credentials.username ?? demoUser(role))
  await page.locator('input[name="password"]').fill(credentials.password ?? DEMO_PASSWORD)
  await page.locator('form button[type="submit"]').click()
  await page.locator('.user-menu-button').waitFor()
  await page.waitForURL((url) => url.pathname !== '/auth/login')
}

/** The browser context's own offline mode (no mocking): requests fail as without network. */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true)
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.setOffline(false)
}

/**
 * Waits until the device is ready for the network to go: the service worker controls the page
 * (the app shell is precached) and has kept the home page's text, which the app asks for once the
 * worker controls it (docs/0050). A test that went offline before that answer came would see the
 * browser log the app's ask as failed (the app catches it; the browser still says so).
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
          once: true,
        }),
      )
    }
    return registration.active?.state
  })
  await page.waitForFunction(
    async () => !!(await caches.match('/home/_payload.json', { ignoreVary: true })),
    undefined,
    { polling: 50 },
  )
}

/**
 * Waits until React has taken over (hydrated or rendered) the element `selector` finds: a page the
 * server rendered for a visitor is on screen before the app has started (docs/0024).
 */
export async function appTookOver(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((what) => {
    const element = document.querySelector(what)
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber'))
  }, selector)
}

/**
 * Navigates inside the app (no page load), as a click on a link does: the router follows
 * history.pushState.
 */
export async function navigateInApp(page: Page, href: string): Promise<void> {
  await page.evaluate((target) => {
    const state = (history.state ?? {}) as { __TSR_index?: number }
    history.pushState({ ...state, __TSR_index: (state.__TSR_index ?? 0) + 1 }, '', target)
  }, href)
}

const MSGPACK = 'application/msgpack'
const packr = new Packr({ useRecords: false, mapsAsObjects: true })

/** One call of the API from `context` (its cookies), as the app makes it; answers the status. */
export async function apiCall(
  context: BrowserContext,
  path: string,
  payload: unknown,
): Promise<number> {
  const response = await context.request.post(path, {
    headers: { 'content-type': MSGPACK, accept: MSGPACK, origin: baseURL() },
    data: packr.pack(payload),
  })
  return response.status()
}

export /** Once the device's first pull is stored (its cursor kept): what /gradiva shows is complete. */
async function afterFirstSync(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('lfit')
        // Never create the app's database before the app does (it would block its upgrade).
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => resolve(false)
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('meta')) {
            open.result.close()
            resolve(false)
            return
          }
          const get = open.result.transaction('meta').objectStore('meta').get('cursor')
          get.onsuccess = () => {
            open.result.close()
            resolve(typeof get.result?.value === 'string')
          }
        }
      }),
    undefined,
    { polling: 200, timeout: 30_000 },
  )
}
