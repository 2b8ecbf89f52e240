// Applications and enrolment in Chromium against the real server (docs/product-rules.md#enrolment):
// a visitor registers in Slovenian choosing a year, gets the "application received" e-mail in
// Slovenian; a registration editor accepts on /prijave (the history says who); the welcome
// e-mail (an .eml file the server wrote) carries a single-use set-password link; and the
// presence editor's tablet, offline while all this happened, lists the new participant on /ETAB
// after it is online and has synced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Packr } from 'msgpackr'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { schedule, type StudyDay } from '@lfit/domain/schedule'
import {
  baseURL,
  demoUser,
  goOffline,
  goOnline,
  guardConsole,
  launch,
  login,
  newContext,
} from './support/browser'
import { etabUrl } from './support/study-days'
import { e2eDataDir, waitForMail } from './support/mail'

const UNREACHABLE = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/
const RUN = Date.now().toString(36)
const YEAR = 2

/** A study day of the year applied for, to open the tablet on. */
const DAY = schedule().days.find((d): d is StudyDay => !d.freeDay && d.year === YEAR)

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const packr = new Packr({ useRecords: false, mapsAsObjects: true })
const PHONE = { width: 390, height: 844 }

/** Registers an applicant through the API, as the form does; answers the username. */
async function apply(context: BrowserContext, name: string, year: number): Promise<string> {
  const username = `${name.toLowerCase()}-${RUN}@example.com`
  const form = {
    username,
    password: 'a good password',
    firstName: name,
    lastName: `Zupan ${RUN}`,
    country: 'SI',
    phone: '+386 41 123 456',
    language: 'sl',
    year,
  }
  const response = await context.request.post('/api/auth/register', {
    headers: { 'content-type': 'application/msgpack', origin: baseURL() },
    data: packr.pack(form),
  })
  expect(response.status()).toBe(202)
  return username
}

