// Serves the built web app (web/dist) and the records a running app polls: the build records
// written by the web build, page payloads, static files with cache headers that never let a
// browser mix two builds, and index.html for app routes so deep links work (SPA fallback).
// Only pages the app has get 200: a path that is no route and no content page of this build
// gets the same shell (it shows the translated "not found") with 404, for bots and link checkers.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context } from 'hono'
import { compress } from 'hono/compress'
import { etag } from 'hono/etag'
import { isKnownPage } from '@lfit/domain/access/routes'
import { CONTENT_PAGES_FILE } from '@lfit/domain/api/calls'
import { SERVER_RENDER_DIR } from '@lfit/domain/api/server-render'
import { initialLanguage, languageCookie, languageFromQuery } from '@lfit/domain/messages/language'
import type { AppEnv } from '../http/env'
import { decodedPart } from '../http/path'
import type { PageBook } from '../pages/book'
import { buildRecordIn } from './build-record'
import { firstScreensIn, withFirstScreenFiles } from './first-screens'
import { contentPayload, pagePayload } from './payloads'
import { renderedPages } from './rendered-pages'

export interface SiteOptions {
  /** The web build's output directory (web/dist); it may be missing, e.g. in API-only tests. */
  webDir: string
  /** Cookies set here are Secure (the config's cookieSecure, as the session cookie's). */
  cookieSecure?: boolean
  /** The public pages' text (docs/0050); without it only the timetable has a payload. */
  pages?: PageBook
}

const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

/** Files whose name stays the same across builds: a browser must ask every time. */
const NEVER_CACHED = new Set([
  '/',
  '/index.html',
  '/sw.js',
  '/registerSW.js',
  // It reads the page's tag as the server of the same build writes it (docs/0024).
  '/app-start.js',
  '/manifest.webmanifest',
  '/manifest.sl.webmanifest',
])

/** The Cache-Control for a path of the built app. */
export function cacheControlFor(path: string): string {
  // Vite puts a content hash into every file name under assets/: a new build means a new name.
  if (path.startsWith('/assets/')) return YEAR_IMMUTABLE
  if (NEVER_CACHED.has(path) || path.startsWith('/builds/')) return REVALIDATE
  return 'public, max-age=3600'
}

/** Paths that belong to the server, never to the app shell; the server's render is never a file. */
function isServerPath(path: string): boolean {
  return (
    path.startsWith('/api/') ||
    path === '/api' ||
    path.startsWith('/builds/') ||
    path.startsWith(`/${SERVER_RENDER_DIR}/`)
  )
}

/** An app route such as `/urnik` or `/auth/login/`: no file extension in the last segment. */
function isAppRoute(path: string): boolean {
  const last = path.split('/').pop() ?? ''
  return !isServerPath(path) && !last.includes('.')
}

const PAYLOAD_SUFFIX = '/_payload.json'

/**
 * The page of a payload path, `/{page}/_payload.json` (the page may have segments of its own),
 * decoded as Hono decodes a path parameter; null for any other path.
 */
export function payloadPageOf(path: string): string | null {
  if (!path.endsWith(PAYLOAD_SUFFIX) || path.length <= PAYLOAD_SUFFIX.length + 1) return null
  return decodedPart(path.slice(1, -PAYLOAD_SUFFIX.length))
}

/** The address's search part, `?` included (empty without one), as the browser's `location.search`. */
function searchOf(c: Context): string {
  const query = c.req.url.indexOf('?')
  return query < 0 ? '' : c.req.url.slice(query)
}

/** Answers in the API's one error shape, so a client shows it like any other refusal. */
function notFound(c: Context, what: string) {
  c.header('Cache-Control', REVALIDATE)
  const message = { sl: `${what} ne obstaja`, en: `${what} not found` }
  return c.json({ error: { code: 'notFound', message } }, 404)
}

const NO_PAGES: ReadonlySet<string> = new Set()

/**
 * The content page names of the build in `file`. No file, or a broken one: no content pages, so
 * those paths answer 404 rather than pretending pages exist.
 */
function contentPagesIn(file: string): () => ReadonlySet<string> {
  return buildRecordIn(
    file,
    (parsed) =>
      Array.isArray(parsed)
        ? new Set(parsed.filter((name): name is string => typeof name === 'string'))
        : NO_PAGES,
    NO_PAGES,
  )
}

/**
 * Adds the site to the API app, after every API route, as the production server does (main.ts);
 * the benchmarks serve the same assembly, so their figures include its routes.
 */
export function mountSite(
  options: SiteOptions,
): (api: Hono<AppEnv>, shared: { pages: PageBook }) => void {
  return (api, { pages }) => api.route('/', createSiteApp({ ...options, pages }))
}

