// A forgotten password end to end, as the person lives it (docs/security.md#password-links): on
// a phone they ask on the login page, read the link in the e-mail the server wrote as an .eml file,
// choose a new password on the link's page, and log in with it; the old password no longer works
// and the used link says so. The link page is looked at on a 390 px phone in both languages.
// Real server, Debian's Chromium, no sleeps.
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  DEMO_PASSWORD,
  goOffline,
  goOnline,
  guardConsole,
  launch,
  login,
  navigateInApp,
  newContext,
  waitForServiceWorker,
} from './support/browser'
import { e2eDataDir, waitForMail } from './support/mail'
import { repoRoot } from './support/app-build'
import { DEVICES, LANGUAGES, openScreen } from './support/screens'

/** A demo participant no other e2e file logs in as: this test changes their password. */
const PERSON = 'gregor.babic@demo.test'
const NEW_PASSWORD = 'violet kettle on the ninth floor'
/** Committed beside the other screenshots, for a person to look at (e2e/screenshots.e2e.test.ts). */
const SHOTS = join(repoRoot, 'e2e/screenshots')
const shot = (name: string, lang: string) =>
  join(SHOTS, `visitor-${name}-390x844-${lang.toLowerCase()}.png`)

const [ENGLISH] = LANGUAGES

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** Every element a finger taps on the page is at least 44 px tall. */
async function expectFingerSized(page: Page, selector: string) {
  for (const box of await page
    .locator(selector)
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))) {
    expect(box).toBeGreaterThanOrEqual(44)
  }
}

/** No element sticks out sideways on the phone (the page would scroll left and right). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

it('forgot password: ask on the login page, follow the e-mailed link, set a new password, log in with it', async () => {
  const context = await newContext(browser, DEVICES.phone)
  const guard = guardConsole(context)
  // The old password is tried on purpose, and the used link is refused on purpose.
  guard.allow(/status of 401 .*\/api\/auth\/login/)
  const page = await context.newPage()

  await openScreen(page, '/auth/login', ENGLISH)
  await expectFingerSized(page, '.auth-links a')
  await page.screenshot({ path: shot('login', 'en'), fullPage: true })
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await page.waitForURL((url) => url.pathname === '/auth/forgotPassword')
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
  await page.screenshot({ path: shot('forgotpassword', 'en'), fullPage: true })
  await page.getByLabel('E-mail address').fill(' Gregor.Babic@demo.test ')
  await page.getByRole('button', { name: 'Send the link' }).click()
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
  await expectFingerSized(page, '.auth-screen .btn')

  // The person's e-mails are in Slovenian (the demo accounts' default language).
  const mail = await waitForMail(e2eDataDir(), { to: PERSON, kind: 'passwordReset' })
  expect(mail.subject).toBe('LFIT: novo geslo')
  const link = mail.links.find((url) => url.includes('/auth/newPassword?token='))
  if (!link) throw new Error(`no link in the e-mail: ${mail.text}`)
  expect(mail.html).toContain(link.replaceAll('&', '&amp;'))

  // The link's page, looked at on the phone in both languages before it is used.
  for (const [query, lang, heading, label] of [
    ['SI', 'sl', 'Ponastavite geslo', 'Novo geslo'],
    ['EN', 'en', 'Reset your password', 'New password'],
  ] as const) {
    await page.goto(`${link}&lang=${query}`)
    await page.getByRole('heading', { name: heading }).waitFor()
    await page.getByText(PERSON).waitFor()
    await page.getByLabel(label, { exact: true }).fill(NEW_PASSWORD)
    await page.getByTestId('password-strength').filter({ hasText: /\S/ }).waitFor()
    await expectFingerSized(page, '.auth-screen input:not([type="hidden"]), .auth-screen .btn')
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: shot('newpassword', lang), fullPage: true })
  }

  // Two different passwords are caught before anything is sent.
  await page.getByLabel('New password again').fill('something else entirely')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await page.getByText('The two passwords differ.').waitFor()
  await page.getByLabel('New password again').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Save new password' }).click()
  await page.getByText('Your new password is saved').waitFor()
  await page.screenshot({ path: shot('newpassword-done', 'en'), fullPage: true })

  await page.locator('#main').getByRole('link', { name: 'Log in' }).click()
  await page.waitForURL((url) => url.pathname === '/auth/login')
  await page.locator('input[name="username"]').fill(PERSON)
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
  await page.locator('form button[type="submit"]').click()
  await page.getByRole('alert').filter({ hasText: 'Wrong username or password' }).waitFor()
  await login(page, 'participant', { username: PERSON, password: NEW_PASSWORD })

  // The link worked once: opened again, it says it was used and offers a new one.
  await page.goto(`${link}&lang=EN`)
  await page.getByText('This link has already been used').waitFor()
  await page.getByRole('link', { name: 'Ask for a new link' }).waitFor()
  await page.screenshot({ path: shot('newpassword-used', 'en'), fullPage: true })
  await page.goto(`${link}&lang=SI`)
  await page.getByText('Ta povezava je že bila uporabljena').waitFor()
  await page.screenshot({ path: shot('newpassword-used', 'sl'), fullPage: true })

  guard.check()
  await context.close()
})

it('a link cut short in the e-mail says so, without asking the server', async () => {
  const context = await newContext(browser, DEVICES.phone)
  const guard = guardConsole(context)
  const page = await context.newPage()
  const calls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/auth/checkPasswordLink')) {
      calls.push(request.url())
    }
  })
  await page.goto('/auth/newPassword?token=abc&lang=SI')
  await page.getByText('Ta povezava ni cela').waitFor()
  await page.getByRole('link', { name: 'Prosite za novo povezavo' }).click()
  await page.waitForURL((url) => url.pathname === '/auth/forgotPassword')
  await page.getByRole('heading', { name: 'Ste pozabili geslo?' }).waitFor()
  await page.screenshot({ path: shot('forgotpassword', 'sl'), fullPage: true })
  expect(calls).toEqual([])
  guard.check()
  await context.close()
})

it('a link opened without network says so and checks again on "Try again"', async () => {
  const context = await newContext(browser, DEVICES.phone)
  const guard = guardConsole(context)
  guard.allow(/ERR_INTERNET_DISCONNECTED/)
  const page = await context.newPage()
  // The page is loaded once online (as the app would have it cached), then the network goes.
  await page.goto('/auth/newPassword?lang=EN')
  await page.getByText('This link is incomplete').waitFor()
  // Installed before the network goes, so neither the worker's fetches nor the app's ask for the
  // home page's text fail on the way.
  await waitForServiceWorker(page)
  await goOffline(context)
  await navigateInApp(page, `/auth/newPassword?token=${'x'.repeat(43)}`)
  await page.getByText('You are offline').waitFor()
  await goOnline(context)
  await page.getByRole('button', { name: 'Try again' }).click()
  // A well-formed token the server never issued.
  await page.getByText('This link is not valid').waitFor()
  guard.check()
  await context.close()
})
