declare module 'virtual:content-pages' {
  export interface PageSummary {
    title: string
    description: string
  }
  export interface PageContent extends PageSummary {
    /** HTML compiled at build time from the page's Markdown file. */
    html: string
    sample: boolean
  }
  /** Every content page by slug and language (`en`, `sl`). */
  export const pages: Record<string, Record<'en' | 'sl', PageSummary>>
  export function loadPage(slug: string, lang: string): Promise<PageContent | undefined>
}
