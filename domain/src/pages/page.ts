// The public information pages and the news as data staff edit in the app
// (docs/0050-public-pages-and-news-are-data.md): which pages exist is the product's (the route
// table and the build's list of page names), what they say is the studio's. The server parses
// every write with these schemas and the web client checks every answer with them.
import { z } from 'zod'
import { TOOLKIT_MESSAGES } from '../messages/validation'

export { isPageEditor, PAGE_EDITOR_ROLES } from './access'

/** A page's name in its address: `/solnina` is the page `solnina`, `/` the page `home`. */
export const PAGE_SLUG = /^[a-z0-9][a-z0-9-]{0,39}$/

/**
 * The longest body of one language, as HTML: a long page of several screens is about 15,000
 * characters. The server's sanitiser runs on every save, so its cost is bounded by this.
 */
export const MAX_PAGE_HTML = 40_000
export const MAX_PAGE_TITLE = 120
export const MAX_PAGE_DESCRIPTION = 300
/** Versions of one page listed in the editor's history, newest first; older ones stay stored. */
export const PAGE_VERSIONS_SHOWN = 50
/** News posts a visitor's `/novice` lists, newest first. */
export const NEWS_SHOWN = 30

const text = (max: number) =>
  z.string().trim().min(1, TOOLKIT_MESSAGES.required).max(max, TOOLKIT_MESSAGES.maxLength(max))

const bilingual = (max: number) => z.object({ sl: text(max), en: text(max) }).strict()

const html = z.string().max(MAX_PAGE_HTML, TOOLKIT_MESSAGES.maxLength(MAX_PAGE_HTML))
const bilingualHtml = z.object({ sl: html, en: html }).strict()

/** What an editor saves for a page: both languages at once, so no visitor meets half a page. */
export const pageDraftSchema = z
  .object({
    title: bilingual(MAX_PAGE_TITLE),
    description: bilingual(MAX_PAGE_DESCRIPTION),
    html: bilingualHtml,
  })
  .strict()
export type PageDraft = z.infer<typeof pageDraftSchema>

/** A page as everyone reads it, both languages in one answer (a page is a few kilobytes). */
export const pageViewSchema = z.object({
  slug: z.string(),
  title: z.object({ sl: z.string(), en: z.string() }),
  description: z.object({ sl: z.string(), en: z.string() }),
  html: z.object({ sl: z.string(), en: z.string() }),
  version: z.number().int(),
  /** ISO date-time of the version shown. */
  updatedAt: z.string(),
})
export type PageView = z.infer<typeof pageViewSchema>

export const pageAnswerSchema = z.object({ page: pageViewSchema })

/** The pages' titles and descriptions, for the editor's list and the installed app's warm-up. */
export const pagesIndexAnswerSchema = z.object({
  pages: z.array(
    pageViewSchema.pick({ slug: true, title: true, description: true, version: true }),
  ),
})

/** One kept version of a page, as the editor's history lists it. */
export const pageVersionSchema = z.object({
  version: z.number().int(),
  at: z.string(),
  /** The editor's name as the user list shows it; `null` for the first version from the files. */
  by: z.string().nullable(),
  title: z.object({ sl: z.string(), en: z.string() }),
})
export const pageVersionsAnswerSchema = z.object({ versions: z.array(pageVersionSchema) })
export type PageVersion = z.infer<typeof pageVersionSchema>

/** A news post: dated, bilingual, published or kept as a draft. */
export const newsDraftSchema = z
  .object({
    /** The date the post is about or was written, YYYY-MM-DD; the list is in this order. */
    date: z.iso.date(TOOLKIT_MESSAGES.invalidFormat),
    title: bilingual(MAX_PAGE_TITLE),
    html: bilingualHtml,
    published: z.boolean(),
  })
  .strict()
export type NewsDraft = z.infer<typeof newsDraftSchema>

export const newsPostSchema = newsDraftSchema.extend({
  id: z.string(),
  updatedAt: z.string(),
})
export type NewsPost = z.infer<typeof newsPostSchema>
export const newsAnswerSchema = z.object({ posts: z.array(newsPostSchema) })
export const newsPostAnswerSchema = z.object({ post: newsPostSchema })

export { contentPayloadPath, NEWS_PAGE } from './address'

/**
 * What a public page shows, as its payload `/{name}/_payload.json` answers it to anyone (the home
 * page is `home`): the page, and on the news page the published posts. JSON, revalidated by
 * ETag, kept by the service worker for offline reading.
 */
export const contentPayloadSchema = z.object({
  page: pageViewSchema,
  news: z.array(newsPostSchema).optional(),
})
export type ContentPayload = z.infer<typeof contentPayloadSchema>
