// Page titles 'Page | Site title' (docs/product-rules.md#constants: the separator is a vertical bar), the description
// meta, and the canonical address per language (with its alternate in the other language), so
// that each page in each language is one address that search engines and shares can use.
import { useEffect } from 'react'
import { SITE_TITLE } from '../app/route-titles'

const LANGUAGE_QUERY = { en: 'EN', sl: 'SI' } as const
type PageLanguage = keyof typeof LANGUAGE_QUERY

export function pageTitle(page: string | null | undefined): string {
  return page ? `${page} | ${SITE_TITLE}` : SITE_TITLE
}

/** The canonical address of a page in one language: the path with the language query. */
export function canonicalUrl(origin: string, pathname: string, lang: PageLanguage): string {
  return `${origin}${pathname}?lang=${LANGUAGE_QUERY[lang]}`
}

function headElement(selector: string, create: () => HTMLElement): HTMLElement {
  const found = document.head.querySelector<HTMLElement>(selector)
  if (found) return found
  const element = create()
  document.head.append(element)
  return element
}

function link(rel: string, hreflang?: string): HTMLLinkElement {
  const selector = hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]`
  return headElement(selector, () => {
    const element = document.createElement('link')
    element.rel = rel
    if (hreflang) element.hreflang = hreflang
    return element
  }) as HTMLLinkElement
}

let defaultDescription: string | null = null

export function usePageTitle(page: string | null | undefined): void {
  useEffect(() => {
    document.title = pageTitle(page)
  }, [page])
}

/** Title, description and canonical address of the page on screen. */
export function usePageMeta(meta: {
  title: string | null | undefined
  description?: string | undefined
  pathname: string
  lang: PageLanguage
}): void {
  const { title, description, pathname, lang } = meta
  useEffect(() => {
    document.title = pageTitle(title)
    const descriptionMeta = headElement('meta[name="description"]', () => {
      const element = document.createElement('meta')
      element.setAttribute('name', 'description')
      return element
    })
    defaultDescription ??= descriptionMeta.getAttribute('content') ?? ''
    descriptionMeta.setAttribute('content', description ?? defaultDescription)
    const origin = location.origin
    link('canonical').href = canonicalUrl(origin, pathname, lang)
    for (const other of Object.keys(LANGUAGE_QUERY) as PageLanguage[]) {
      link('alternate', other).href = canonicalUrl(origin, pathname, other)
    }
  }, [title, description, pathname, lang])
}