/** Every visible control of `scope` smaller than a finger (44 x 44 px) or off the screen. */
async function badTargets(page: Page, scope: string, width: number) {
  const controls = page.locator(
    `${scope} :is(button, select, input:not([type="checkbox"]), a, label.touch-check, textarea)`,
  )
  const boxes = await controls.evaluateAll((elements) =>
    elements
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        const box = element.getBoundingClientRect()
        return {
          what: `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
          width: box.width,
          height: box.height,
          left: box.left,
          right: box.right,
        }
      }),
  )
  expect(boxes.length).toBeGreaterThan(5)
  return boxes.filter(
    (box) => box.width < 44 || box.height < 44 || box.left < 0 || box.right > width,
  )
}

/** Opens the sync panel and presses "Sync now". */
async function syncNow(page: Page): Promise<void> {
  const panel = page.locator('details.sync-status')
  if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
  await panel.locator('.sync-panel > button').click()
}

describe('an application, from the registration form to the studio tablet', () => {
  it('a visitor applies for a year, a registration editor accepts on /prijave, the welcome e-mail has a set-password link, and the offline tablet lists the participant after its sync', async () => {
    if (!DAY) throw new Error(`the schedule has no study day in year ${YEAR}`)
    const username = `mia-${RUN}@example.com`

    // The presence editor's tablet knows the year's participants, then loses the network.
    const tablet = await newContext(browser, { viewport: { width: 1024, height: 768 } })
    const tabletGuard = guardConsole(tablet)
    tabletGuard.allow(UNREACHABLE)
    const etab = await tablet.newPage()
    await login(etab, 'presenceEditor')
    await etab.goto(etabUrl(DAY))
    await etab.locator('li.etab-row').first().waitFor()
    expect(await etab.locator(`li.etab-row[data-participant="${username}"]`).count()).toBe(0)
    await goOffline(tablet)
    await etab.locator('.connection-status[data-online="false"]').waitFor()

    // A visitor registers in Slovenian, choosing the year.
    const visitor = await newContext(browser, { viewport: { width: 390, height: 844 } })
    const visitorGuard = guardConsole(visitor)
    const form = await visitor.newPage()
    await form.goto('/auth/register?SI')
    await form.locator('html[lang="sl"]').waitFor({ state: 'attached' })
    await form.locator('form [name="username"]').fill(username)
    await form.locator('form [name="password"]').fill('mia has a good password')
    await form.locator('form [name="firstName"]').fill('Mia')
    await form.locator('form [name="lastName"]').fill(`Kos ${RUN}`)
    await form.locator('form [name="phone"]').fill('+386 41 123 456')
    await form.locator('form [name="year"]').selectOption(String(YEAR))
    await form.locator('form button[type="submit"]').click()
    await form.getByTestId('registration-pending').waitFor()
    const received = await waitForMail(e2eDataDir(), { to: username, kind: 'applicationReceived' })
    expect(received.subject).toBe('LFIT: vloga prejeta')
    visitorGuard.check()
    await visitor.close()

    // The registration editor accepts it on /prijave and sees who did it in the history.
    const desk = await newContext(browser, { viewport: { width: 1280, height: 800 } })
    const deskGuard = guardConsole(desk)
    const prijave = await desk.newPage()
    await login(prijave, '', { username: demoUser('regEditor') })
    await prijave.goto('/prijave')
    await prijave.locator('.applications-filters input[name="search"]').fill(username)
    const row = prijave.locator(`tr[data-application="${username}"]`)
    await row.locator('[data-label="Year"]', { hasText: String(YEAR) }).waitFor()
    expect(await row.getAttribute('data-status')).toBe('applied')
    await row.getByRole('button', { name: 'Accept' }).click()
    await prijave.locator('.snackbar', { hasText: 'is accepted' }).waitFor()
    // Accepted ones leave the "applied" list; all statuses show it as accepted.
    await prijave.locator('.applications-filters select[name="status"]').selectOption('')
    const accepted = prijave.locator(`tr[data-application="${username}"][data-status="accepted"]`)
    await accepted.getByRole('button', { name: 'History' }).click()
    await prijave
      .locator('.application-history li', { hasText: `Accepted by ${demoUser('regEditor')}` })
      .waitFor()
    deskGuard.check()
    await desk.close()

    // The welcome e-mail, in Slovenian, with a single-use link to the set-password page.
    const welcome = await waitForMail(e2eDataDir(), { to: username, kind: 'applicationAccepted' })
    expect(welcome.subject).toBe('LFIT: vloga sprejeta')
    const link = welcome.links.find((url) => url.includes('/auth/newPassword?token='))
    expect(link).toBeDefined()
    expect(new URL(link as string).searchParams.get('token')).toMatch(/^[\w-]{40,}$/)

    // The new participant follows the link on their phone, chooses a password and logs in.
    const phone = await newContext(browser, { viewport: { width: 390, height: 844 } })
    const phoneGuard = guardConsole(phone)
    const welcomed = await phone.newPage()
    await welcomed.goto(`${link as string}&lang=EN`)
    await welcomed.getByRole('heading', { name: 'Choose your password' }).waitFor()
    await welcomed.getByLabel('New password', { exact: true }).fill('mia chose this one')
    await welcomed.getByLabel('New password again').fill('mia chose this one')
    await welcomed.getByRole('button', { name: 'Save my password' }).click()
    await welcomed.getByText('Your password is saved. Log in with it now.').waitFor()
    await login(welcomed, 'participant', { username, password: 'mia chose this one' })
    await welcomed.locator('.user-menu-button', { hasText: 'Mia' }).waitFor()
    phoneGuard.check()
    await phone.close()

    // Back online, the tablet syncs and lists the new participant under the year. The tablet is
    // in the editor's hand again: its page comes to the front (a page left in the background
    // meanwhile, as the phone's turn made it, may have its timers and events held back).
    await etab.bringToFront()
    await goOnline(tablet)
    // Polled with what the page knows, so a failure says why it is not shown as online.
    await expect
      .poll(
        () =>
          etab.evaluate(() => ({
            shown: document.querySelector('.connection-status')?.getAttribute('data-online'),
            browser: navigator.onLine,
            visibility: document.visibilityState,
            path: location.pathname,
          })),
        { timeout: 30_000 },
      )
      .toMatchObject({ shown: 'true' })
    await syncNow(etab)
    await etab.locator(`li.etab-row[data-participant="${username}"]`).waitFor({ timeout: 30_000 })
    tabletGuard.check()
    await tablet.close()
  })

  it('on a phone, in Slovenian: decline asks for a reason that the e-mail carries, reopen, then accept the selected rows at once', async () => {
    const desk = await newContext(browser, { viewport: PHONE })
    const guard = guardConsole(desk)
    const first = await apply(desk, 'Lina', 3)
    const second = await apply(desk, 'Tine', 3)
    const page = await desk.newPage()
    await login(page, '', { username: demoUser('regEditor') })
    await page.goto('/prijave?SI')
    await page.locator('html[lang="sl"]').waitFor({ state: 'attached' })
    await page.getByRole('heading', { name: 'Vloge' }).waitFor()
    await page.locator('.applications-filters input[name="search"]').fill(`zupan ${RUN}`)
    const row = (username: string) => page.locator(`tr[data-application="${username}"]`)
    await row(first).waitFor()
    await row(second).waitFor()
    // Dates say the weekday, the day, the month and the year, on the programme's clock.
    const applied = await row(first).locator('time').first().textContent()
    expect(applied).toMatch(
      /^(pon|tor|sre|čet|pet|sob|ned)\., \d{1,2}\. \d{1,2}\. \d{4}, \d{2}:\d{2}$/,
    )
    expect(await badTargets(page, 'main .applications-screen', PHONE.width)).toEqual([])

    // Decline: the dialog refuses to send without a reason.
    await row(first).getByRole('button', { name: 'Zavrni' }).click()
    const dialog = page.locator('dialog[open]')
    await dialog.getByRole('heading', { name: /Zavrni vlogo osebe Lina/ }).waitFor()
    await dialog.getByRole('button', { name: 'Zavrni' }).click()
    await dialog.getByText('Navedite razlog').waitFor()
    const reason = 'Letnik je že poln <b>letos</b>'
    await dialog.locator('textarea[name="reason"]').fill(reason)
    await dialog.getByRole('button', { name: 'Zavrni' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.locator('.snackbar', { hasText: 'zavrnjena' }).waitFor()
    const declined = await waitForMail(e2eDataDir(), { to: first, kind: 'applicationDeclined' })
    expect(declined.subject).toBe('LFIT: vloga ni bila sprejeta')
    expect(declined.text).toContain(`Razlog: ${reason}`)
    expect(declined.html).toContain('&lt;b&gt;letos&lt;/b&gt;')

    // Reopen it from the declined ones; its history keeps the reason.
    await page.locator('.applications-filters select[name="status"]').selectOption('declined')
    await row(first).getByRole('button', { name: 'Zgodovina' }).click()
    await page.locator('.application-history q', { hasText: reason }).waitFor()
    await row(first).getByRole('button', { name: 'Ponovno odpri' }).click()
    await page.locator('.snackbar', { hasText: 'spet odprta' }).waitFor()

    // Both selected and accepted at once.
    await page.locator('.applications-filters select[name="status"]').selectOption('applied')
    await page.getByRole('checkbox', { name: 'Izberi vse prikazane vloge' }).check()
    await page.getByRole('button', { name: 'Sprejmi izbrane (2)' }).click()
    await page.locator('.snackbar', { hasText: 'Sprejetih 2 od 2 vlog.' }).waitFor()
    await page.locator('.applications-filters select[name="status"]').selectOption('accepted')
    await row(first).and(page.locator('[data-status="accepted"]')).waitFor()
    await row(second).and(page.locator('[data-status="accepted"]')).waitFor()
    for (const username of [first, second]) {
      const welcome = await waitForMail(e2eDataDir(), { to: username, kind: 'applicationAccepted' })
      expect(welcome.links.some((url) => url.includes('/auth/newPassword?token='))).toBe(true)
    }
    guard.check()
    await desk.close()
  })

  it('an admin-created participant with a year is enrolled, and the editor shows it', async () => {
    const admin = await newContext(browser)
    const guard = guardConsole(admin)
    const page = await admin.newPage()
    await login(page, 'admin')
    await page.goto('/auth/users')
    await page.locator('table.users-table').waitFor()
    const username = `made-${RUN}@example.com`
    await page.getByRole('button', { name: 'New user' }).click()
    const editor = page.locator('dialog[open].user-editor')
    await editor.locator('[name="username"]').fill(username)
    await editor.locator('[name="firstName"]').fill('Nova')
    await editor.locator('[name="lastName"]').fill(`Oseba ${RUN}`)
    await editor.locator('select[name="year"]').selectOption('4')
    await editor.getByRole('checkbox', { name: 'Participant', exact: true }).check()
    await editor.getByRole('button', { name: 'Save' }).click()
    await page.locator('dialog[open]').getByRole('button', { name: 'Done' }).click()
    const row = page.locator(`table.users-table tr[data-username="${username}"]`)
    await row.getByRole('button', { name: 'Edit' }).click()
    await page
      .getByTestId('user-enrolments')
      .locator('li[data-year="4"][data-status="accepted"]', { hasText: 'Year 4: Accepted' })
      .waitFor()
    guard.check()
    await admin.close()
  })
})
