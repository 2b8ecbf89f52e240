// The server's rendered public pages over a stand-in build: which requests get them (a visitor,
// the language switch alone, the language of the query, then the cookie), the shell around them,
// one render per page and language while the span it shows lasts, and the shell whenever the
// render cannot be had. (The real render against the app is the e2e test public-pages.)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  PAGE_ASSETS_FILE,
  SERVER_RENDER_DIR,
  SERVER_RENDER_ENTRY,
} from '@lfit/domain/api/server-render'
import { languageCookie } from '@lfit/domain/messages/language'
import { replaceCalendar, SCHEDULE_DATA } from '@lfit/domain/schedule'
import { APP_START_SCRIPT, pageToRender, renderedPages } from './rendered-pages'
import { createSiteApp } from './site'

const PAGES = new Set(['/', '/urnik'])
const visitor = (path: string, search = '', cookie = '') => ({ path, search, cookie })

describe('which request gets a rendered page', () => {
  it.each([
    ['/', '', '', { path: '/', language: 'en' }],
    ['/urnik', '', 'lang=SI', { path: '/urnik', language: 'sl' }],
    ['/', '?SI', 'lang=EN', { path: '/', language: 'sl' }],
    ['/', '?lang=en', 'lang=SI', { path: '/', language: 'en' }],
    ['/', '', 'device=d1; lang=SI', { path: '/', language: 'sl' }],
  ])('%s%s with cookie "%s": rendered', (path, search, cookie, expected) =>
    expect(pageToRender(visitor(path, search, cookie), PAGES)).toEqual(expected),
  )

  it.each([
    ['a session cookie', visitor('/', '', 'lang=SI; token=abc')],
    ['only a session cookie', visitor('/urnik', '', 'token=abc')],
    ['another query', visitor('/urnik', '?year=2')],
    ['another query beside the switch', visitor('/urnik', '?SI&view=next')],
    ['a page the build does not render', visitor('/faq')],
    ['a path in other letters', visitor('/URNIK')],
  ])('%s: the shell', (_, request) => expect(pageToRender(request, PAGES)).toBeNull())
})

/** A stand-in server bundle: renders the path and language, counts its renders in a file. */
const RENDER_MODULE = `
import { readFileSync, writeFileSync } from 'node:fs'
const counter = new URL('./count.txt', import.meta.url)
export async function renderPage({ path, language, calendar }) {
  const count = Number(readFileSync(counter, 'utf8')) + 1
  writeFileSync(counter, String(count))
  if (path === '/urnik' && language === 'sl' && process.env.LFIT_TEST_RENDER_FAILS) {
    throw new Error('the render broke')
  }
  const now = Date.now()
  const manifest = language === 'sl' ? '/manifest.sl.webmanifest' : '/manifest.webmanifest'
  return { html: '<main>' + path + ' ' + language + ' #' + count + ' at ' + calendar.venue + '</main>', since: now - 1000, until: now + 60000, manifest }
}
`
const SHELL = `<!doctype html>
<html lang="en">
  <head><title>LFIT</title><script type="module" crossorigin src="/assets/index-1.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/api-1.js"><link rel="manifest" href="/manifest.webmanifest"></head>
  <body>
    <div id="app">
      <div class="app" data-app-shell><header class="app-bar" aria-hidden="true">LFIT</header></div>
    </div>
    <noscript>JS</noscript>
  </body>
</html>`

let webDir: string
/** Every renderer a test made: their background renders end before the build is removed. */
let made: ReturnType<typeof renderedPages>[] = []
const pagesOver = (dir: string) => {
  const pages = renderedPages(dir)
  made.push(pages)
  return pages
}
/** How often the stand-in bundle rendered. */
const renders = () => Number(readFileSync(join(webDir, SERVER_RENDER_DIR, 'count.txt'), 'utf8'))

beforeEach(() => {
  webDir = mkdtempSync(join(tmpdir(), 'lfit-rendered-'))
  mkdirSync(join(webDir, SERVER_RENDER_DIR))
  writeFileSync(join(webDir, 'index.html'), SHELL)
  writeFileSync(join(webDir, SERVER_RENDER_DIR, SERVER_RENDER_ENTRY), RENDER_MODULE)
  writeFileSync(join(webDir, SERVER_RENDER_DIR, 'count.txt'), '0')
  const assets = {
    '/': { styles: ['/assets/HomeScreen-1.css'], scripts: ['/assets/HomeScreen-1.js'] },
    '/urnik': { styles: [], scripts: [] },
  }
  writeFileSync(join(webDir, SERVER_RENDER_DIR, PAGE_ASSETS_FILE), JSON.stringify(assets))
})
afterEach(async () => {
  await Promise.all(made.map((pages) => pages.prepare()))
  made = []
  vi.useRealTimers()
  vi.unstubAllEnvs()
  rmSync(webDir, { recursive: true, force: true })
})

