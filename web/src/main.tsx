// Start-up: language and session first (the router's guards need the user), then the app; the
// service worker, update checks and session re-checks once it is up.
import { startTransition, StrictMode, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/App'
import { findRoute } from '@lfit/domain/access/routes'
import { nextTask } from './app/next-task'
import { createAppRouter, type AppRouter } from './app/router'
import { screenFor, screenWordsOf } from './app/screens'
import { createEventBus } from './events/bus'
import { createLiveStatus } from './live/status'
import { contentSlug, hasContentPage } from './content/page-names'
import { keepHomeOffline, keepPagesOffline, pageContent } from './content/page-text'
import { errorStatus } from './errors/ErrorPage'
import { ApiError } from './api/client'
import { currentLanguage, loadScreenWordsOf, startLanguage } from './i18n/i18n'
import { initialLanguage } from '@lfit/domain/messages/language'
import { watchInstallPrompt } from './pwa/install'
import { isChunkLoadError } from './pwa/reload-guard'
import { prepareSchedule, showsSchedule } from './timetable/schedule-ready'
import { startingCalendar, subscribeCalendar } from './calendar/calendar-version'
import { afterFirstScreen, markFirstScreenShown } from './app/first-screen'
import { firstTouch, touchedNow, waitForFirstTouch } from './app/first-touch'
import { registerServiceWorker, reloadAfterChunkError, startUpdateChecks } from './pwa/updates'
import {
  deviceHadUser,
  keepSessionFresh,
  refreshSession,
  reportSessionEvents,
  sessionKnown,
  sessionState,
  subscribeSession,
} from './session/session'
import './ui/theme.css'

// A lazily loaded chunk of a build that is no longer deployed: reload into the current build.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault()
})

/**
 * An error the error page shows: a 404 or a reloading chunk is expected, not a fault; nor is a
 * screen's server read that failed (offline, refused): the screen says so with "Try again"
 * (docs/0036).
 */
function reportCaughtError(error: unknown) {
  if (errorStatus(error) < 500 || isChunkLoadError(error) || error instanceof ApiError) return
  console.error(error)
}

const sessionKey = () => {
  const user = sessionState().user
  return user ? `${user.username}|${user.roles.join(',')}` : ''
}

/**
 * Resolves once the router has rendered its first screen (or its error page) and the browser has
 * had a frame to paint it: the start-up work the first paint does not need waits for this.
 */
function firstScreenShown(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    // Emitted once the load has ended and its matches were rendered, an error or 404 page too.
    const stop = router.subscribe('onResolved', () => {
      stop()
      requestAnimationFrame(() => setTimeout(resolve))
    })
  })
}

/** Calls `then` once React has committed the tree it is in: hydrated, or rendered the first time. */
function Committed({ then }: { then: () => void }) {
  useEffect(then, [then])
  return null
}

/** Fired on window once the app has taken the page over (web/public/app-start.js listens). */
const APP_STARTED = 'lfit:app-started'

const SERVER_PAGE_RENDERED_ANEW = 'the server page was rendered anew:'

/**
 * Whether `root` holds the page the server rendered (docs/0023) for the address now, in
 * `language`, with the device's clock in the span in which that page shows the same (the same
 * day, before a training day's end).
 */
function holdsServerPage(root: HTMLElement | null, language: string): boolean {
  const { page, shownSince, shownUntil } = root?.dataset ?? {}
  const now = Date.now()
  return (
    page === location.pathname &&
    location.search === '' &&
    root?.dataset.language === language &&
    Number(shownSince) <= now &&
    now < Number(shownUntil)
  )
}

/**
 * Whether `root` holds the page the server rendered for what the app shows now: the page the
 * router is on too (an address changed since the load is another page), in the language started
 * in. Then the app takes that HTML over instead of rendering its own.
 */
function showsServerPage(root: HTMLElement, router: AppRouter): boolean {
  const { pathname, searchStr } = router.state.location
  // The address now, too: a change the router has not followed yet (it listens once rendered).
  return (
    root.dataset.page === pathname && searchStr === '' && holdsServerPage(root, currentLanguage())
  )
}

const appRoot = () => document.getElementById('app')

