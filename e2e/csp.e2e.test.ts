// The app works under its own Content-Security-Policy (no inline script, no inline style, only its
// own origin): the home page, the timetable, a content page, the login page, a login and the
// studio tablet load with the policy in force and not one violation is reported, neither as a
// `securitypolicyviolation` event nor as a console message. A deliberate inline script at the end
// shows the watch would have seen one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { guardConsole, launch, login, newContext, waitForServiceWorker } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** Installed in every document before its own scripts run. */
const WATCH_VIOLATIONS = () => {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as { __reportCsp?: (text: string) => void }).__reportCsp
    report?.(
      `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
    )
  })
}

describe('Content-Security-Policy', () => {
  it('the app runs under it without a single violation', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const violations: string[] = []
    await context.exposeBinding('__reportCsp', (_source, text: string) => {
      violations.push(text)
    })
    await context.addInitScript(WATCH_VIOLATIONS)
    const page: Page = await context.newPage()
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text())
    })

    const home = await page.goto('/')
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self'")
    await page.locator('.route').first().waitFor()
    await waitForServiceWorker(page)

    await page.goto('/urnik')
    await page.locator('.route[data-route="/urnik"]').waitFor()
    await page.goto('/koncept')
    await page.locator('article.content-page').waitFor()
    await page.goto('/auth/login')
    await page.locator('input[name="username"]').waitFor()
    await login(page, 'presenceEditor')
    await page.goto('/ETAB')
    await page.locator('.route[data-route="/ETAB"][data-access="allowed"] section.etab').waitFor()

    expect(violations).toEqual([])
    guard.check()

    // The watch itself works: an inline script is refused and reported.
    guard.allow(/Content Security Policy/i)
    await page.addScriptTag({ content: 'window.__inlineRan = true' }).catch(() => undefined)
    await expect.poll(() => violations.length, { timeout: 10_000 }).toBeGreaterThan(0)
    expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBe(
      undefined,
    )
    await context.close()
  })
})