describe('the rendered pages', () => {
  it('puts the page into the shell, in its language, with its styles linked', async () => {
    const html = await pagesOver(webDir).answer(visitor('/', '', 'lang=SI'))
    expect(html).toContain('<html lang="sl">')
    expect(html).toMatch(
      /<div id="app" data-page="\/" data-language="sl" data-shown-since="\d+" data-shown-until="\d+"><main>\/ sl #/,
    )
    expect(html).toContain('<link rel="manifest" href="/manifest.sl.webmanifest">')
    expect(html).toContain('<link rel="stylesheet" href="/assets/HomeScreen-1.css">')
    expect(html).toContain('<noscript>JS</noscript>')
    // The page takes the place of the bar the shell paints before the app starts.
    expect(html).not.toContain('data-app-shell')
  })

  it("leaves the app's code to the start script, which adds it after the first paint", async () => {
    const html = (await pagesOver(webDir).answer(visitor('/'))) ?? ''
    // Nothing of the app's code is fetched before the page is painted from its HTML.
    expect(html).not.toContain('<script type="module"')
    expect(html).not.toContain('modulepreload')
    expect(html).not.toContain('/assets/index-1.js"></script>')
    expect(html).toContain(
      `<script defer src="${APP_START_SCRIPT}" data-entry="/assets/index-1.js" data-preload="/assets/api-1.js /assets/HomeScreen-1.js"></script></head>`,
    )
  })

  it('renders each page in each language once while its span lasts, then anew', async () => {
    const pages = pagesOver(webDir)
    await pages.prepare()
    expect(renders()).toBe(4)
    const home = await pages.answer(visitor('/'))
    expect(home).toContain('<main>/ en #')
    expect(await pages.answer(visitor('/'))).toBe(home)
    expect(await pages.answer(visitor('/', '?SI'))).toContain('<main>/ sl #')
    expect(renders()).toBe(4)
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] })
    expect(await pages.answer(visitor('/'))).toContain('<main>/ en #5')
    expect(renders()).toBe(5)
  })

  it('renders a page anew, with the new calendar, once the calendar changes', async () => {
    const pages = pagesOver(webDir)
    await pages.prepare()
    expect(await pages.answer(visitor('/urnik'))).toContain(`#3 at ${SCHEDULE_DATA.venue}<`)
    try {
      replaceCalendar({ ...SCHEDULE_DATA, venue: 'Studio Gibanje, Maribor' })
      expect(await pages.answer(visitor('/urnik'))).toContain('#5 at Studio Gibanje, Maribor<')
      expect(renders()).toBe(5)
    } finally {
      replaceCalendar(SCHEDULE_DATA)
    }
  })

  it('gives the shell (null) to a signed-in device', async () => {
    expect(await pagesOver(webDir).answer(visitor('/', '', 'token=abc'))).toBeNull()
  })

  it('gives the shell when the render fails, and tries again on the next request', async () => {
    vi.stubEnv('LFIT_TEST_RENDER_FAILS', '1')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const pages = pagesOver(webDir)
    expect(await pages.answer(visitor('/urnik', '?SI'))).toBeNull()
    await pages.prepare()
    expect(errors).toHaveBeenCalledOnce()
    expect(await pages.answer(visitor('/urnik'))).toContain('<main>/urnik en')
    vi.unstubAllEnvs()
    expect(await pages.answer(visitor('/urnik', '?SI'))).toContain('<main>/urnik sl')
    errors.mockRestore()
  })

  it('gives the shell for a build without the server bundle', async () => {
    rmSync(join(webDir, SERVER_RENDER_DIR), { recursive: true })
    expect(await pagesOver(webDir).answer(visitor('/'))).toBeNull()
  })
})

describe('the site serving them', () => {
  it('answers / with the rendered page for a visitor and the shell for a session', async () => {
    const site = createSiteApp({ webDir })
    const rendered = await site.request('/?EN')
    expect(rendered.status).toBe(200)
    expect(rendered.headers.get('cache-control')).toBe('no-cache')
    expect(rendered.headers.get('vary')).toContain('Cookie')
    expect(await rendered.text()).toContain('<main>/ en')
    const shell = await site.request('/', { headers: { Cookie: 'token=abc' } })
    expect(shell.status).toBe(200)
    expect(await shell.text()).toContain('data-app-shell')
    const file = await site.request('/index.html')
    expect(await file.text()).toContain('data-app-shell')
    // The server's bundle is no file of the site.
    expect((await site.request(`/${SERVER_RENDER_DIR}/${SERVER_RENDER_ENTRY}`)).status).toBe(404)
    expect((await site.request(`/${SERVER_RENDER_DIR}/${PAGE_ASSETS_FILE}`)).status).toBe(404)
    // Its background renders of the other pages end before the build is removed.
    await Promise.all(['/?SI', '/urnik?EN', '/urnik?SI'].map((path) => site.request(path)))
  })

  it('keeps a language switch of the address in the cookie, as the app does', async () => {
    const site = createSiteApp({ webDir })
    const switched = await site.request('/urnik?lang=SI')
    expect(await switched.text()).toContain('<main>/urnik sl')
    expect(switched.headers.get('set-cookie')).toBe(languageCookie('sl', false))
    const plain = await site.request('/urnik', { headers: { Cookie: 'lang=SI' } })
    expect(await plain.text()).toContain('<main>/urnik sl')
    expect(plain.headers.get('set-cookie')).toBeNull()
    await Promise.all(['/', '/?SI', '/urnik'].map((path) => site.request(path)))
  })
})
