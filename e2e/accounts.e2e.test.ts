// Accounts (docs/product-rules.md, Users): self-registration shows each form message for bad
// input and creates a user for good input, who cannot log in until accepted; an admin on /auth/users creates a user (the generated
// 12-character password is shown once), edits, blocks and deletes them; a blocked user who is
// logged in elsewhere is logged out at the next session check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { FORM_MESSAGES, splitBilingual } from '@lfit/domain/messages/validation'
import { PASSWORD_ALPHABET, PASSWORD_LENGTH } from '@lfit/domain/users/password'
import { PROJECTS } from '@lfit/domain/users/user'
import {
  apiCall,
  DEMO_PASSWORD,
  demoUser,
  guardConsole,
  launch,
  login,
  newContext,
} from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** A run-unique suffix, so a rerun against a running server (E2E_BASE_URL) finds no leftovers. */
const RUN = Date.now().toString(36)

const en = (message: string) => splitBilingual(message).en
const sl = (message: string) => splitBilingual(message).sl

type RegistrationField =
  'username' | 'password' | 'firstName' | 'lastName' | 'country' | 'phone' | 'year'
type Registration = Record<RegistrationField, string>

const SELECTS: RegistrationField[] = ['country', 'year']

function goodRegistration(name: string): Registration {
  return {
    username: `${name}-${RUN}@example.com`,
    password: 'a good password',
    firstName: 'Ana',
    lastName: 'Novak',
    country: 'SI',
    phone: '+386 41 123 456',
    year: '1',
  }
}

/** The field (label, control, message) holding the control named `name`. */
const field = (scope: Page | Locator, name: string) =>
  scope.locator('.field', { has: scope.locator(`[name="${name}"]`) })

async function fillRegistration(page: Page, form: Registration) {
  for (const [name, value] of Object.entries(form)) {
    const control = page.locator(`form [name="${name}"]`)
    if (SELECTS.includes(name as RegistrationField)) await control.selectOption(value)
    else await control.fill(value)
  }
}

/** Every message the form shows, by field name. */
async function shownErrors(page: Page): Promise<Record<string, string>> {
  await page.locator('.field-error').first().waitFor()
  return page.locator('.field').evaluateAll((fields) =>
    Object.fromEntries(
      fields.flatMap((f) => {
        const name = f.querySelector('[name]')?.getAttribute('name')
        const error = f.querySelector('.field-error')?.textContent
        return name && error ? [[name, error]] : []
      }),
    ),
  )
}

/** Opens /auth/register (in `lang` when given) and counts the calls that reach the server. */
async function openRegistration(page: Page, query = '') {
  const calls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/register') calls.push(request.url())
  })
  await page.goto(`/auth/register${query}`)
  await page.locator('.auth-screen form').waitFor()
  return calls
}

const submit = (page: Page) => page.locator('form button[type="submit"]').click()

