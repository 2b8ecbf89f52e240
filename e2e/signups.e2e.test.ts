// The sign-up for a day (/prijavaZaDan) and the reservation (/rezervacija) in Chromium, against
// a server of their own whose clock reads the browser's fixed day (TEST_CLOCK_START): a valid one
// is stored and confirmed, an invalid one refused with nothing stored, and a day that has passed
// refused by the form and by the server with its message (docs/product-rules.md#sign-ups-and-reservations).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Packr } from 'msgpackr'
import type { Browser, BrowserContext } from 'playwright-core'
import { FORM_MESSAGES, splitBilingual } from '@lfit/domain/messages/validation'
import { schedule } from '@lfit/domain/schedule'
import { DEMO_PASSWORD, demoUser, guardConsole, launch, newContext } from './support/browser'
import { serverOfItsOwn } from './support/own-server'

/** A wall-clock time in Ljubljana (CET in November) as a Date. */
const ljubljana = (isoLocal: string) => new Date(`${isoLocal}+01:00`)

/** The server's clock starts here, the browser's day in these tests. */
const SERVER_START = ljubljana('2026-11-10T12:00:00')

const server = serverOfItsOwn('signups', { TEST_CLOCK_START: SERVER_START.toISOString() })
let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

/** A context on this server whose pages all read `now` from Date (timers keep running). */
async function contextAt(now: Date) {
  const context = await newContext(browser, { baseURL: server.url })
  await context.clock.setFixedTime(now)
  return context
}
// ---------------------------------------------------------------------------------------------
// /prijavaZaDan

const MSGPACK = 'application/msgpack'
const packr = new Packr({ useRecords: false, mapsAsObjects: true })

/** One call of the data API from `context` (its cookies), as the app makes it. */
async function dbCall(
  context: BrowserContext,
  collection: string,
  operation: string,
  payload: unknown,
) {
  const response = await context.request.post(`/api/db/${collection}/${operation}`, {
    headers: { 'content-type': MSGPACK, accept: MSGPACK, origin: server.url },
    data: packr.pack(payload),
  })
  return { status: response.status(), body: packr.unpack(await response.body()) as unknown }
}

/** A visitor's sign-up sent straight to the server, as the form sends it. */
async function signupCall(context: BrowserContext, body: unknown) {
  const response = await context.request.post('/api/signups/eventDay', {
    headers: { 'content-type': MSGPACK, accept: MSGPACK, origin: server.url },
    data: packr.pack(body),
  })
  return { status: response.status(), body: packr.unpack(await response.body()) as unknown }
}

/** A context logged in as the demo admin, to read what visitors stored. */
async function adminContext(): Promise<BrowserContext> {
  const context = await newContext(browser, { baseURL: server.url })
  const response = await context.request.post('/api/auth/login', {
    headers: { 'content-type': MSGPACK, accept: MSGPACK, origin: server.url },
    data: packr.pack({ username: demoUser('admin'), password: DEMO_PASSWORD }),
  })
  expect(response.status()).toBe(200)
  return context
}

type Signup = Record<string, unknown>

