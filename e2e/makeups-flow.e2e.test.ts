// Issue 13's make-up flow in Chromium against the real server: a participant marked absent on the
// studio tablet sees the outstanding day and the session that covers it on their phone, signs
// up, is marked present at the make-up session on the tablet while it is offline, and once the
// tablet has synced the day shows as made up on the phone. The participant is created for this
// test (no demo participant is touched); the session through the make-up API as an admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Packr } from 'msgpackr'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { schedule, type StudyDay } from '@lfit/domain/schedule'
import { localDayStr } from '@lfit/domain/schedule/time'
import {
  baseURL,
  goOffline,
  goOnline,
  guardConsole,
  launch,
  login,
  newContext,
  type ConsoleGuard,
} from './support/browser'

const TABLET = { width: 1024, height: 768 }
const PHONE = { width: 390, height: 844 }
const UNREACHABLE =
  /Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|CONNECTION_(REFUSED|RESET))/
const packr = new Packr({ useRecords: false, mapsAsObjects: true })
const RUN = Date.now().toString(36)
const PARTICIPANT = `makeup.${RUN}@example.si`
const PASSWORD = 'a make-up password'
const SESSION_ID = `e2e-makeup-${RUN}`

/** The latest study day before today of years 1 to 4: past, so missing it counts. */
const missedDay = (() => {
  const today = localDayStr(Date.now())
  const past = schedule().days.filter(
    (d): d is StudyDay => !d.freeDay && d.year <= 4 && d.dayStr < today,
  )
  const day = past.at(-1)
  if (!day) throw new Error('the schedule has no past study day')
  return day
})()

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

interface Device {
  context: BrowserContext
  page: Page
  guard: ConsoleGuard
}

async function device(viewport: { width: number; height: number }): Promise<Device> {
  const context = await newContext(browser, { viewport })
  const guard = guardConsole(context)
  guard.allow(UNREACHABLE)
  return { context, page: await context.newPage(), guard }
}

/** One call of the app's API as the user signed in on `context` (msgpack, as the app sends). */
async function call(context: BrowserContext, path: string, body: unknown): Promise<unknown> {
  const response = await context.request.post(path, {
    headers: {
      'content-type': 'application/msgpack',
      accept: 'application/msgpack',
      origin: baseURL(),
    },
    data: Buffer.from(packr.pack(body)),
  })
  const answer = packr.unpack(await response.body()) as unknown
  expect(response.status(), JSON.stringify(answer)).toBe(200)
  return answer
}

const synced = (page: Page) =>
  page.locator('details.sync-status[data-pending="0"]').waitFor({ timeout: 60_000 })

/** Controls in `scope` smaller than a finger (44 × 44 px), by their bounding boxes. */
const tooSmall = (page: Page, scope: string) =>
  page.locator(`${scope} :is(button, input, select, a.btn)`).evaluateAll((elements) =>
    elements
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
      .map(({ element }) => element.outerHTML.slice(0, 80)),
  )

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

