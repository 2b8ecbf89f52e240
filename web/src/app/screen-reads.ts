// What each screen reads from the server, run by the router as its route's loader (docs/0036): the
// router waits for it (showing the one "Loading…" line), shows the one failure block with "Try
// again" when it fails, reads again when the parts of the address it depends on change, when the
// session changes and when a screen asks it to (router.invalidate()). Screens on synced data
// read the device's local view instead and have no entry here. Each read's code is loaded with
// it (a dynamic import), so the first route carries only this table.
// To give a screen a server read, add one entry here and read it with useScreenRead(path).
import { useLoaderData } from '@tanstack/react-router'
import { api } from '../api/api'
import { settled } from './settled'

export { settled, type Settled } from './settled'

type Search = Record<string, unknown>

interface ScreenRead<D extends object, T> {
  /** The parts of the address the read depends on: a change reads again. */
  deps: (search: Search) => D
  read: (deps: D) => Promise<T>
}

const screenRead = <D extends object, T>(read: ScreenRead<D, T>) => read
const noDeps = () => ({})
const text = (value: unknown) => (typeof value === 'string' ? value : '')

const certificates = () => import('../certificates/certificates-api').then((m) => m.certificatesApi)
const photos = () => import('../photos/photos-api')

/** The scope of /ATMcertsList's `?scope=` (a programme year, or `programme`); year 1 if none. */
export function certificateScope(value: unknown) {
  if (value === 'programme') return { kind: 'programme' as const }
  const year = Number(value)
  return { kind: 'year' as const, year: Number.isInteger(year) && year > 0 ? year : 1 }
}

/** The programme year of /sosolci's `?year=`; none means every year of mine. */
export function classmatesYear(value: unknown): number | undefined {
  const year = Number(value)
  return value !== undefined && value !== '' && Number.isInteger(year) && year > 0
    ? year
    : undefined
}

export const MAKEUP_TABS = ['sessions', 'needs', 'settings'] as const
export type MakeupTab = (typeof MAKEUP_TABS)[number]

/** The tab of /nadomescanja's `?tab=`; the sessions if none or unknown. */
export function makeupTab(value: unknown): MakeupTab {
  return MAKEUP_TABS.find((tab) => tab === value) ?? 'sessions'
}