describe('/prijavaZaDan', () => {
  const now = ljubljana('2026-11-10T12:00:00')
  let admin: BrowserContext
  beforeAll(async () => {
    admin = await adminContext()
  })
  afterAll(async () => {
    await admin?.close()
  })
  const storedSignups = async () => {
    const answer = await dbCall(admin, 'eventSignups', 'find', { query: {} })
    expect(answer.status).toBe(200)
    return answer.body as Signup[]
  }

  it('stores a valid sign-up and confirms it', async () => {
    const context = await contextAt(now)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/prijavaZaDan')
    const form = page.locator('form')
    await form.locator('select[name="dayId"] option[value]').nth(1).waitFor({ state: 'attached' })
    // The days offered are the study days still ahead: the last block, 16–20 November.
    const days = await form
      .locator('select[name="dayId"] option')
      .evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
      )
    expect(days).toEqual([
      'lfit_20261116',
      'lfit_20261117',
      'lfit_20261118',
      'lfit_20261119',
      'lfit_20261120',
    ])
    const unique = `${Date.now().toString(36)}`
    await form.locator('input[name="name"]').fill(`Eva Tester ${unique}`)
    await form.locator('input[name="email"]').fill(`Eva.${unique}@Example.SI`)
    await form.locator('input[name="phone"]').fill('041 555 123')
    await form.locator('select[name="dayId"]').selectOption('lfit_20261118')
    await form.locator('button[type="submit"]').click()

    const confirmation = page.locator('[data-testid="signup-confirmation"]')
    await confirmation.waitFor()
    expect(await confirmation.innerText()).toContain(`Eva Tester ${unique}`)

    const mine = (await storedSignups()).filter((s) => s.name === `Eva Tester ${unique}`)
    expect(mine).toEqual([
      {
        _id: expect.any(String),
        name: `Eva Tester ${unique}`,
        email: `eva.${unique}@example.si`,
        phone: '38641555123',
        dayId: 'lfit_20261118',
        // The server's clock says when it arrived (it starts at the browser's day and runs on).
        createdAt: expect.stringMatching(/^2026-11-10T11:/),
        status: 'received',
        // The form's language (English by default), for the e-mails.
        language: 'en',
      },
    ])
    guard.check()
    await context.close()
  })

  for (const [query, messages] of [
    ['EN', { required: 'required', email: 'e-mail not valid', phone: 'mobile number not valid' }],
    ['SI', { required: 'obvezno', email: 'e-naslov ni veljaven', phone: 'številka ni veljavna' }],
  ] as const) {
    it(`refuses an invalid sign-up with the product's messages (${query}) and stores nothing`, async () => {
      const before = await storedSignups()
      const context = await contextAt(now)
      const guard = guardConsole(context)
      const page = await context.newPage()
      const inserts: string[] = []
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/signups/')) {
          inserts.push(request.url())
        }
      })
      await page.goto(`/prijavaZaDan?lang=${query}`)
      const form = page.locator('form')
      await form.locator('input[name="email"]').fill('eva@example')
      await form.locator('input[name="phone"]').fill('+386 1 234 56 78')
      await form.locator('button[type="submit"]').click()

      const errorOf = (selector: string) =>
        form.locator(`.field:has(${selector}) .field-error[role="alert"]`)
      await errorOf('input[name="name"]').waitFor()
      expect(await errorOf('input[name="name"]').innerText()).toBe(messages.required)
      expect(await errorOf('input[name="email"]').innerText()).toBe(messages.email)
      expect(await errorOf('input[name="phone"]').innerText()).toBe(messages.phone)
      expect(await errorOf('select[name="dayId"]').innerText()).toBe(messages.required)
      expect(await form.locator('[aria-invalid="true"]').count()).toBe(4)
      expect(await page.locator('[data-testid="signup-confirmation"]').count()).toBe(0)
      expect(inserts).toEqual([])

      // The server refuses the same input on its own, with the message per field.
      const direct = await signupCall(context, {
        name: ' ',
        email: 'eva@example',
        phone: '+386 1 234 56 78',
        dayId: 'lfit_20261101',
      })
      expect(direct.status).toBe(400)
      expect((direct.body as { error: { fields: unknown } }).error.fields).toEqual({
        name: { sl: 'obvezno', en: 'required' },
        email: { sl: 'e-naslov ni veljaven', en: 'e-mail not valid' },
        phone: { sl: 'številka ni veljavna', en: 'mobile number not valid' },
        dayId: { sl: 'Oblika ni veljavna', en: 'Invalid format' },
      })
      expect(await storedSignups()).toEqual(before)
      guard.check()
      await context.close()
    })
  }
})