describe('registration', () => {
  const required = en(FORM_MESSAGES.required)
  const emailInvalid = en(FORM_MESSAGES.emailInvalid)
  const mobileInvalid = en(FORM_MESSAGES.mobileInvalid)
  const passwordTooShort = en(FORM_MESSAGES.passwordTooShort)

  // One bad input each, on an otherwise good form → the one message the product gives for it.
  const cases: { title: string; change: Partial<Registration>; errors: Record<string, string> }[] =
    [
      {
        title: 'every field empty',
        change: {
          username: '',
          password: '',
          firstName: '',
          lastName: '',
          country: '',
          phone: '',
          year: '',
        },
        errors: {
          username: required,
          password: required,
          firstName: required,
          lastName: required,
          country: required,
          phone: required,
          year: required,
        },
      },
      { title: 'blank username', change: { username: '   ' }, errors: { username: required } },
      { title: 'blank first name', change: { firstName: '  ' }, errors: { firstName: required } },
      { title: 'blank last name', change: { lastName: ' ' }, errors: { lastName: required } },
      { title: 'no password', change: { password: '' }, errors: { password: required } },
      { title: 'no country', change: { country: '' }, errors: { country: required } },
      {
        title: 'a password of 9 characters',
        change: { password: 'nine-char' },
        errors: { password: passwordTooShort },
      },
      { title: 'blank phone', change: { phone: '   ' }, errors: { phone: required } },
      {
        title: 'username without @',
        change: { username: 'ana.example.com' },
        errors: { username: emailInvalid },
      },
      {
        title: 'username without domain',
        change: { username: 'ana@' },
        errors: { username: emailInvalid },
      },
      {
        title: 'username with a space',
        change: { username: 'ana novak@example.com' },
        errors: { username: emailInvalid },
      },
      {
        title: 'phone of 6 digits',
        change: { phone: '123 456' },
        errors: { phone: mobileInvalid },
      },
      {
        title: 'phone of 16 digits',
        change: { phone: '1234 5678 9012 3456' },
        errors: { phone: mobileInvalid },
      },
      {
        title: 'phone with letters',
        change: { phone: '041 12a 456' },
        errors: { phone: mobileInvalid },
      },
      {
        title: '386 with a landline prefix',
        change: { phone: '+386 1 234 5678' },
        errors: { phone: mobileInvalid },
      },
      {
        title: '386 with 10 digits',
        change: { phone: '+386 41 123 45' },
        errors: { phone: mobileInvalid },
      },
      {
        title: '8 digits that are no Slovenian mobile after 386',
        change: { phone: '1234 5678' },
        errors: { phone: mobileInvalid },
      },
    ]

  it("shows the product's message for each bad input, in English, and calls no server", async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    const calls = await openRegistration(page)
    for (const { title, change, errors } of cases) {
      await fillRegistration(page, { ...goodRegistration('bad'), ...change })
      await submit(page)
      await expect.poll(() => shownErrors(page), { message: title }).toEqual(errors)
      // The message is tied to its input for screen readers.
      for (const name of Object.keys(errors)) {
        const control = page.locator(`form [name="${name}"]`)
        expect(await control.getAttribute('aria-invalid'), `${title}: ${name}`).toBe('true')
      }
    }
    expect(calls).toEqual([])
    guard.check()
    await context.close()
  })

  it('shows the messages in Slovenian, with Slovenia as the default country', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    const calls = await openRegistration(page, '?SI')
    await page.locator('html[lang="sl"]').waitFor({ state: 'attached' })
    expect(await page.locator('form [name="country"]').inputValue()).toBe('SI')
    expect(await field(page, 'country').locator('option[value="SI"]').textContent()).toBe(
      'Slovenija',
    )
    await submit(page)
    await expect
      .poll(() => shownErrors(page))
      .toEqual({
        username: sl(FORM_MESSAGES.required),
        password: sl(FORM_MESSAGES.required),
        firstName: sl(FORM_MESSAGES.required),
        lastName: sl(FORM_MESSAGES.required),
        phone: sl(FORM_MESSAGES.required),
        year: sl(FORM_MESSAGES.required),
      })
    await fillRegistration(page, {
      ...goodRegistration('sl'),
      username: 'ana@',
      phone: '+386 1 234 5678',
      password: 'kratko',
    })
    await submit(page)
    await expect
      .poll(() => shownErrors(page))
      .toEqual({
        username: sl(FORM_MESSAGES.emailInvalid),
        phone: sl(FORM_MESSAGES.mobileInvalid),
        password: sl(FORM_MESSAGES.passwordTooShort),
      })
    // The strength hint, in Slovenian: first the length, then how hard it is to guess.
    const hint = page.getByTestId('password-strength')
    await hint.getByText('6 od najmanj 10 znakov.').waitFor()
    await page.locator('form [name="password"]').fill('qwertyuiop')
    await hint.getByText('Moč: šibka', { exact: false }).waitFor()
    await page.locator('form [name="password"]').fill('modra žaba poje ob polnoči')
    await hint.getByText('Moč: odlična.').waitFor()
    expect(calls).toEqual([])
    guard.check()
    await context.close()
  })

  it('creates a user for good input, who waits for acceptance before logging in; the same username again gets the same answer', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    // The refused login of the waiting account answers 401, which Chromium logs.
    guard.allow(/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/auth\/login\)/)
    const page = await context.newPage()
    const calls = await openRegistration(page)
    // No status to choose: the registrant does not decide whether their account is active.
    expect(await page.locator('form [name="status"]').count()).toBe(0)
    const form = goodRegistration('registered')
    // Phone keyboards capitalise: the username is stored in lower case.
    await fillRegistration(page, { ...form, username: form.username.toUpperCase() })
    await page.getByTestId('password-strength').getByText('Strength:', { exact: false }).waitFor()
    await submit(page)
    const received = `Thank you, your registration for ${form.username} was received.`
    await page.locator('.alert-success', { hasText: received }).waitFor()
    expect(calls).toHaveLength(1)
    // Registration logs nobody in, and the screen says the application awaits acceptance.
    await page.getByTestId('registration-pending').getByText('awaits acceptance').waitFor()

    // The right password gets the wrong password's answer, which says a new registration logs
    // in once accepted (docs/0030); nobody is logged in.
    await page.goto('/auth/login')
    await page.locator('input[name="username"]').fill(form.username)
    await page.locator('input[name="password"]').fill(form.password)
    await page.locator('form button[type="submit"]').click()
    await page.getByText('a new registration can log in once it is accepted').waitFor()
    expect(await page.locator('.user-menu-button').count()).toBe(0)

    // Once the admin sets the account active (as /auth/users does), it logs in, holding no role.
    const admin = await newContext(browser)
    expect(
      await apiCall(admin, '/api/auth/login', {
        username: demoUser('admin'),
        password: DEMO_PASSWORD,
      }),
    ).toBe(200)
    const activate = { query: { username: form.username }, update: { $set: { status: 'active' } } }
    expect(await apiCall(admin, '/api/db/users/upsert', activate)).toBe(200)
    await admin.close()
    await login(page, '', { username: form.username, password: form.password })
    await page.locator('.user-menu-name', { hasText: 'Ana Novak' }).waitFor()
    await page.locator('.user-menu-button').click()
    await page.locator('.user-menu-who', { hasText: form.username }).waitFor()
    expect(await page.getByTestId('session-roles').textContent()).toBe('no roles')

    // A known address gets the same answer as a new one: nobody learns who has an account
    // (the owner is told by e-mail).
    const again = await context.newPage()
    const repeated = await openRegistration(again)
    await fillRegistration(again, form)
    await submit(again)
    await again.locator('.alert-success', { hasText: received }).waitFor()
    expect(repeated).toHaveLength(1)
    expect(await again.locator('.auth-screen .alert[role="alert"]').count()).toBe(0)
    guard.check()
    await context.close()
  })
})

