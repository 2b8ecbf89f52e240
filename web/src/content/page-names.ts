// Which public pages the product has (the build lists the page files' names) and which one a path
// shows: what the router and the start read before any page's text has loaded (docs/0050).
import { pageNames } from 'virtual:content-pages'

const PAGES: ReadonlySet<string> = new Set(pageNames)

/** The content page a path shows: `/` is the home page, `/faq/` the page `faq`. */
export function contentSlug(pathname: string): string {
  const name = pathname.replace(/^\/+|\/+$/g, '').toLowerCase()
  return name === '' ? 'home' : name
}

export function hasContentPage(slug: string): boolean {
  return PAGES.has(slug.toLowerCase())
}

/** Every page's name, for the installed app's offline copy. */
export function contentPageNames(): readonly string[] {
  return pageNames
}
