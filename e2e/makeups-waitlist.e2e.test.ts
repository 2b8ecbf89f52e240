// A full make-up session's waitlist on participants' phones, in Chromium against the real server
// (docs/product-rules.md#signing-up-on-a-device): the one place goes to the first to sign up,
// the next joins the waitlist and is promoted, with an e-mail, the moment the first cancels;
// a sign-up made offline waits on the phone and is decided once it is online again. Also what
// a visitor sees on /nadomescanje.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Packr } from 'msgpackr'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { schedule, type StudyDay } from '@lfit/domain/schedule'
import { addDays, localDayStr } from '@lfit/domain/schedule/time'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { SYNC_PROTOCOL_VERSION, type Mutation } from '@lfit/domain/sync/protocol'
import {
  DEMO_PASSWORD,
  demoUser,
  goOffline,
  goOnline,
  guardConsole,
  launch,
  login,
  newContext,
  type ConsoleGuard,
} from './support/browser'
import { e2eDataDir, waitForMail } from './support/mail'

const PHONE = { width: 390, height: 844 }
const MSGPACK = 'application/msgpack'
const UNREACHABLE = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/
const packr = new Packr({ useRecords: false, mapsAsObjects: true })

/** Two demo participants of year 4 that no other e2e file uses. */
const A = { username: 'neza.zajc@demo.test', name: 'Neža Zajc' }
const B = { username: 'nejc.schmidt@demo.test', name: 'Nejc Schmidt' }
const YEAR = 4

/** The latest past study day of their year: both are marked absent there. */
const missedDay: StudyDay = (() => {
  const past = schedule().days.filter(
    (d): d is StudyDay => !d.freeDay && d.year === YEAR && d.to <= Date.now(),
  )
  const day = past.at(-1)
  if (!day) throw new Error('the schedule has no past study day of year 4')
  return day
})()

const RUN = Date.now().toString(36)
const inTenDays = addDays(localDayStr(Date.now()), 10)
const SMALL = {
  _id: `e2e-waitlist-${RUN}`,
  dayStr: inTenDays,
  fromHour: '17:00',
  toHour: '20:00',
  place: 'Studio Gibanje, Ljubljana',
  capacity: 1,
  covers: { segments: [], days: [missedDay.id] },
  educator: demoUser('educator'),
  note: '',
}
const LATER = { ...SMALL, _id: `e2e-offline-${RUN}`, dayStr: addDays(inTenDays, 1), capacity: 5 }

let browser: Browser

async function post(context: BrowserContext, path: string, payload: unknown): Promise<unknown> {
  const response = await context.request.post(path, {
    headers: { 'content-type': MSGPACK, accept: MSGPACK },
    data: Buffer.from(packr.pack(payload)),
  })
  expect(response.status(), path).toBe(200)
  return packr.unpack(await response.body())
}

async function asStaff(role: string): Promise<BrowserContext> {
  const context = await newContext(browser)
  await post(context, '/api/auth/login', { username: demoUser(role), password: DEMO_PASSWORD })
  return context
}

/** Both are marked absent on the missed day, as the tablet would record it. */
async function markAbsent(context: BrowserContext, participants: string[]): Promise<void> {
  const batch: Mutation[] = participants.map((participant, counter) => ({
    id: `e2e-waitlist-${RUN}-${counter}`,
    collection: 'attendance',
    recordId: `${missedDay.id}:${participant}`,
    hlc: encodeHlc({ wall: Date.now(), counter, node: 'e2e-waitlist' }),
    deviceId: 'e2e-waitlist',
    fields: { mark: 'absent' },
  }))
  const body = (await post(context, '/api/db/attendance/upsertBatch', {
    v: SYNC_PROTOCOL_VERSION,
    batch,
  })) as { results: { status: string }[] }
  expect(body.results.map((r) => r.status)).toEqual(['applied', 'applied'])
}

interface Phone {
  context: BrowserContext
  page: Page
  guard: ConsoleGuard
}

async function phone(who: { username: string }, start = '/prijavaNadomescanje'): Promise<Phone> {
  const context = await newContext(browser, { viewport: PHONE })
  const guard = guardConsole(context)
  const page = await context.newPage()
  await login(page, '', { username: who.username })
  await page.goto(start)
  return { context, page, guard }
}

/** How far the page is wider than the phone's screen (0: nothing to scroll sideways). */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The session's card under the missed day (to sign up) or under the sign-ups (to cancel). */
const underDay = (page: Page, sessionId: string) =>
  page.locator(`.makeup-day[data-day="${missedDay.id}"] [data-session="${sessionId}"]`)
const mine = (page: Page, sessionId: string) =>
  page.locator(`section[aria-labelledby="makeup-mine-title"] [data-session="${sessionId}"]`)

beforeAll(async () => {
  browser = await launch()
  const editor = await asStaff('presenceEditor')
  await markAbsent(editor, [A.username, B.username])
  await editor.close()
  const admin = await asStaff('admin')
  await post(admin, '/api/makeups/create', SMALL)
  await post(admin, '/api/makeups/create', LATER)
  await admin.close()
})
afterAll(async () => {
  await browser?.close()
})

