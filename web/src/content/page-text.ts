// The public pages' text, as the server serves it (docs/0050-public-pages-and-news-are-data.md):
// each page's payload, both languages at once, loaded once per page and kept for the session.
// In the browser it is fetched (and kept by the service worker for offline reading); the
// server's render hands its own source in, read from the store, for each render.
import { contentPayloadPath } from '@lfit/domain/pages/address'
import type { ContentPayload } from '@lfit/domain/pages/page'
import { contentPageNames, hasContentPage } from './page-names'
import { firstTouch } from '../app/first-touch'

/** A page's text; `unavailable` when it could not be had (offline, never opened before). */
export type PageText = ContentPayload | 'unavailable' | undefined

export interface PageTextSource {
  content(slug: string): Promise<ContentPayload | undefined>
}

const fromServer: PageTextSource = {
  async content(slug) {
    const response = await fetch(contentPayloadPath(slug), { credentials: 'same-origin' })
    if (response.status === 404) return undefined
    if (!response.ok) throw new Error(`page ${slug}: HTTP ${response.status}`)
    // The schema's code (zod) is not on the first route: it loads beside the answer, and on a
    // visitor's home page the server rendered, with the first touch (docs/0052).
    const [{ contentPayloadSchema }, body] = await Promise.all([
      firstTouch().then(() => import('@lfit/domain/pages/page')),
      response.json() as Promise<unknown>,
    ])
    return contentPayloadSchema.parse(body)
  },
}

let source: PageTextSource = fromServer
const NOT_A_PAGE: Promise<PageText> = Promise.resolve(undefined)
const loading = new Map<string, Promise<PageText>>()
const loaded = new Map<string, PageText>()
const listeners = new Set<() => void>()

/** The server's render: every render reads the pages afresh from `next`. */
export function readPagesFrom(next: PageTextSource): void {
  source = next
  loading.clear()
  loaded.clear()
}

/** The page's text, loaded once (`slug` as the router names it, `home` for `/`). */
export function pageContent(slug: string): Promise<PageText> {
  const key = slug.toLowerCase()
  // Not one of the product's pages: nothing to ask for. (A content page still on screen while
  // the address already names the next route reads that route's name.)
  if (!hasContentPage(key)) return NOT_A_PAGE
  let content = loading.get(key)
  if (!content) {
    content = source.content(key).catch(() => 'unavailable' as const)
    loading.set(key, content)
    void content.then((text) => {
      loaded.set(key, text)
      for (const listener of listeners) listener()
    })
  }
  return content
}

/** The page's text if it has loaded, for what reads it outside the page (the title). */
export function loadedPage(slug: string): PageText {
  return loaded.get(slug.toLowerCase())
}

/** The page's title and description, once its text has loaded. */
export function contentPageSummary(slug: string, lang: 'en' | 'sl') {
  const text = loadedPage(slug)
  if (!text || text === 'unavailable') return undefined
  return { title: text.page.title[lang], description: text.page.description[lang] }
}

export function onPageLoaded(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Reads every page once, one after another, so the service worker keeps them for offline. */
export async function keepPagesOffline(): Promise<void> {
  for (const slug of contentPageNames()) await pageContent(slug)
}

/** Asks for the home page's text once the service worker controls the page, which keeps it. */
export function keepHomeOffline(): void {
  const workers = navigator.serviceWorker as ServiceWorkerContainer | undefined
  if (!workers) return
  const ask = () => {
    // Offline, there is nothing to keep: the ask would only fail (the worker may take the page
    // over after the network went).
    if (!navigator.onLine) return
    void fetch(contentPayloadPath('home'), { credentials: 'same-origin' }).catch(() => undefined)
  }
  if (workers.controller) ask()
  else workers.addEventListener('controllerchange', ask, { once: true })
}

/** After an editor's save: the page is read again the next time it is shown. */
export function forgetPage(slug: string): void {
  loading.delete(slug.toLowerCase())
  loaded.delete(slug.toLowerCase())
}
