// Every route of the product (docs/product-rules.md#roles-and-routes), visited as a visitor and as each demo role: the outcome (shown, login
// first, or "no access" without any data call) matches the domain route table exactly. Also
// case-insensitive paths, trailing slashes, the way back after login, 404s and bots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { ROLES } from '@lfit/domain/access/roles'
import { CONTENT_PAGE_PATH, ROUTES, routeAccess, type RouteDef } from '@lfit/domain/access/routes'
import { guardConsole, launch, login, navigateInApp, newContext } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SITE_TITLE = 'Ljubljana LFIT'
// Logging out ends the session, so it is visited last; the pattern route is tested on its own.
const tablePaths = ROUTES.filter((r) => r.path !== CONTENT_PAGE_PATH && r.path !== '/auth/logout')

const routeSelector = (route: RouteDef, access: string) =>
  `.route[data-route="${route.path}"][data-access="${access}"]`

/** Opens `route` inside the app and checks the outcome the table gives for `roles`. */
async function visit(page: Page, route: RouteDef, roles: string[] | null, dbCalls: string[]) {
  const user = roles ? { roles } : null
  const expected = routeAccess(user, route.path)
  const callsBefore = dbCalls.length
  await navigateInApp(page, route.path)
  if (expected === 'needsLogin') {
    await page.waitForURL(
      (url) => url.pathname === '/auth/login' && url.searchParams.get('redirect') === route.path,
    )
    await page.locator('.route[data-route="/auth/login"]').waitFor()
  } else if (expected === 'forbidden') {
    await page.locator(routeSelector(route, 'forbidden')).waitFor()
    await page.locator('h1', { hasText: 'No access' }).waitFor()
    expect(dbCalls.slice(callsBefore), `${route.path} fetched data`).toEqual([])
  } else {
    expect(expected).toBe('allowed')
    await page.locator(routeSelector(route, 'allowed')).waitFor()
    await page.waitForFunction((title) => document.title.endsWith(` | ${title}`), SITE_TITLE)
  }
}

// Each role in a browser context of its own, a few at a time (the e2e project's maxConcurrency):
// the visits only read, every role is a different demo user, and most of a visit is waiting for
// the app, so 15 roles one after another were the longest file of `npm test`.
describe.concurrent('every route for every role', () => {
  const users: (string | null)[] = [null, ...ROLES]
  for (const role of users) {
    it(`${role ?? 'visitor'}: outcomes match the route table`, async () => {
      const context = await newContext(browser)
      const guard = guardConsole(context)
      const page = await context.newPage()
      const dbCalls: string[] = []
      // Calls of the screens; the background sync of the device's queue runs on every page.
      page.on('request', (request) => {
        const screenCall = request.headers()['x-lfit-caller'] !== 'sync'
        if (screenCall && new URL(request.url()).pathname.startsWith('/api/db/')) {
          dbCalls.push(request.url())
        }
      })
      if (role) await login(page, role)
      else await page.goto('/')
      for (const route of tablePaths) await visit(page, route, role ? [role] : null, dbCalls)
      const logout = ROUTES.find((r) => r.path === '/auth/logout') as RouteDef
      await visit(page, logout, role ? [role] : null, dbCalls)
      if (role) await page.locator('[data-state="done"]').waitFor()
      guard.check()
      await context.close()
    })
  }
})

describe('matching and errors', () => {
  it('ignores case and trailing slashes', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'presenceEditor')
    await page.goto('/etab/')
    await page.locator('.route[data-route="/ETAB"][data-access="allowed"]').waitFor()
    await page.goto('/URNIK')
    await page.locator('.route[data-route="/urnik"][data-access="allowed"]').waitFor()
    await page.goto('/Auth/Users/')
    await page.locator('.route[data-route="/auth/users"][data-access="forbidden"]').waitFor()
    guard.check()
    await context.close()
  })

  it('sends a visitor to login and back to the page after login', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/auth/users')
    await page.waitForURL((url) => url.pathname === '/auth/login')
    await page.locator('input[name="username"]').fill('admin@demo.test')
    await page.locator('input[name="password"]').fill('demo-password')
    await page.locator('form button[type="submit"]').click()
    await page.waitForURL((url) => url.pathname === '/auth/users')
    await page.locator('.route[data-route="/auth/users"][data-access="allowed"]').waitFor()
    await page.locator('table.users-table').waitFor()
    guard.check()
    await context.close()
  })

  it('answers unknown paths with 404', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    // The server answers the shell of an unknown path with status 404, which Chromium reports.
    guard.allow(/status of 404 \(Not Found\) \(http:\/\/[^/]+\/(no\/such\/page|nosuchpage)\)/)
    const page = await context.newPage()
    await page.goto('/no/such/page')
    await page.locator('h1', { hasText: 'Page not found: /no/such/page' }).waitFor()
    // One segment matches the content-page pattern; no page of that name is a fatal 404.
    await page.goto('/nosuchpage')
    await page.locator('h1', { hasText: 'Page Not Found' }).waitFor()
    await page.getByText('Page Not Found: /nosuchpage').waitFor()
    expect(await page.locator('html').getAttribute('data-error-status')).toBe('404')
    guard.check()
    await context.close()
  })

  it('renders no error page for bots', async () => {
    const context = await newContext(browser, {
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    })
    const page = await context.newPage()
    await page.goto('/nosuchpage')
    await page.locator('html[data-error-status="404"]').waitFor({ state: 'attached' })
    expect(await page.locator('#app').innerText()).toBe('')
    await context.close()
  })
})