describe('/rezervacija', () => {
  it('stores a reservation with its message, confirms it, and refuses a bad phone', async () => {
    const now = ljubljana('2026-11-10T12:00:00')
    const admin = await adminContext()
    const context = await contextAt(now)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/rezervacija')
    const form = page.locator('form')
    await form.locator('select[name="dayId"] option[value]').nth(1).waitFor({ state: 'attached' })
    const unique = `${Date.now().toString(36)}`
    await form.locator('input[name="name"]').fill(`Ana Rezerva ${unique}`)
    await form.locator('input[name="email"]').fill(`ana.${unique}@example.si`)
    await form.locator('input[name="phone"]').fill('12')
    await form.locator('select[name="dayId"]').selectOption('lfit_20261119')
    await form.locator('textarea[name="message"]').fill('Two places, please.')
    await form.locator('button[type="submit"]').click()
    await form.getByText('mobile number not valid').waitFor()
    const stored = async () =>
      ((await dbCall(admin, 'reservations', 'find', { query: {} })).body as Signup[]).filter(
        (r) => r.name === `Ana Rezerva ${unique}`,
      )
    expect(await stored()).toEqual([])

    await form.locator('input[name="phone"]').fill('+386 41 555 124')
    await form.locator('button[type="submit"]').click()
    await page.locator('[data-testid="signup-confirmation"]').waitFor()
    expect(await stored()).toEqual([
      {
        _id: expect.any(String),
        name: `Ana Rezerva ${unique}`,
        email: `ana.${unique}@example.si`,
        phone: '38641555124',
        dayId: 'lfit_20261119',
        message: 'Two places, please.',
        // The server's clock says when it arrived (it starts at the browser's day and runs on).
        createdAt: expect.stringMatching(/^2026-11-10T11:/),
        status: 'received',
        language: 'en',
      },
    ])
    guard.check()
    await context.close()
    await admin.close()
  })
})

describe('a day that has passed', () => {
  const passed = splitBilingual(FORM_MESSAGES.dayPassed)

  it('is refused by the form when the day ends while it is open, and by the server', async () => {
    const context = await contextAt(ljubljana('2026-11-16T12:00:00'))
    const guard = guardConsole(context)
    const page = await context.newPage()
    const inserts: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/signups/')) {
        inserts.push(request.url())
      }
    })
    await page.goto('/prijavaZaDan?lang=EN')
    const form = page.locator('form')
    const day = form.locator('select[name="dayId"]')
    // The day runs 14:00–18:00: in the morning it is offered.
    await day.locator('option[value="lfit_20261116"]').waitFor({ state: 'attached' })
    await form.locator('input[name="name"]').fill('Eva Late')
    await form.locator('input[name="email"]').fill('eva.late@example.si')
    await form.locator('input[name="phone"]').fill('041 555 125')
    await day.selectOption('lfit_20261116')
    // The form stays open until the evening.
    await context.clock.setFixedTime(ljubljana('2026-11-16T18:30:00'))
    await form.locator('button[type="submit"]').click()
    const error = form.locator('.field:has(select[name="dayId"]) .field-error[role="alert"]')
    await error.getByText(passed.en).waitFor()
    expect(inserts).toEqual([])
    expect(await day.locator('option[value="lfit_20261116"]').count()).toBe(0)
    expect(await form.locator('input[name="name"]').inputValue()).toBe('Eva Late')

    // Whatever the device's clock says, the server refuses a day over by its own clock.
    const over = schedule().days.filter((d) => !d.freeDay && d.to <= SERVER_START.getTime())
    const lastOver = over.at(-1)?.id
    expect(lastOver).toBeDefined()
    const direct = await signupCall(context, {
      name: 'Eva',
      email: 'eva@example.si',
      phone: '041 555 125',
      dayId: lastOver,
    })
    expect(direct.status).toBe(400)
    expect((direct.body as { error: { fields: unknown } }).error.fields).toEqual({
      dayId: passed,
    })
    guard.check()
    await context.close()
  })
})
