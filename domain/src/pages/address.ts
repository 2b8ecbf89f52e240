// Where a public page's text is read (docs/0050-public-pages-and-news-are-data.md): without zod,
// so the first route can name the address before the schemas' code has loaded.

/** The page that lists the news under its own text. */
export const NEWS_PAGE = 'novice'

/** The payload address of a page's content (`home` is the home page `/`). */
export const contentPayloadPath = (slug: string) => `/${slug}/_payload.json`
