// A public information page: HTML compiled at build time from the page's Markdown file, loaded
// on demand for the current language (the screen waits for it, in a Suspense boundary).
import { use } from 'react'
import { loadPage, pages, type PageContent } from 'virtual:content-pages'

/** The content page a path shows: `/` is the home page, `/faq/` the page `faq`. */
export function contentSlug(pathname: string): string {
  const name = pathname.replace(/^\/+|\/+$/g, '').toLowerCase()
  return name === '' ? 'home' : name
}

export function hasContentPage(slug: string): boolean {
  return slug.toLowerCase() in pages
}

export function contentPageSummary(slug: string, lang: 'en' | 'sl') {
  return pages[slug.toLowerCase()]?.[lang]
}

const loading = new Map<string, Promise<PageContent | undefined>>()

/**
 * The page's compiled content, loaded once per page and language. Started early (at start-up for
 * the first page) so the screen renders in one go, without the text pushing the rest down.
 */
export function pageContent(slug: string, lang: 'en' | 'sl'): Promise<PageContent | undefined> {
  const key = `${slug.toLowerCase()}.${lang}`
  let content = loading.get(key)
  if (!content) {
    content = loadPage(slug.toLowerCase(), lang)
    loading.set(key, content)
  }
  return content
}

export function ContentPage({ slug, lang }: { slug: string; lang: 'en' | 'sl' }) {
  const content = use(pageContent(slug, lang))
  if (!content) return null
  // The HTML comes from our own content files, compiled at build time; nothing user-supplied.
  return <article className="content-page" dangerouslySetInnerHTML={{ __html: content.html }} />
}
