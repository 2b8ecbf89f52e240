// The public pages a visitor opens first, `/` and `/urnik`, served with their HTML rendered, so a
// phone paints the page before the app's JavaScript has run; the app then hydrates it
// (docs/0023-public-pages-rendered-by-the-server.md). The render is the web build's own server
// bundle (SERVER_RENDER_DIR), so the HTML is what the same build's app renders. Kept per build,
// page and language until the schedule shown can change (a Ljubljana midnight, a training day's
// end): at most two pages in two languages. Anything else gets the plain shell, as before: a
// request with a session cookie (a signed-in device must never see a visitor's page first),
// another query than the language switch, or a build without the server bundle.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  PAGE_ASSETS_FILE,
  SERVER_RENDER_DIR,
  SERVER_RENDER_ENTRY,
  type PageAssets,
} from '@lfit/domain/api/server-render'
import {
  initialLanguage,
  LANGUAGES,
  withoutLanguageQuery,
  type Language,
} from '@lfit/domain/messages/language'
import type { ContentPayload } from '@lfit/domain/pages/page'
import { calendarData, calendarVersion, type ScheduleDataInput } from '@lfit/domain/schedule'
import { firstCookie, TOKEN_COOKIE } from '../auth/token'

/** A render that has not finished by then is given up: the shell is served instead. */
const RENDER_TIMEOUT_MS = 5_000
/**
 * The shell's app root, with the app bar it paints before the app starts (web/index.html,
 * docs/0057): a rendered page takes its place whole.
 */
const APP_ROOT = /<div id="app">[\s\S]*?<\/div>(?=\s*<noscript>)/
const MANIFEST_LINK = /<link rel="manifest" href="[^"]*">/

/** A page rendered by the build's server bundle, and the span of time it shows the same. */
interface Rendered {
  html: string
  since: number
  until: number
  /** The path of the web manifest of the page's language. */
  manifest: string
}

/** Where the render reads the public pages' text (docs/0050-public-pages-and-news-are-data.md). */
export interface PageTextSource {
  content(slug: string): Promise<ContentPayload | undefined>
}

/** The public pages' text and a value that changes whenever any of it does. */
export interface PublicPageText extends PageTextSource {
  revision(): Promise<string>
}

interface RenderModule {
  /**
   * `calendar`: the server's current calendar, which the render bundle (its own copy of the
   * domain) makes its own before it renders (docs/0047-the-calendar-is-data.md); `pages`: where
   * it reads the public pages' text (docs/0050).
   */
  renderPage(page: {
    path: string
    language: Language
    calendar: ScheduleDataInput
    pages?: PageTextSource
  }): Promise<Rendered>
}

export interface PageRequest {
  path: string
  /** The query with its `?`, or ''. */
  search: string
  /** The Cookie header, or ''. */
  cookie: string
}

/**
 * The page and language the server renders for a request, or null for the plain shell. `pages`:
 * the paths the build renders (vite.config.ts lists them).
 */
export function pageToRender(
  request: PageRequest,
  pages: ReadonlySet<string>,
): { path: string; language: Language } | null {
  if (!pages.has(request.path)) return null
  if (withoutLanguageQuery(request.search) !== '') return null
  if (firstCookie(request.cookie, TOKEN_COOKIE) !== undefined) return null
  return { path: request.path, language: initialLanguage(request.search, request.cookie) }
}

/** The app's start script (web/public/app-start.js): it adds the app's code after the first paint. */
export const APP_START_SCRIPT = '/app-start.js'
/** The shell's entry module and its preloads, as Vite writes them into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g

/**
 * The shell with the rendered page in its root, in the page's language (and web manifest), its
 * screen's styles linked. The root names the page and language it shows and the span of time it
 * shows the same: the app takes the HTML over only when it starts on that page, in that language,
 * with the device's clock within the span (web/src/main.tsx). The app's code (the shell's entry,
 * its preloads and the screen's modules) is not in the head: the page is painted from its HTML,
 * and the start script adds the code once it has been painted, so nothing of it is fetched or run
 * before the first paint (docs/0024-app-starts-after-the-first-paint.md).
 */
export function pageInShell(
  shell: string,
  page: Rendered & { path: string; language: Language; assets: PageAssets | undefined },
): string {
  const entry = ENTRY_SCRIPT.exec(shell)?.[1]
  if (!entry) throw new Error('index.html has no entry module')
  const preloads = [...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '')
  const modules = [...new Set([...preloads, ...(page.assets?.scripts ?? [])])]
  const links = [
    ...(page.assets?.styles ?? []).map((href) => `<link rel="stylesheet" href="${href}">`),
    `<script defer src="${APP_START_SCRIPT}" data-entry="${entry}" data-preload="${modules.join(' ')}"></script>`,
  ]
  const root = [
    `data-page="${page.path}"`,
    `data-language="${page.language}"`,
    `data-shown-since="${page.since}"`,
    `data-shown-until="${page.until}"`,
  ]
  return shell
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('<html lang="en">', `<html lang="${page.language}">`)
    .replace(MANIFEST_LINK, `<link rel="manifest" href="${page.manifest}">`)
    .replace('</head>', `${links.join('')}</head>`)
    .replace(APP_ROOT, `<div id="app" ${root.join(' ')}>${page.html}</div>`)
}