describe('make-up waitlist on a phone', () => {
  it('gives the one place to the first, waitlists the second and promotes them when the first cancels', async () => {
    // A comes from the policy page, which shows the limits in force and the way to sign up.
    const a = await phone(A, '/nadomescanje')
    await a.page
      .getByText('A trainee may miss at most 5 study days in one programme year', { exact: false })
      .waitFor()
    await a.page.getByRole('link', { name: 'Sign up for a make-up session' }).click()
    await a.page.waitForURL((url) => url.pathname === '/prijavaNadomescanje')
    const aCard = underDay(a.page, SMALL._id)
    await aCard.getByText('1 free place').waitFor()
    await aCard.getByRole('button', { name: 'Sign up' }).click()
    await mine(a.page, SMALL._id).getByText('Signed up: place confirmed').waitFor()
    await a.page.getByText(/^Sign-up for .*: confirmed, a place is held$/).waitFor()
    // The deadline is shown in full: 24 hours before the start, Ljubljana time.
    await mine(a.page, SMALL._id)
      .getByText(/^You can cancel until \w{3} \d{1,2} \w{3} \d{4}, 17:00$/)
      .waitFor()

    expect(await horizontalOverflow(a.page)).toBe(0)

    const b = await phone(B)
    const bCard = underDay(b.page, SMALL._id)
    await bCard.getByText('Full: you can join the waitlist').waitFor()
    await bCard.getByRole('button', { name: 'Join the waitlist' }).click()
    await mine(b.page, SMALL._id).getByText('On the waitlist, position 1').waitFor()

    await mine(a.page, SMALL._id).getByRole('button', { name: 'Cancel the sign-up' }).click()
    await a.page.getByRole('dialog').getByRole('button', { name: 'Cancel the sign-up' }).click()
    await a.page.getByText(/^Cancellation for .*: cancelled$/).waitFor()
    expect(await mine(a.page, SMALL._id).count()).toBe(0)

    await b.page.reload()
    await mine(b.page, SMALL._id).getByText('Signed up: place confirmed').waitFor()
    const notice = await waitForMail(e2eDataDir(), { to: B.username, kind: 'makeupPlaceConfirmed' })
    expect(notice.text).toContain('17:00')

    // The same in Slovenian, which is longer, still fits the phone.
    await b.page.goto('/prijavaNadomescanje?lang=SI')
    await mine(b.page, SMALL._id).getByText('Prijavljeni: mesto je potrjeno').waitFor()
    expect(await horizontalOverflow(b.page)).toBe(0)

    a.guard.check()
    b.guard.check()
    await a.context.close()
    await b.context.close()
  })

  it('keeps a sign-up made offline as waiting for the server, then shows the decision', async () => {
    const b = await phone(B)
    b.guard.allow(UNREACHABLE)
    const card = underDay(b.page, LATER._id)
    await card.getByRole('button', { name: 'Sign up' }).waitFor()
    await goOffline(b.context)
    await card.getByRole('button', { name: 'Sign up' }).click()
    await mine(b.page, LATER._id).getByText('Requested, waiting for the server').waitFor()
    await b.page.getByText('Requests waiting for the server are sent').waitFor()

    await goOnline(b.context)
    await mine(b.page, LATER._id).getByText('Signed up: place confirmed').waitFor()
    await b.page.getByText(/^Sign-up for .*: confirmed, a place is held$/).waitFor()
    b.guard.check()
    await b.context.close()
  })

  it('shows a visitor the policy and the sessions with free places, without names, on a phone', async () => {
    const context = await newContext(browser, { viewport: PHONE })
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/nadomescanje')
    await page.getByRole('heading', { name: 'Make-up lessons', level: 1 }).waitFor()
    await page.getByText('Sign in to see the limits in force.', { exact: false }).waitFor()
    const list = page.locator('.makeup-session-list')
    await list
      .getByText(/free place/)
      .first()
      .waitFor()
    const text = await list.innerText()
    expect(text).not.toContain(B.name)
    expect(text).not.toContain(A.name)
    // The full session is not offered to a visitor; the later one with free places is.
    expect(
      await page.locator('.makeup-session', { hasText: '4 free places' }).count(),
    ).toBeGreaterThan(0)
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await page.getByRole('link', { name: 'Sign up for a make-up session' }).count()).toBe(0)
    guard.check()
    await context.close()
  })

  it('lets a make-up editor find a participant by name and sign them up on their behalf', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'makeupEditor')
    await page.goto('/prijavaNadomescanje')
    // Accents are not needed to find "Neža Zajc".
    await page.getByRole('searchbox').fill('neza')
    await page.getByRole('button', { name: A.name }).click()
    await page.getByText(`Signing up ${A.name}`).waitFor()
    const card = page.locator(`[data-session="${LATER._id}"]`).first()
    await card.getByRole('button', { name: 'Sign up' }).click()
    const signups = page.locator('section[aria-labelledby="makeup-mine-title"]')
    await signups.getByRole('heading', { name: `Sign-ups of ${A.name}` }).waitFor()
    await signups
      .locator(`[data-session="${LATER._id}"]`)
      .getByText('Signed up: place confirmed')
      .waitFor()
    guard.check()
    await context.close()
  })
})
