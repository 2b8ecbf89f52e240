// /mojRacun and /sosolci in Chromium on a participant's phone (docs/product-rules.md#my-account,
// #classmates), on a server of their own so that the demo people's changes stay here: Ana edits
// her details (kept after a reload), downloads her data (a JSON file with her name), turns on
// "show my e-mail", and Eva, in the same year, sees the address on /sosolci where she did not
// before. Screenshots of both screens at 390 px in both languages.
import { mkdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unpack } from 'msgpackr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { repoRoot } from './support/app-build'
import { guardConsole, launch, login, newContext, type ConsoleGuard } from './support/browser'
import { DEVICES, LANGUAGES, openScreen } from './support/screens'
import { serverOfItsOwn } from './support/own-server'

/** Demo participants 0 and 4: the same programme year (index % 4). */
const ANA = 'ana.novak@demo.test'
const EVA = 'eva.zupan@demo.test'
const OUT_DIR = join(repoRoot, 'e2e/screenshots')
/** Whole-page copies for a person to look at; not committed. */
const SHOTS_DIR = join(tmpdir(), 'lfit-my-account-shots')

const server = serverOfItsOwn('my-account')
let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

async function phoneOf(username: string): Promise<{
  context: BrowserContext
  page: Page
  guard: ConsoleGuard
}> {
  const context = await newContext(browser, { ...DEVICES.phone, baseURL: server.url })
  const guard = guardConsole(context)
  const page = await context.newPage()
  await login(page, '', { username })
  return { context, page, guard }
}

const english = LANGUAGES.find((language) => language.lang === 'en')!

/** Every control of the screen is at least a finger's size. */
async function expectTouchTargets(page: Page, scope: string) {
  const small = await page
    .locator(
      `${scope} :is(button, a.btn, select, input:not([type=checkbox]), textarea, .switch-row)`,
    )
    .evaluateAll((elements) =>
      elements
        .map((element) => {
          const box = element.getBoundingClientRect()
          return { text: element.textContent?.trim() || element.outerHTML.slice(0, 60), box }
        })
        .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
        .map(({ text, box }) => `${text}: ${box.width}x${box.height}`),
    )
  expect(small).toEqual([])
}

