// The public pages as a phone meets them. `/` and `/urnik` come from the server with their HTML
// rendered for a visitor in the chosen language (docs/0023-public-pages-rendered-by-the-server.md):
// it is the markup the app itself renders, the app takes it over without an error or a shift,
// and the language switch still works; a signed-in device gets the plain shell. The home page's
// lists of pages are a finger's size (44 px tall links, like the app bar's controls).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import {
  appTookOver,
  baseURL,
  guardConsole,
  launch,
  login,
  newContext,
  waitForServiceWorker,
} from './support/browser'
import { DEVICES } from './support/screens'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** The visitor's phone, at a phone's pixel density. */
const PHONE: BrowserContextOptions = { ...DEVICES.phone, deviceScaleFactor: 2 }
const MIN_TARGET = 44

/** The home page's list links: their names and heights on screen, per list heading. */
function homeLinks(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.home-grid nav')].map((nav) => ({
      list: nav.querySelector('h2')?.textContent ?? '',
      links: [...nav.querySelectorAll('li a')].map((link) => ({
        name: link.textContent ?? '',
        height: Math.round(link.getBoundingClientRect().height * 10) / 10,
      })),
    })),
  )
}

describe('the home page on a 390 px phone', () => {
  it.each([
    { who: 'a visitor', role: null, lists: ['The programme'] },
    { who: 'a participant', role: 'participant', lists: ['My pages', 'The programme'] },
  ])('gives $who list links at least 44 px tall', async ({ role, lists }) => {
    const context = await newContext(browser, PHONE)
    const console = guardConsole(context)
    const page = await context.newPage()
    if (role) await login(page, role)
    await page.goto('/?EN')
    await page.locator('.home-grid nav li a').first().waitFor()
    const found = await homeLinks(page)
    expect(found.map((nav) => nav.list)).toEqual(lists)
    for (const nav of found) {
      expect(nav.links.length).toBeGreaterThan(0)
      const small = nav.links.filter((link) => link.height < MIN_TARGET)
      expect(small, `${nav.list}: links under ${MIN_TARGET} px`).toEqual([])
    }
    console.check()
    await context.close()
  })
})

/** The markup inside `<div id="app">` of a served page, or null when it is the empty shell. */
function appMarkup(html: string): string | null {
  const start = html.indexOf('<div id="app" data-page=')
  if (start < 0) return null
  const open = html.indexOf('>', start) + 1
  const end = html.lastIndexOf('</div>', html.indexOf('<noscript>'))
  return html.slice(open, end)
}

/**
 * Markup as the DOM holds it, comparable between the server's text and the browser's tree: no
 * comments (React marks text and Suspense boundaries with them in its server markup); a select's
 * chosen option is the select's value in the browser, an attribute in the server's text; and
 * whether the quick links wrap is measured on the device once they are on screen.
 */
function comparable(markup: string): string {
  return (
    markup
      .replace(/<!--.*?-->/g, '')
      .replace(/ selected=""/g, '')
      .replace(/ data-wrapped="(?:true|false)"/g, '')
      // React's server writes a void element as `<br/>`, the browser's innerHTML as `<br>`.
      .replace(/<br\/>/g, '<br>')
  )
}

/**
 * Waits until the app has taken `ready` over on a page the server rendered. The home page leaves
 * its text and next training day as the server rendered them until the visitor first touches it
 * (docs/0052-what-a-visitor-downloads.md): once the app has the page's header, a key is pressed.
 */
async function tookOverServerPage(page: Page, path: string, ready: string) {
  if (path === '/') {
    await appTookOver(page, 'button.app-bar-menu')
    await page.keyboard.press('Shift')
  }
  await appTookOver(page, ready)
}

/** The page as the app renders it by itself, from the plain shell (no server rendering). */
async function renderedByTheApp(context: BrowserContext, path: string, ready: string) {
  const shell = await (await context.request.get('/index.html')).text()
  expect(appMarkup(shell)).toBeNull()
  const page = await context.newPage()
  await page.route(`${baseURL()}${path}`, (route) =>
    route.fulfill({ body: shell, contentType: 'text/html' }),
  )
  await page.goto(path)
  await appTookOver(page, ready)
  await page.locator(ready).waitFor()
  const markup = await page.locator('#app').innerHTML()
  await page.close()
  return markup
}

const PAGES = [
  { path: '/', ready: '.next-training-day' },
  { path: '/urnik', ready: '.segment-table' },
] as const
const SWITCH = [
  {
    lang: 'en',
    cookie: 'EN',
    other: 'sl',
    otherButton: 'SL',
    login: 'Log in',
    otherLogin: 'Prijava',
  },
  {
    lang: 'sl',
    cookie: 'SI',
    other: 'en',
    otherButton: 'EN',
    login: 'Prijava',
    otherLogin: 'Log in',
  },
] as const