interface Kept {
  /** The build, and what the pages said, when it was rendered. */
  build: string
  /** The calendar it shows (calendarVersion): a change of the calendar renders it anew. */
  calendar: number
  since: number
  until: number
  page: Promise<string | null>
}

/**
 * `answer`: the whole HTML of a rendered page for a request, or null when the shell should be
 * served. The render reads the machine's clock, as the screens do in the browser.
 */
export function renderedPages(webDir: string, pageText?: PublicPageText) {
  const source: PageTextSource | undefined = pageText && {
    content: (slug) => pageText.content(slug),
  }
  const shellFile = join(webDir, 'index.html')
  const entry = join(webDir, SERVER_RENDER_DIR, SERVER_RENDER_ENTRY)
  const assetsFile = join(webDir, SERVER_RENDER_DIR, PAGE_ASSETS_FILE)
  const kept = new Map<string, Kept>()
  let pages: {
    build: string
    assets: Record<string, PageAssets>
    paths: ReadonlySet<string>
  } | null = null
  /** The build's rendered pages and their files, read once per build. */
  const pagesOf = (build: string) => {
    if (pages?.build !== build) {
      let assets: Record<string, PageAssets> = {}
      try {
        assets = JSON.parse(readFileSync(assetsFile, 'utf8')) as Record<string, PageAssets>
      } catch {
        // A build without the list renders nothing: every page gets the shell.
      }
      pages = { build, assets, paths: new Set(Object.keys(assets)) }
    }
    return pages
  }
  // Lingui's active language is global in the render: one render at a time.
  let queue: Promise<unknown> = Promise.resolve()

  /** The deployed build, by its files' times: a new deployment is rendered anew. */
  const filesStamp = () =>
    existsSync(entry) && existsSync(shellFile)
      ? `${statSync(shellFile).mtimeMs}:${statSync(entry).mtimeMs}`
      : null
  /** The deployed files' part of a build stamp. */
  const filesOf = (build: string) => build.split('|')[0] ?? build
  /** The build and what the public pages say: an edited page is rendered anew (docs/0050). */
  const buildStamp = async () => {
    const files = filesStamp()
    if (!files || !pageText) return files
    return `${files}|${await pageText.revision()}`
  }

  async function render(path: string, language: Language, build: string) {
    const files = filesOf(build)
    const assets = pagesOf(files).assets[path]
    // Imported once per deployed bundle: a page edit renders with the same module.
    const module = (await import(`${pathToFileURL(entry).href}?build=${files}`)) as RenderModule
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the page render timed out')), RENDER_TIMEOUT_MS)
    })
    try {
      const calendar = calendarData()
      const rendered = await Promise.race([
        module.renderPage({ path, language, calendar, pages: source }),
        timeout,
      ])
      const shell = readFileSync(shellFile, 'utf8')
      if (!APP_ROOT.test(shell)) throw new Error('index.html has no app root before <noscript>')
      const html = pageInShell(shell, { ...rendered, path, language, assets })
      return { html, since: rendered.since, until: rendered.until }
    } finally {
      clearTimeout(timer)
    }
  }

  /** The page in the language, kept or rendered now (behind any render under way). */
  function pageIn(path: string, language: Language, build: string): Promise<string | null> {
    const key = `${path}|${language}`
    const now = Date.now()
    const found = kept.get(key)
    const calendar = calendarVersion()
    const current = found?.build === build && found.calendar === calendar
    if (found && current && found.since <= now && now < found.until) {
      return found.page
    }
    // Until its render is done, a page being rendered is the answer for every request of it.
    const next: Kept = {
      build,
      calendar,
      since: 0,
      until: Number.POSITIVE_INFINITY,
      page: Promise.resolve(null),
    }
    const rendering = queue.then(() => render(path, language, build))
    queue = rendering.catch(() => undefined)
    next.page = rendering.then(
      ({ html, since, until }) => {
        next.since = since
        next.until = until
        return html
      },
      (error: unknown) => {
        // A failed render serves the shell (the app renders the page itself) and is tried again.
        if (kept.get(key) === next) kept.delete(key)
        console.error('page render failed', path, language, error)
        return null
      },
    )
    kept.set(key, next)
    return next.page
  }

  let prepared: { build: string; done: Promise<unknown> } | null = null
  /**
   * Renders every page in every language of a build not rendered yet, in the background: the
   * first visitor after a start or a deployment does not wait for the bundle to load.
   */
  function prepare(build: string | null): Promise<unknown> {
    if (!build) return Promise.resolve()
    if (prepared?.build !== build) {
      const pages = [...pagesOf(filesOf(build)).paths].flatMap((path) =>
        LANGUAGES.map((language) => pageIn(path, language, build)),
      )
      prepared = { build, done: Promise.all(pages) }
    }
    return prepared.done
  }

  return {
    /** Resolves once the build's pages are rendered (or their renders failed). */
    prepare: async () => prepare(await buildStamp()),
    async answer(request: PageRequest): Promise<string | null> {
      // A file (`/assets/…`, `/sw.js`) is never a page: answered without a look at the build.
      if (request.path.includes('.')) return null
      // Nor is a path the build last read has no page for (every other app route): no disk look.
      if (pages && !pages.paths.has(request.path)) return null
      const build = await buildStamp()
      if (!build) return null
      void prepare(build)
      const page = pageToRender(request, pagesOf(filesOf(build)).paths)
      return page ? pageIn(page.path, page.language, build) : null
    },
  }
}