export function createSiteApp({ webDir, cookieSecure = false, pages }: SiteOptions): Hono {
  const app = new Hono()
  const fileIn = (...parts: string[]) => join(webDir, ...parts)
  const contentPages = contentPagesIn(fileIn(CONTENT_PAGES_FILE))
  const firstScreens = firstScreensIn(webDir)
  // The app's JavaScript is about a third of its size gzipped: on a phone's slow network that
  // is most of the time to the first page. (Answers under 1 KB and images stay as they are.)
  app.use('*', compress())

  app.get('/builds/latest.json', (c) => buildRecord(c, fileIn('builds', 'latest.json'), 'build'))
  app.get('/builds/meta/:file', (c) => {
    const file = c.req.param('file')
    if (!/^[\w.-]{1,64}\.json$/.test(file)) return notFound(c, 'build')
    return buildRecord(c, fileIn('builds', 'meta', file), 'build')
  })

  // One wildcard route that reads the page from the path, not `/:path{.+}/_payload.json`: Hono's
  // fastest router (RegExpRouter) cannot hold that pattern, and one route it cannot hold routes
  // every request of the server, API calls included, by the slower tree router
  // (docs/0018-find-under-load.md).
  const withEtag = etag()
  app.get('/*', async (c, next) => {
    const page = payloadPageOf(c.req.path)
    if (page === null) return next()
    await withEtag(c, async () => {
      const payload = await pagePayload(page, pages)
      // Public and the same for everyone; revalidated by ETag so a new deployment shows at once.
      if (payload === undefined) c.res = notFound(c, `payload ${page}`)
      else c.res = c.json(payload, 200, { 'Cache-Control': 'public, no-cache' })
    })
    return c.res
  })

  // `/` and `/urnik` for a visitor: the page's HTML in the shell (docs/0023), before the static
  // files would answer `/` with the bare index.html.
  const rendered = renderedPages(
    webDir,
    pages && { revision: () => pages.revision(), content: (slug) => contentPayload(pages, slug) },
  )
  void rendered.prepare()
  app.get('*', async (c, next) => {
    const search = searchOf(c)
    const html = await rendered.answer({
      path: c.req.path,
      search,
      cookie: c.req.header('Cookie') ?? '',
    })
    if (html === null) return next()
    // A language switch in the address is kept as the app keeps it (web/src/i18n/i18n.ts), here
    // at once: the app starts only after the paint (docs/0024), and a link followed before then
    // must open in the language chosen.
    const switched = languageFromQuery(search)
    if (switched) c.header('Set-Cookie', languageCookie(switched, cookieSecure))
    // The page depends on the language and session cookies; asked again at every load.
    return c.html(html, 200, { 'Cache-Control': REVALIDATE, Vary: 'Cookie' })
  })

  // Created on first use: the web build may finish after the server started (npm run dev flows).
  let files: ReturnType<typeof serveStatic> | null = null
  app.use('*', async (c, next) => {
    if (isServerPath(c.req.path)) return next()
    // The build writes each text file Brotli- and gzip-compressed beside it (docs/0057): the copy
    // the browser takes is sent as it is, and compress() above leaves an encoded answer alone.
    files ??= existsSync(webDir) ? serveStatic({ root: webDir, precompressed: true }) : null
    if (!files) return next()
    let passedOn = false
    const served = await files(c, async () => {
      passedOn = true
      await next()
    })
    // Only a file served here gets the file's policy; a later handler (the app shell) sets its own.
    if (passedOn || !served) return
    if (served.ok) served.headers.set('Cache-Control', cacheControlFor(c.req.path))
    return served
  })

  // Passes anything else on, so mounting order cannot make this shadow an API route. A path that
  // is no page of the app still gets the shell (it shows 'Page Not Found') but with status 404.
  app.get('*', async (c, next) => {
    if (!isAppRoute(c.req.path)) return next()
    const index = fileIn('index.html')
    if (!existsSync(index)) {
      return c.text('The web app is not built yet: run `npm run build`.', 503, {
        'Cache-Control': REVALIDATE,
      })
    }
    c.header('Cache-Control', REVALIDATE)
    const status = isKnownPage(c.req.path, contentPages()) ? 200 : 404
    // The studio tablet's files are fetched beside the entry (docs/0057), in the page's language.
    const language = initialLanguage(searchOf(c), c.req.header('Cookie') ?? '')
    const shell = readFileSync(index, 'utf8')
    c.header('Vary', 'Cookie')
    return c.html(withFirstScreenFiles(shell, firstScreens(c.req.path), language), status)
  })

  return app
}

function buildRecord(c: Context, path: string, what: string) {
  if (!existsSync(path)) return notFound(c, what)
  c.header('Cache-Control', REVALIDATE)
  return c.body(readFileSync(path), 200, { 'Content-Type': 'application/json; charset=utf-8' })
}
