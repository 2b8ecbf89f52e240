// The public data pages need before any login (`GET /{path}/_payload.json`), so the service
// worker can cache it and a page renders offline on first open. Only data that every visitor may
// see belongs here; anything personal goes through the data API and its access policy.
import { normalizePath } from '@lfit/domain/access/routes'
import { NEWS_PAGE, PAGE_SLUG, type ContentPayload } from '@lfit/domain/pages/page'
import { schedule, type Day, type FreeGap, type TrainingBlock } from '@lfit/domain/schedule'
import type { PageBook } from '../pages/book'

/** The timetable: blocks (their days listed once, in `days`), every day, and the free gaps. */
export interface TimetablePayload {
  blocks: Omit<TrainingBlock, 'days'>[]
  days: readonly Day[]
  gaps: readonly FreeGap[]
}

export function timetablePayload(): TimetablePayload {
  const { blocks, days, gaps } = schedule()
  return { blocks: blocks.map(({ days: _days, ...block }) => block), days, gaps }
}

// Page paths match like routes (docs/product-rules.md: any case, trailing slash); print views show the same.
const PAYLOADS: Record<string, () => unknown> = {
  '/urnik': timetablePayload,
  '/urnik-print': timetablePayload,
  '/urnikprn': timetablePayload,
}

/**
 * A public page's text, and the news on the news page
 * (docs/0050-public-pages-and-news-are-data.md); undefined when there is no such page.
 */
export async function contentPayload(
  pages: PageBook,
  slug: string,
): Promise<ContentPayload | undefined> {
  if (!PAGE_SLUG.test(slug)) return undefined
  const page = await pages.page(slug)
  if (!page) return undefined
  if (slug !== NEWS_PAGE) return { page }
  return { page, news: await pages.news({ drafts: false }) }
}

/** The payload of a page path such as `urnik` or `/Urnik/`, or undefined when it has none. */
export async function pagePayload(path: string, pages?: PageBook): Promise<unknown> {
  const fixed = PAYLOADS[normalizePath(path)]
  if (fixed) return fixed()
  return pages && contentPayload(pages, path.replace(/^\/+|\/+$/g, '').toLowerCase())
}
