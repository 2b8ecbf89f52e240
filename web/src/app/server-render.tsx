// The public pages rendered on the server (docs/0023-public-pages-rendered-by-the-server.md):
// the same App, router and screens as in the browser, at the page in a memory history, for a
// visitor, in the language given, at this moment (the screens read the clock as in the
// browser, which takes the HTML over only within the span it shows the same). React's prerender
// waits for every Suspense (the content page, the next training day), so the HTML is the whole
// page the browser then hydrates.
// Built by `vite build` as a second, server bundle (web/build/server-render.ts).
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { createMemoryHistory } from '@tanstack/react-router'
import type { Language } from '@lfit/domain/messages/language'
import { calendarData, replaceCalendar, type ScheduleDataInput } from '@lfit/domain/schedule'
import { contentSlug, hasContentPage } from '../content/page-names'
import { pageContent, readPagesFrom, type PageTextSource } from '../content/page-text'
import { createEventBus } from '../events/bus'
import { loadLanguage } from '../i18n/i18n'
import { MANIFEST_FILES } from '../pwa/manifest-files'
import { createLiveStatus } from '../live/status'
import { scheduleShownSpan } from '../timetable/schedule-changes'
import { i18n } from '@lingui/core'
import { App } from './App'
import { createAppRouter } from './router'

export interface PageRender {
  /** The page's path, e.g. `/` or `/urnik` (no query: the server renders only the bare page). */
  path: string
  language: Language
  /** Where the public pages' text is read: the server's store (docs/0050). */
  pages: PageTextSource
  /**
   * The server's current calendar: this bundle has its own copy of the domain, whose calendar
   * is made this one before the page renders (docs/0047-the-calendar-is-data.md).
   */
  calendar?: ScheduleDataInput
}

export interface RenderedPage {
  /** The markup of `#app`. */
  html: string
  /** The span of time in which the page shows the same (the day, up to a training day's end). */
  since: number
  until: number
  /** The web manifest of the page's language (the installed app's name and shortcuts). */
  manifest: string
}

/** A visitor's page at `path`. One render at a time: Lingui's active language is global. */
export async function renderPage({
  path,
  language,
  pages,
  calendar,
}: PageRender): Promise<RenderedPage> {
  const at = Date.now()
  // Without the store's pages the page would say it is not on this device: the shell instead.
  if (!pages) throw new Error('the server gave no source of the pages')
  readPagesFrom(pages)
  if (calendar && calendar !== calendarData()) replaceCalendar(calendar)
  await loadLanguage(language)
  i18n.activate(language)
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) })
  const slug = contentSlug(path)
  await Promise.all([router.load(), hasContentPage(slug) ? pageContent(slug) : undefined])
  // An error inside a Suspense boundary would otherwise leave that part for the browser to render
  // (a shift when it appears): the render fails instead, and the server sends the shell.
  const errors: unknown[] = []
  const { prelude } = await prerender(
    <StrictMode>
      <App router={router} bus={createEventBus()} live={createLiveStatus()} />
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  )
  if (errors.length > 0) throw new Error(`the page ${path} did not render`, { cause: errors[0] })
  const html = await new Response(prelude).text()
  return { html, ...scheduleShownSpan(at), manifest: `/${MANIFEST_FILES[language]}` }
}