describe('the public pages served rendered', () => {
  it.each(SWITCH.flatMap((language) => PAGES.map((page) => ({ ...language, ...page }))))(
    '$path in $lang is the markup the app renders, taken over without an error or a shift',
    async ({ path, ready, lang, cookie, login: logIn }) => {
      const context = await newContext(browser, PHONE)
      await context.addCookies([{ name: 'lang', value: cookie, url: baseURL() }])
      const console = guardConsole(context)
      const served = await (await context.request.get(path)).text()
      const markup = appMarkup(served)
      expect(markup, 'the served page has its HTML').not.toBeNull()
      expect(served).toContain(`<html lang="${lang}">`)
      expect(markup).toContain(logIn)
      expect(comparable(await renderedByTheApp(context, path, ready))).toBe(comparable(markup!))

      const page = await context.newPage()
      await page.addInitScript(() => {
        const shifts: number[] = []
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            shifts.push((entry as unknown as { value: number }).value)
        }).observe({ type: 'layout-shift', buffered: true })
        Object.assign(window, { layoutShifts: shifts })
      })
      await page.goto(path)
      await tookOverServerPage(page, path, ready)
      // The render time's switch to the device's clock and the deferred start-up work are done.
      await page.waitForTimeout(500)
      expect(
        await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts),
      ).toEqual([])
      expect(comparable(await page.locator('#app').innerHTML())).toBe(comparable(markup!))
      // Taken over, not rendered anew after a mismatch (web/src/main.tsx warns when it was).
      expect(console.warnings.filter((text) => /rendered anew/.test(text))).toEqual([])
      console.check()
      await context.close()
    },
  )

  it.each(PAGES)(
    '$path asks for the app only after its first paint, and still installs the service worker',
    async ({ path, ready }) => {
      const context = await newContext(browser, PHONE)
      const console = guardConsole(context)
      const served = await (await context.request.get(path)).text()
      // No module of the app in the page: the start script adds them (docs/0024).
      expect(served).not.toMatch(/<script type="module"|rel="modulepreload"/)
      const entry = /<script defer src="\/app-start\.js" data-entry="([^"]+)"/.exec(served)?.[1]
      expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/)
      const page = await context.newPage()
      await page.goto(path)
      await tookOverServerPage(page, path, ready)
      const { painted, requested } = await page.evaluate((file) => {
        const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime
        return { painted: at('first-contentful-paint'), requested: at(`${location.origin}${file}`) }
      }, entry!)
      expect(painted).toBeGreaterThan(0)
      expect(requested).toBeGreaterThan(painted!)
      // The offline promise holds for a visitor too: the app shell is precached.
      await waitForServiceWorker(page)
      console.check()
      await context.close()
    },
  )

  it('keeps a tap and a choice made before the app has started, and gives them to it', async () => {
    const context = await newContext(browser, PHONE)
    const console = guardConsole(context)
    const page = await context.newPage()
    // The app's entry is held back until the visitor has acted on the painted page.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/urnik')
    await page.locator('.timetable-controls select').first().selectOption('2')
    await page.locator('button.app-bar-menu').click()
    expect(await page.locator('dialog#nav-drawer[open]').count()).toBe(0)
    release()
    await page.locator('dialog#nav-drawer[open]').waitFor()
    await page.waitForURL((url) => url.searchParams.get('year') === '2')
    console.check()
    await context.close()
  })

  it.each(SWITCH)('switches from $lang to $other on the page taken over', async (language) => {
    const context = await newContext(browser, PHONE)
    await context.addCookies([{ name: 'lang', value: language.cookie, url: baseURL() }])
    const console = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/')
    await tookOverServerPage(page, '/', '.next-training-day')
    await page.locator('.language-switcher button', { hasText: language.otherButton }).click()
    await page.waitForFunction((lang) => document.documentElement.lang === lang, language.other)
    await page.locator('.user-menu a', { hasText: language.otherLogin }).waitFor()
    // The next load is served in the language chosen.
    const served = await (await context.request.get('/')).text()
    expect(served).toContain(`<html lang="${language.other}">`)
    console.check()
    await context.close()
  })

  it('gives a signed-in device the plain shell, and it shows the user their page', async () => {
    const context = await newContext(browser, PHONE)
    const console = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'participant')
    for (const { path } of PAGES) {
      expect(appMarkup(await (await context.request.get(path)).text()), path).toBeNull()
    }
    await page.goto('/')
    await page.locator('.home-grid #home-work').waitFor()
    console.check()
    await context.close()
  })

  it('serves the shell for another query than the language switch', async () => {
    const context = await newContext(browser, PHONE)
    expect(appMarkup(await (await context.request.get('/urnik?year=2')).text())).toBeNull()
    expect(appMarkup(await (await context.request.get('/?SI')).text())).not.toBeNull()
    await context.close()
  })
})