describe('my account and classmates', () => {
  it('edits, downloads, shares the e-mail, and a classmate sees it', async () => {
    const eva = await phoneOf(EVA)
    await openScreen(eva.page, '/sosolci', english, '.classmate')
    const anaCard = eva.page.locator('.classmate', { hasText: 'Ana Novak' })
    await anaCard.waitFor()
    // Not shared yet: a name and nothing else.
    expect(await anaCard.locator('a').count()).toBe(0)
    await eva.page.getByLabel('Search by name').fill('nov')
    await eva.page.locator('.classmate', { hasText: 'Eva' }).waitFor({ state: 'detached' })
    expect(await eva.page.locator('.classmate').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Ana Novak')]),
    )
    await expectTouchTargets(eva.page, '.classmates')

    const ana = await phoneOf(ANA)
    await openScreen(ana.page, '/mojRacun', english, 'form input[name="firstName"]')
    await expectTouchTargets(ana.page, '.account-screen')
    const form = ana.page.locator('[data-section="profile"] form')
    // A bad phone is refused next to its field, in the screen's language; nothing is saved.
    await form.getByLabel('Mobile phone').fill('12')
    await form.getByRole('button', { name: 'Save my details' }).click()
    await form.locator('.field-error', { hasText: 'mobile number not valid' }).waitFor()
    await form.getByLabel('Mobile phone').fill('+386 41 555 666')
    await form.getByLabel('Last name').fill('Novak Kos')
    await form.getByLabel('Language of my e-mails').selectOption('en')
    await form.getByRole('button', { name: 'Save my details' }).click()
    await form.getByRole('status').filter({ hasText: 'Your details are saved.' }).waitFor()
    // The app bar has the new name (hidden on a phone, in the menu's button).
    await ana.page
      .locator('.user-menu-name', { hasText: 'Ana Novak Kos' })
      .waitFor({ state: 'attached' })

    await ana.page.reload()
    await ana.page.locator('[data-section="profile"] input[name="lastName"]').waitFor()
    expect(await form.getByLabel('Last name').inputValue()).toBe('Novak Kos')
    expect(await form.getByLabel('Mobile phone').inputValue()).toBe('+38641555666')
    expect(await form.getByLabel('Language of my e-mails').inputValue()).toBe('en')
    expect(await form.getByLabel('E-mail address').getAttribute('readonly')).not.toBeNull()

    // Download my data: a JSON file with her name and nothing secret.
    const [download] = await Promise.all([
      ana.page.waitForEvent('download'),
      ana.page.getByRole('link', { name: 'Download my data' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^lfit-my-data-\d{4}-\d{2}-\d{2}\.json$/)
    const text = readFileSync((await download.path())!, 'utf8')
    const data = JSON.parse(text) as { user: Record<string, unknown>; enrolments: unknown[] }
    expect(data.user).toMatchObject({ username: ANA, firstName: 'Ana', lastName: 'Novak Kos' })
    expect(data.enrolments).toHaveLength(1)
    expect(text).not.toContain('passwordHash')
    expect(text).not.toContain(EVA)

    // Share the e-mail address with classmates.
    await ana.page.getByLabel('Show my e-mail address to my classmates').check()
    await ana.page
      .locator('[data-section="privacy"] [role="status"]', {
        hasText: 'Saved: your classmates see it now.',
      })
      .waitFor()

    await eva.page.reload()
    await eva.page
      .locator('.classmate', { hasText: 'Ana Novak Kos' })
      .locator(`a[href="mailto:${ANA}"]`)
      .waitFor()
    expect(
      await eva.page
        .locator('.classmate', { hasText: 'Ana Novak Kos' })
        .locator('a[href^="tel:"]')
        .count(),
    ).toBe(0)

    for (const language of LANGUAGES) {
      for (const [who, route, name, ready] of [
        [ana, '/mojRacun', 'mojracun', '[data-section="enrolments"] li'],
        [eva, '/sosolci', 'sosolci', '.classmate'],
      ] as const) {
        await openScreen(who.page, route, language, ready)
        // Nothing wider than the phone: no sideways scrolling in either language.
        const wide = await who.page.evaluate(() =>
          [...document.querySelectorAll('main *')]
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
            .map((element) => `${element.tagName}.${element.className}`)
            .slice(0, 5),
        )
        expect(wide, `${route} ${language.lang}`).toEqual([])
        const file = `participant-${name}-390x844-${language.lang}`
        await who.page.screenshot({ path: join(OUT_DIR, `${file}.png`), caret: 'hide' })
        mkdirSync(SHOTS_DIR, { recursive: true })
        await who.page.screenshot({
          path: join(SHOTS_DIR, `${file}-full.png`),
          fullPage: true,
          caret: 'hide',
        })
      }
    }
    ana.guard.check()
    eva.guard.check()
    await ana.context.close()
    await eva.context.close()
  }, 120_000)

  it('asks for deletion, withdraws it, and signs out on every device', async () => {
    const bor = 'bor.horvat@demo.test'
    const phone = await phoneOf(bor)
    const laptop = await phoneOf(bor)
    await openScreen(phone.page, '/mojRacun', english, 'form input[name="firstName"]')
    const deletion = phone.page.locator('[data-section="deletion"]')
    await deletion.getByLabel('Note for the administrator (optional)').fill('Moving abroad')
    await deletion.getByRole('button', { name: 'Request deletion' }).click()
    await phone.page
      .locator('dialog[open]')
      .getByRole('button', { name: 'Request deletion' })
      .click()
    await deletion.locator('[data-deletion="open"]').waitFor()
    await deletion.getByText(/You asked on .+ for your account and data to be deleted/).waitFor()
    // Still asked after a reload: it is stored, not only shown.
    await phone.page.reload()
    await deletion.locator('[data-deletion="open"]').waitFor()
    await deletion.getByRole('button', { name: 'Withdraw the request' }).click()
    await phone.page.locator('dialog[open]').getByRole('button', { name: 'Withdraw' }).click()
    await deletion.locator('[data-deletion="none"]').waitFor()

    const sessions = phone.page.locator('[data-section="sessions"]')
    await sessions.getByRole('button', { name: 'Sign out on all devices' }).click()
    await phone.page
      .locator('dialog[open]')
      .getByRole('button', { name: 'Sign out everywhere' })
      .click()
    await phone.page.waitForURL((url) => url.pathname === '/auth/login')
    expect((await phone.context.cookies()).map((c) => c.name)).not.toContain('token')
    // The other device's session has ended on the server too: it is answered as a visitor.
    const other = await laptop.context.request.post('/api/auth/user', {
      headers: { origin: server.url },
    })
    expect(other.status()).toBe(200)
    expect(unpack(await other.body())).toMatchObject({ user: null })
    phone.guard.check()
    laptop.guard.check()
    await phone.context.close()
    await laptop.context.close()
  }, 60_000)
})