/** Keyed by the route's path in lower case, as web/src/app/screens.ts. */
export const SCREEN_READS = {
  '/atmcertslist': screenRead({
    deps: (search) => ({ scope: certificateScope(search.scope) }),
    read: async ({ scope }) => ({ scope, rows: await (await certificates()).list(scope) }),
  }),
  '/atmcerts': screenRead({
    deps: (search) => ({ id: text(search.id) }),
    read: async ({ id }) => (id ? (await certificates()).get(id) : null),
  }),
  '/organisedeventcerts': screenRead({
    deps: noDeps,
    read: async () => (await certificates()).eventDays(),
  }),
  '/potrdilo': screenRead({
    deps: (search) => ({ code: text(search.koda) }),
    // A code that is not there is an answer to show beside the form, not a failed screen.
    read: async ({ code }) => {
      if (!code) return null
      const [api, { ID_LENGTH, normaliseCode }, { sessionState }] = await Promise.all([
        certificates(),
        import('@lfit/domain/certificates/code'),
        import('../session/session'),
      ])
      const check = await settled(api.verify(code))
      // Whole, to print, only for its holder and the issuers: the server refuses anyone else,
      // who sees what the check answers.
      const id = (normaliseCode(code) ?? code).slice(0, ID_LENGTH)
      const full = check.ok && sessionState().user ? await api.get(id).catch(() => null) : null
      return { code, check, full }
    },
  }),
  '/auth/newpassword': screenRead({
    deps: (search) => ({ token: search.token }),
    read: async ({ token }) => {
      const { linkTokenSchema } = await import('@lfit/domain/users/password-link')
      const parsed = linkTokenSchema.safeParse(token)
      if (!parsed.success) return null
      return { token: parsed.data, check: await api.auth('checkPasswordLink', { token }) }
    },
  }),
  '/mojracun': screenRead({
    deps: noDeps,
    // The synced sections show offline; only these three need the server.
    read: async () => {
      const [{ accountApi }, certificatesApi, { loadMyEnrolments }, { sessionState }] =
        await Promise.all([
          import('../account/account-api'),
          certificates(),
          import('../account/MyEnrolments'),
          import('../session/session'),
        ])
      const username = sessionState().user?.username ?? ''
      const [profile, mine, enrolments] = await Promise.all([
        settled(accountApi.profile()),
        settled(certificatesApi.mine()),
        settled(loadMyEnrolments(username)),
      ])
      return { profile, certificates: mine, enrolments }
    },
  }),
  '/nadomescanje': screenRead({
    deps: noDeps,
    read: async () => {
      const { loadUpcoming } = await import('../makeups/public/upcoming')
      return { upcoming: await settled(loadUpcoming()) }
    },
  }),
  '/nadomescanja': screenRead({
    // The tab and the session whose sign-ups are open (?signups=) are in the address.
    deps: (search) => {
      const tab = makeupTab(search.tab)
      return { tab, signups: tab === 'sessions' ? text(search.signups) : '' }
    },
    read: async (deps) => (await import('../makeups/admin/admin-api')).readMakeupAdmin(deps),
  }),
  '/prijavanadomescanje': screenRead({
    deps: noDeps,
    // Not awaited: the screen is on synced data and shows at once; the free places follow.
    read: async () => {
      const { readFreePlaces } = await import('../makeups/signup/use-free-places')
      return { freePlaces: readFreePlaces() }
    },
  }),
  '/urejanjestrani': screenRead({
    deps: (search) => ({ page: text(search.stran), post: text(search.novica) }),
    read: async ({ page, post }) => {
      const pages = await import('../content/edit/pages-api')
      const [index, news, open] = await Promise.all([
        pages.loadPageIndex(),
        pages.loadAllNews(),
        page
          ? Promise.all([pages.loadPage(page), pages.loadVersions(page)]).then(
              ([view, versions]) => ({ page: view, versions }),
            )
          : null,
      ])
      return { pages: index, news, open, post }
    },
  }),
  '/prijave': screenRead({
    deps: noDeps,
    read: async () => (await import('../applications/applications-api')).loadApplications(),
  }),
  '/auth/users': screenRead({
    // The user whose editor is open (?uredi=, their id): the editor shows their enrolments. The
    // list's page and filters (?iskanje=, ?vloga=, ?stanje=, ?stran=) are read by the server.
    deps: (search) => ({
      uredi: text(search.uredi),
      iskanje: text(search.iskanje),
      vloga: text(search.vloga),
      stanje: text(search.stanje),
      stran: text(search.stran),
    }),
    read: async (address) => (await import('../admin/users-api')).readUsersAt(address),
  }),
  '/analitika': screenRead({
    // The span of days (?od=, ?do=); none: the server's default, the last 30 days.
    deps: (search) => ({ from: text(search.od), to: text(search.do) }),
    read: async (span) => (await import('../analytics/visits-api')).readVisits(span),
  }),
  '/projects': screenRead({
    deps: noDeps,
    // The material counts are the device's; only the members need the server.
    read: async () => settled((await import('../admin/users-api')).loadUsers()),
  }),
  '/prijavezadan': screenRead({
    deps: noDeps,
    read: async () => (await import('../signup-lists/signups-api')).loadSignups('signup'),
  }),
  '/prijavenadogodke': screenRead({
    deps: noDeps,
    read: async () => (await import('../signup-lists/signups-api')).loadSignups('reservation'),
  }),
  '/udelezenci': screenRead({
    deps: noDeps,
    read: async () => (await import('../participants/participants-api')).loadParticipantData(),
  }),
  '/dir': screenRead({
    deps: noDeps,
    read: async () => (await import('../file-directory/files-api')).loadFiles(),
  }),
  '/sosolci': screenRead({
    deps: (search) => ({ year: classmatesYear(search.year) }),
    read: async ({ year }) => {
      const { classmatesAnswerSchema } = await import('@lfit/domain/users/account')
      const payload = year === undefined ? {} : { year }
      return api.action('/api/classmates', payload, classmatesAnswerSchema, 'read')
    },
  }),
  '/photos': screenRead({
    deps: (search) => ({ album: text(search.album), requests: search.requests !== undefined }),
    // Which of the three views the address asks for; PhotosScreen shows the same one.
    read: async ({ album, requests }) => {
      const { isPhotoEditor } = await import('@lfit/domain/photos/access')
      const { loadAlbum, loadAlbums, loadHideRequests } = await photos()
      const { sessionState } = await import('../session/session')
      if (requests && isPhotoEditor(sessionState().user)) {
        return { view: 'requests' as const, requests: await loadHideRequests() }
      }
      if (album) {
        // A photo editor's dialog moves a photo to another album: the albums come with the album,
        // and a failure of theirs is shown in the dialog, not instead of the photos.
        const [answer, others] = await Promise.all([
          loadAlbum(album),
          isPhotoEditor(sessionState().user) ? settled(loadAlbums()) : null,
        ])
        return { view: 'album' as const, album: answer, others }
      }
      return { view: 'albums' as const, albums: await loadAlbums() }
    },
  }),
  '/urejanjeurnika': screenRead({
    deps: noDeps,
    // The server's calendar (the tab takes it) and its history of changes.
    read: async () => (await import('../planner/calendar-api')).readPlanner(),
  }),
  '/test/email': screenRead({
    deps: noDeps,
    read: async () => {
      const [{ isAdmin }, { sessionState }] = await Promise.all([
        import('@lfit/domain/access/roles'),
        import('../session/session'),
      ])
      // The page is open to all; only an administrator's has the queue to read.
      const user = sessionState().user
      if (!user || !isAdmin({ roles: user.roles })) return null
      const { mailQueueAnswerSchema } = await import('@lfit/domain/dev-pages/wire')
      return api.action('/api/dev/mail/queue', {}, mailQueueAnswerSchema, 'read')
    },
  }),
}

export type ScreenReads = typeof SCREEN_READS
export type ReadPath = keyof ScreenReads
export type ReadOf<P extends ReadPath> = Awaited<ReturnType<ScreenReads[P]['read']>>

/** The read of a route's entry, if it has one, as the router calls it. */
export function screenReadOf(
  path: string,
): { deps: (search: object) => object; read: (deps: object) => Promise<unknown> } | undefined {
  const reads: Record<
    string,
    { deps: (search: Search) => object; read: (deps: never) => unknown }
  > = SCREEN_READS
  const entry = reads[path.toLowerCase()]
  if (!entry) return undefined
  return {
    deps: (search) => entry.deps(search as Search),
    read: async (deps) => (entry.read as (deps: object) => Promise<unknown>)(deps),
  }
}

/**
 * What the router read for the screen on display (`path` names its entry, for its type). The
 * router renders the screen only once the read is in, so the answer is there.
 */
export function useScreenRead<P extends ReadPath>(_path: P): ReadOf<P> {
  return useLoaderData({ strict: false }) as ReadOf<P>
}