describe('a missed day made up at a make-up session', () => {
  it('absent on the tablet, outstanding on the phone, signed up, marked present offline, made up after sync', async () => {
    const day = missedDay
    const session = {
      _id: SESSION_ID,
      // Sign-ups close when a session starts: it is held tomorrow while the participant signs up.
      dayStr: localDayStr(Date.now() + 86_400_000),
      fromHour: '10:00',
      toHour: '12:00',
      place: 'Studio Gibanje, Ljubljana',
      capacity: 5,
      covers: { segments: [day.segment], days: [] },
      educator: 'educator@demo.test',
      note: '',
      scheduleDays: [],
    }

    // The admin adds the participant to the missed day's programme year, and the session.
    const admin = await device({ width: 1280, height: 800 })
    await login(admin.page, 'admin')
    await call(admin.context, '/api/db/users/insert', {
      insert: {
        username: PARTICIPANT,
        password: PASSWORD,
        firstName: 'Nika',
        lastName: `Nadomestek ${RUN}`,
        status: 'active',
        roles: ['participant'],
        year: day.year,
      },
    })

    // The presence editor marks them absent on the day (a tap marks present, the next absent).
    const tablet = await device(TABLET)
    await login(tablet.page, 'presenceEditor')
    await tablet.page.goto(`/ETAB?year=${day.year}&segment=${day.segment}&day=${day.dayStr}`)
    const row = tablet.page.locator(`li.etab-row[data-participant="${PARTICIPANT}"]`)
    await row.waitFor({ timeout: 60_000 })
    await row.locator('.etab-person').click()
    await tablet.page
      .locator(`li.etab-row[data-participant="${PARTICIPANT}"][data-mark="present"]`)
      .waitFor()
    await row.locator('.etab-person').click()
    await tablet.page
      .locator(`li.etab-row[data-participant="${PARTICIPANT}"][data-mark="absent"]`)
      .waitFor()
    await synced(tablet.page)
    await call(admin.context, '/api/makeups/create', session)

    // On their phone the participant sees the day to make up and the session that covers it.
    const phone = await device(PHONE)
    await login(phone.page, '', { username: PARTICIPANT, password: PASSWORD })
    await phone.page.goto('/mojRacun')
    const outstanding = phone.page.locator(
      `[data-section="standing"] li[data-outstanding="${day.id}"]`,
    )
    await outstanding.locator(`li[data-session="${SESSION_ID}"]`).waitFor({ timeout: 60_000 })
    expect(await outstanding.textContent()).toContain('Studio Gibanje')
    expect(await scrollsSideways(phone.page)).toBe(false)
    expect(await tooSmall(phone.page, '[data-section="standing"]')).toEqual([])
    // The day links to what was studied on it: its segment's material on /gradiva.
    const material = outstanding.locator(`a[data-material-link="${day.year}:${day.segment}"]`)
    expect(await material.getAttribute('href')).toBe(
      `/gradiva?year=${day.year}&segment=${day.segment}`,
    )
    await material.click()
    // The segment's material, or the word that it has none yet (the demo seeds some segments').
    await phone.page
      .locator('.route[data-route="/gradiva"] :is([data-empty], [data-material])')
      .first()
      .waitFor()
    expect(new URL(phone.page.url()).search).toBe(`?year=${day.year}&segment=${day.segment}`)
    await phone.page.goBack()
    await outstanding.waitFor()

    // They sign up (the sign-up screen is /prijavaNadomescanje; here its API call).
    const answer = (await call(phone.context, '/api/makeups/signUp', {
      sessionId: SESSION_ID,
    })) as { signup: { status: string } }
    expect(answer.signup.status).toBe('confirmed')

    // The day of the session comes: the editor moves it to today, as if the test had waited.
    await call(admin.context, '/api/makeups/update', {
      ...session,
      dayStr: localDayStr(Date.now()),
    })

    // On the tablet the session is a sheet of its own; the participant is on its list.
    await tablet.page.goto(`/ETAB?makeup=${SESSION_ID}`)
    const signedUp = tablet.page.locator(
      `section.etab[data-makeup="${SESSION_ID}"] li.etab-row[data-participant="${PARTICIPANT}"]`,
    )
    await signedUp.waitFor({ timeout: 60_000 })
    expect(await tooSmall(tablet.page, 'section.etab')).toEqual([])
    // Someone who comes without signing up can be added; our participant is on the list already.
    const walkIn = tablet.page.locator('select[name="walkIn"]')
    expect(await walkIn.locator('option').count()).toBeGreaterThan(1)
    expect(await walkIn.locator(`option[value="${PARTICIPANT}"]`).count()).toBe(0)

    // Offline, the editor marks them present: queued on the tablet, shown at once.
    await goOffline(tablet.context)
    await signedUp.locator('.etab-person').click()
    await tablet.page
      .locator(
        `li.etab-row[data-participant="${PARTICIPANT}"][data-mark="present"][data-pending="1"]`,
      )
      .waitFor()
    await tablet.page.locator('details.sync-status[data-pending="1"]').waitFor()

    // Back online the tablet syncs; the participant's phone shows the day as made up.
    await goOnline(tablet.context)
    await synced(tablet.page)
    await phone.page.reload()
    await phone.page
      .locator(`[data-section="standing"] li[data-made-up="${day.id}"]`)
      .waitFor({ timeout: 60_000 })
    expect(await phone.page.locator(`li[data-outstanding="${day.id}"]`).count()).toBe(0)
    // The same figures under their attendance graph, in Slovenian, on the phone's width.
    await phone.page.goto('/prisotnostGraf?lang=SI')
    await phone.page
      .locator(`.graph-standing li[data-made-up="${day.id}"]`)
      .waitFor({ timeout: 60_000 })
    expect(await phone.page.locator('.graph-standing').textContent()).toContain('Nadomeščeno')
    expect(await scrollsSideways(phone.page)).toBe(false)

    for (const each of [admin, tablet, phone]) {
      each.guard.check()
      await each.context.close()
    }
  })
})