async function start() {
  // The app's one event bus and live-connection status, handed to whoever reports or reads them.
  const bus = createEventBus()
  const live = createLiveStatus()
  reportSessionEvents(bus)
  // Chromium may offer installing before any screen is up: keep its prompt for the button.
  watchInstallPrompt()
  const route = findRoute(location.pathname)
  const hadUser = deviceHadUser()
  // A public page on a device without a known user shows as a visitor's whatever the answer, and
  // a device that had a user shows that user's screens at once, as it does offline (docs/0008):
  // the session check (and the answer schemas it loads) waits until the first screen is on
  // screen, so it takes no bandwidth or main thread from it (docs/0056). Only a device without a
  // known user opening a page whose access depends on the user asks first.
  const askAfterFirstScreen = route?.kind === 'public' && !hadUser
  const askFirst = route?.kind !== 'public' && !hadUser
  const session = askFirst ? refreshSession() : null
  // The first screen's code and content load alongside the language and the session, not after:
  // the language is known from the address and the cookie before its catalog has loaded, so the
  // content does not wait a round trip for the catalog (a slow phone's first page).
  const language = initialLanguage(location.search, document.cookie)
  // A visitor's home page the server rendered reads as it is: its text's schema, its next training
  // day with the calendar, and the session check wait for the first touch (docs/0052).
  const untilTouched =
    askAfterFirstScreen && route?.path === '/' && holdsServerPage(appRoot(), language)
  if (untilTouched) waitForFirstTouch()
  if (route) void screenFor(route)()
  // The schedule such a screen derives as it renders: made ready meanwhile, step by step, so that
  // neither its code's evaluation nor the render is one long task (docs/0024). A failure is left
  // to the screen, which loads the same code and shows its error page.
  const scheduleReady =
    route && showsSchedule(route) && !untilTouched
      ? prepareSchedule().catch(() => undefined)
      : undefined
  const words = route && screenWordsOf(route)
  if (words) void loadScreenWordsOf(language, words)
  // The calendar the first screen shows: the device's, else the server's (docs/0049). Every
  // screen reads it, so the router waits for it; it loads alongside the language and session.
  // Its code that fails to load leaves the first version built in (the screen reloads it).
  const calendar = firstTouch()
    .then(() => import('./calendar/start-calendar'))
    .then(({ startCalendar }) => startCalendar(hadUser, afterFirstScreen()))
    .catch(() => undefined)
  // Left until the first touch, the schedule is made ready after the calendar, for the next
  // training day that waits for both.
  startingCalendar(
    untilTouched ? calendar.then(() => prepareSchedule()).catch(() => undefined) : calendar,
  )
  const content =
    route?.kind === 'public' && !untilTouched && hasContentPage(contentSlug(location.pathname))
      ? pageContent(contentSlug(location.pathname))
      : undefined
  await startLanguage()
  // A page whose access depends on a user this device does not know waits for the answer.
  if (askFirst) await session
  if (!untilTouched) await calendar
  // The catalog's evaluation, the router's creation and its first load: a task each.
  await nextTask()
  const router = createAppRouter()
  // Another calendar taken (a pull, the server's answer, the planner's change): the screens
  // render again (router.tsx) and their reads run again (docs/0049).
  subscribeCalendar(() => void router.invalidate())
  const firstScreen = firstScreenShown(router)
  // An address changed before the router's own listener is up (it comes with the first render,
  // and a load under way then keeps it from loading again, docs/0023): followed until then.
  const followEarly = router.history.subscribe(() => void router.load())
  // Another page is no longer the page the server rendered: what waited for a touch starts.
  const leaving = router.history.subscribe(() => {
    leaving()
    touchedNow()
  })
  const stopFollowing = router.subscribe('onRendered', () => {
    followEarly()
    stopFollowing()
  })
  // Login, logout or a blocked user: the guards run again for the page on screen.
  let who = sessionKey()
  subscribeSession(() => {
    if (sessionKey() === who) return
    who = sessionKey()
    void router.invalidate()
  })
  const root = document.getElementById('app')
  if (!root) throw new Error('no #app element')
  if (!showsServerPage(root, router)) touchedNow()
  document.documentElement.dataset.build = __BUILD_ID__
  // The first commit: a hydration that yields must not meet the session's answer before it (below).
  // Then the start script of a rendered page gives the app the taps it kept (web/public/app-start.js).
  let resolveCommit = () => {}
  const firstCommit = new Promise<void>((resolve) => (resolveCommit = resolve))
  const committed = () => {
    resolveCommit()
    window.dispatchEvent(new Event(APP_STARTED))
  }
  const app = (
    <StrictMode>
      <App router={router} bus={bus} live={live} />
      <Committed then={committed} />
    </StrictMode>
  )
  // The server's page for a visitor: React takes its HTML over instead of building it again, once
  // the page's code and content are here, so nothing on screen changes.
  const serverPage = root.dataset.page !== undefined && !sessionState().user
  if (serverPage) {
    await nextTask()
    await Promise.all([router.load(), content, scheduleReady])
  }
  if (serverPage && showsServerPage(root, router)) {
    // The router renders the tree it renders on a server (without its own Suspense around the
    // matches), as when it hydrates a page of its own server rendering.
    router.ssr = { manifest: undefined }
    // As a transition: React yields to the browser every few milliseconds instead of taking the
    // page over in one long task (a slow phone's Total Blocking Time, docs/0024). An update of the
    // session store while it is under way would make React render the whole root anew on the
    // device, dropping the server's HTML of the next training day until its code is here (a
    // shift, docs/0023): the visitor's session check waits for the hydration's commit (below).
    startTransition(() => {
      hydrateRoot(root, app, {
        onCaughtError: reportCaughtError,
        // The address or the language changed while React was taking the page over (a navigation
        // during the start): React renders the page anew on the device, which is right; a warning.
        onRecoverableError: (error) => console.warn(SERVER_PAGE_RENDERED_ANEW, error),
      })
    })
  } else {
    // The device's own page: a device that had a user never shows a visitor's page, and a clock
    // on another day than the server's shows its own day. A server's page stays on screen until
    // then: React empties the root when it commits its own (no blank moment; docs/0024).
    // The first render as a transition: React yields to the browser every few milliseconds
    // instead of building the whole first screen in one long task, so a tap or a paint is not
    // held up by it (a slow phone's Total Blocking Time, docs/0022).
    // What a visitor's page left for the first touch is the device's own page's now (docs/0052).
    touchedNow()
    const created = createRoot(root, { onCaughtError: reportCaughtError })
    startTransition(() => created.render(app))
  }
  keepSessionFresh()
  await Promise.all([firstScreen, firstCommit])
  await markFirstScreenShown()
  // What follows the first screen, a task each (a request started takes the main thread a while).
  // The service worker's install downloads the whole precache: not while the first screen's own
  // chunks load (their `load` event comes before them), docs/0056.
  void registerServiceWorker().catch((e) => console.warn(e))
  if (askAfterFirstScreen) void firstTouch().then(refreshSession)
  else if (!askFirst) void refreshSession()
  await nextTask()
  startUpdateChecks(bus)
  await nextTask()
  // The installed app reads every public page offline: their text is fetched once per start,
  // one page after another, and the service worker keeps it (docs/0050).
  if (matchMedia('(display-mode: standalone)').matches) void keepPagesOffline()
  // The home page's text, asked for once the service worker serves this page, so that it keeps
  // the answer and the app opens on `/` offline after any first visit (docs/0050).
  else keepHomeOffline()
  await nextTask()
  // Live updates are not needed to show the first page, and a visitor is never connected: their
  // code loads after it, once someone is signed in (docs/0052).
  const startLive = () =>
    void import('./live/client').then(({ startLiveClient }) =>
      startLiveClient({
        bus,
        status: live,
        user: () => {
          const { user, lapsed } = sessionState()
          return user && !lapsed ? user.username : null
        },
        subscribeSession,
      }),
    )
  // A device that had a user connects once the session is known: a session that ended
  // overnight is lapsed then, and a lapsed device is not connected (docs/0056).
  await sessionKnown()
  if (sessionState().user) startLive()
  else {
    const stopWaiting = subscribeSession(() => {
      if (!sessionState().user) return
      stopWaiting()
      startLive()
    })
  }
}

void start()
