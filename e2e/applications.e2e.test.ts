// Applications and enrolment in Chromium against the real server (docs/product-rules.md#enrolment):
// a visitor registers in Slovenian choosing a year, gets the "application received" e-mail in
// Slovenian; a registration editor accepts on /prijave (the history says who); the welcome
// e-mail (an .eml file the server wrote) carries a single-use set-password link; and the
// presence editor's tablet, offline while all this happened, lists the new participant on /ETAB
// after it is online and has synced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { schedule, type StudyDay } from '@lfit/domain/schedule'
import {
  demoUser,
  goOffline,
  goOnline,
  guardConsole,
  launch,
  login,
  newContext,
} from './support/browser'
import { e2eDataDir, waitForMail } from './support/mail'

const UNREACHABLE = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/
const RUN = Date.now().toString(36)
const YEAR = 2

/** A study day of the year applied for, to open the tablet on. */
const DAY = schedule().days.find((d): d is StudyDay => !d.freeDay && d.year === YEAR)
const etabUrl = (day: StudyDay) => `/ETAB?year=${day.year}&segment=${day.segment}&day=${day.dayStr}`

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

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
    expect(received.subject).toBe('LFIT: prijava prejeta')
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
    expect(welcome.subject).toBe('LFIT: prijava sprejeta')
    const link = welcome.links.find((url) => url.includes('/auth/newPassword?token='))
    expect(link).toBeDefined()
    expect(new URL(link as string).searchParams.get('token')).toMatch(/^[\w-]{40,}$/)

    // Back online, the tablet syncs and lists the new participant under the year.
    await goOnline(tablet)
    await etab.locator('.connection-status[data-online="true"]').waitFor()
    await syncNow(etab)
    await etab.locator(`li.etab-row[data-participant="${username}"]`).waitFor({ timeout: 30_000 })
    tabletGuard.check()
    await tablet.close()
  })
})