describe('password change', () => {
  it('asks for at least 10 characters with a strength hint, before calling the server', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'educator')
    const calls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/password') calls.push(request.url())
    })
    await page.goto('/auth/password')
    await page.locator('form input[autocomplete="current-password"]').fill(DEMO_PASSWORD)
    const fresh = page.locator('form [name="newPassword"]')
    await fresh.fill('nine-char')
    await page.locator('form input[autocomplete="new-password"]').nth(1).fill('nine-char')
    await page.getByTestId('password-strength').getByText('9 of at least 10 characters.').waitFor()
    await submit(page)
    const error = field(page, 'newPassword').locator('.field-error')
    await error.getByText(en(FORM_MESSAGES.passwordTooShort)).waitFor()
    await fresh.fill('qwertyuiop')
    await page
      .getByTestId('password-strength')
      .getByText('Strength: weak.', { exact: false })
      .waitFor()
    expect(calls).toEqual([])
    guard.check()
    await context.close()
  })
})

describe('user administration', () => {
  const username = `made-by-admin-${RUN}@example.com`

  const row = (page: Page) => page.locator(`table.users-table tr[data-username="${username}"]`)
  const openDialog = (page: Page) => page.locator('dialog[open]')

  async function confirmInDialog(page: Page, question: string, button: string) {
    const dialog = openDialog(page)
    await dialog.getByText(question).waitFor()
    await dialog.getByRole('button', { name: button, exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
  }

  it('creates, edits, blocks and deletes a user; the blocked user is logged out', async () => {
    const admin = await newContext(browser)
    const adminGuard = guardConsole(admin)
    const page = await admin.newPage()
    await login(page, 'admin')
    await page.goto('/auth/users')
    await page.locator('table.users-table').waitFor()

    // Create: the editor offers a generated 12-character password, checks the form, and
    // shows the password once after saving.
    await page.getByRole('button', { name: 'New user' }).click()
    const editor = page.locator('dialog[open].user-editor')
    await editor.getByRole('heading', { name: 'New user' }).waitFor()
    const offered = await editor.locator('[name="password"]').inputValue()
    expect(offered).toHaveLength(PASSWORD_LENGTH)
    expect([...offered].every((char) => PASSWORD_ALPHABET.includes(char))).toBe(true)

    await editor.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => shownErrors(page)).toEqual({ username: en(FORM_MESSAGES.required) })
    await editor.locator('[name="username"]').fill(username)
    await editor.locator('[name="email"]').fill('not an address')
    await editor.locator('[name="phone"]').fill('12 34')
    await editor.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(() => shownErrors(page))
      .toEqual({
        email: en(FORM_MESSAGES.emailInvalid),
        phone: en(FORM_MESSAGES.phoneInvalid),
      })

    await editor.locator('[name="firstName"]').fill('Maja')
    await editor.locator('[name="lastName"]').fill('Kranjc')
    await editor.locator('[name="email"]').fill(username)
    await editor.locator('[name="phone"]').fill('+386 31 555 666')
    // Roles are offered by their names.
    await editor.getByRole('checkbox', { name: 'Participant', exact: true }).check()
    await editor.getByRole('button', { name: 'Save' }).click()

    const shown = page.getByTestId('shown-password')
    await shown.waitFor()
    const password = (await shown.textContent()) ?? ''
    expect(password).toBe(offered)
    await openDialog(page)
      .getByRole('heading', { name: `Password of ${username}` })
      .waitFor()
    await openDialog(page).getByRole('button', { name: 'Done' }).click()
    await shown.waitFor({ state: 'detached' })
    // Shown once: nowhere on the page any more, and not in the list the server answers.
    expect(await page.locator('body').innerText()).not.toContain(password)
    await row(page).waitFor()
    expect(await row(page).locator('td').allTextContents()).toEqual([
      'Maja',
      'Kranjc',
      username,
      'Participant',
      '', // no programme year chosen
      '',
      expect.any(String),
    ])

    // Edit: another last name and a project.
    await row(page).getByRole('button', { name: 'Edit' }).click()
    await editor.getByRole('heading', { name: `Edit user ${username}` }).waitFor()
    expect(await editor.locator('[name="password"]').count()).toBe(0)
    expect(await editor.locator('[name="firstName"]').inputValue()).toBe('Maja')
    await editor.locator('[name="lastName"]').fill('Kranjc Novak')
    await editor.getByRole('checkbox', { name: PROJECTS[0], exact: true }).check()
    await editor.getByRole('button', { name: 'Save' }).click()
    await editor.waitFor({ state: 'detached' })
    await row(page)
      .locator('td', { hasText: /^Kranjc Novak$/ })
      .waitFor()
    await row(page)
      .locator('td', { hasText: new RegExp(`^${PROJECTS[0]}$`) })
      .waitFor()

    // The new user logs in elsewhere with the password the admin was shown.
    const member = await newContext(browser)
    const memberGuard = guardConsole(member)
    // A background sync of the member's page that meets the block is refused too (a race of
    // the test, not an error of the app: the engine stops and keeps its queue); so are its reads
    // of the roster and of the make-up book that follow a sync.
    memberGuard.allow(/status of 401 .*\/api\/(db|people|makeups)\//)
    const memberPage = await member.newPage()
    await login(memberPage, '', { username, password })
    await memberPage.locator('.user-menu-name', { hasText: 'Maja Kranjc Novak' }).waitFor()
    await memberPage.goto('/mojRacun')
    await memberPage.locator('.route[data-route="/mojRacun"][data-access="allowed"]').waitFor()

    // Block, after confirming.
    await row(page).getByRole('button', { name: 'Block', exact: true }).click()
    await confirmInDialog(
      page,
      `Block ${username}? They are logged out and cannot log in.`,
      'Block',
    )
    await page.locator(`tr[data-username="${username}"][data-status="blocked"]`).waitFor()
    await row(page).locator('.badge-blocked').waitFor()

    // The blocked user's session check (once the app's first screen is shown; also every minute
    // while it is open) logs them out silently with a console warning, and the guard sends them
    // to login. That check is refused (401 userBlocked): a visitor is answered, a blocked user is
    // not; so are the calls the screen made meanwhile as the user the device had (docs/0056):
    // the calendar's read, which keeps the one the device holds, and the account screen's own
    // reads, which show nothing of the server's. The first sync waits for the check's answer.
    memberGuard.allow(/status of 401 .*\/api\/(auth\/user|calendar|me\/profile|certificates\/mine)/)
    await memberPage.reload()
    await memberPage.waitForURL(
      (url) => url.pathname === '/auth/login' && url.searchParams.get('redirect') === '/mojRacun',
    )
    await memberPage.locator('.user-menu .btn', { hasText: 'Log in' }).waitFor()
    expect(await memberPage.locator('.user-menu-button').count()).toBe(0)
    expect(memberGuard.warnings).toContain(`blocked user logged out: ${username}`)
    expect((await member.cookies()).map((c) => c.name)).not.toContain('token')

    // Logging in again is refused with the server's message.
    memberGuard.allow(/status of 403 .*\/api\/auth\/login/)
    await memberPage.locator('input[name="username"]').fill(username)
    await memberPage.locator('input[name="password"]').fill(password)
    await memberPage.locator('form button[type="submit"]').click()
    await memberPage
      .locator('.auth-screen .alert[role="alert"]', { hasText: 'User is blocked' })
      .waitFor()

    // Delete, after confirming: gone from the list, and no login any more.
    await row(page).getByRole('button', { name: 'Delete', exact: true }).click()
    await confirmInDialog(page, `Delete the user ${username}? This cannot be undone.`, 'Delete')
    await row(page).waitFor({ state: 'detached' })
    await page.reload()
    await page.locator('table.users-table').waitFor()
    expect(await row(page).count()).toBe(0)

    memberGuard.allow(/status of 401 .*\/api\/auth\/login/)
    await memberPage.locator('form button[type="submit"]').click()
    await memberPage
      .locator('.auth-screen .alert[role="alert"]', { hasText: 'Wrong username or password' })
      .waitFor()

    adminGuard.check()
    memberGuard.check()
    await admin.close()
    await member.close()
  })
})
