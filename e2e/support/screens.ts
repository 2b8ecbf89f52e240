// The devices of the three personas and how a test opens a screen in a language and waits until
// it shows its content: the route's element is there with access allowed, the screen's own
// content is drawn (its lazy chunk has run) and the web fonts are in.
import type { BrowserContextOptions, Page } from 'playwright-core'

export const DEVICES = {
  /** A participant's or visitor's phone. */
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  },
  /** The studio tablet, landscape and portrait, used with a finger. */
  tablet: { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, hasTouch: true },
  tabletPortrait: { viewport: { width: 768, height: 1024 }, deviceScaleFactor: 1, hasTouch: true },
  /** The registrar's or admin's desk. */
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
} satisfies Record<string, BrowserContextOptions>

export const LANGUAGES = [
  { query: 'EN', lang: 'en' },
  { query: 'SI', lang: 'sl' },
] as const
export type Language = (typeof LANGUAGES)[number]

/** What shows that a route's screen has its content; a screen not listed shows its h1. */
const READY: Record<string, string> = {
  '/': '.home',
  '/urnik': '.timetable-screen table',
  '/urnik-print': '.print-year table',
  '/poster': '.poster-sheet svg.poster-qr',
  '/ATMcertsList': 'table.certificates-table tbody tr',
  '/auth/login': 'form',
  '/auth/register': 'form',
  '/auth/forgotPassword': 'form',
  '/ETAB': 'li.etab-row',
  '/prisotnost': 'table.attendance-grid',
  // A participant's own figures, or a staff member's table of the year (not "Loading…").
  '/prisotnosti': ':is([data-own-summary], table.attendance-overview)',
  '/auth/users': 'table.users-table tbody tr',
  '/prijavaNadomescanje': 'h2#makeup-mine-title',
  '/mojRacun': 'section[data-section] h2',
  '/gradiva': 'article.material',
  '/knjiznjica': 'table.library-table tbody tr',
  '/gradivaSeznam': 'table.material-table tbody tr',
  '/libraryMedia': 'table.edit-list-table tbody tr',
  '/projectMedia': 'table.edit-list-table tbody tr',
}

/**
 * Opens `route` (as the route table spells it) in `language` and waits until it is drawn.
 * `ready` overrides what to wait for inside the route's element.
 */
export async function openScreen(
  page: Page,
  route: string,
  language: Language,
  ready = READY[route] ?? 'h1',
): Promise<void> {
  await page.goto(`${route}?lang=${language.query}`)
  await page.locator(`html[lang="${language.lang}"]`).waitFor({ state: 'attached' })
  await page
    .locator(`.route[data-route="${route}"][data-access="allowed"] ${ready}`)
    .first()
    .waitFor()
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}
