// /nadomescanja in real Chromium against the real server: a make-up editor creates a session
// through the form (date typed day first, 24-hour times, a segment from the schedule, the
// educator) and finds it listed with its places; a participant has no such screen and the server
// refuses them the call. Then the screenshots of the screen at a desk (1440) and on a phone (390)
// in both languages, written to e2e/screenshots/ like the other personas' screens, each checked
// with axe for serious barriers.
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import axe from 'axe-core'
import type { Browser, Page } from 'playwright-core'
import { repoRoot } from './support/app-build'
import { demoUser, guardConsole, launch, login, newContext } from './support/browser'
import { DEVICES, LANGUAGES, openScreen } from './support/screens'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const OUT_DIR = join(repoRoot, 'e2e/screenshots')
const ROUTE = '/nadomescanja'
const READY = '.makeup-sessions h2'
/** A place no other e2e file uses: the sessions of earlier files are listed on the same screen. */
const PLACE = `Dvorana Tivoli ${Date.now().toString(36)}, Ljubljana`

/** A date a month ahead, typed day first as a person types it ("5. 1. 2027"). */
function monthAhead(): { typed: string; dayStr: string } {
  const day = new Date(Date.now() + 30 * 86_400_000)
  const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()]
  return {
    typed: `${d}. ${m}. ${y}`,
    dayStr: `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
  }
}

let browser: Browser
beforeAll(async () => {
  browser = await launch()
  mkdirSync(OUT_DIR, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

describe('/nadomescanja', () => {
  it('a make-up editor creates a session through the form and sees it listed', async () => {
    const context = await newContext(browser, DEVICES.desktop)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'makeupEditor')
    await openScreen(page, ROUTE, LANGUAGES[0], READY)

    await page.getByRole('button', { name: 'New session' }).click()
    const dialog = page.locator('dialog[open]')
    const { typed, dayStr } = monthAhead()
    await dialog.locator('input[name="dayStr"]').fill(typed)
    await dialog.locator('input[name="dayStr"]').blur()
    await dialog.locator('select[name="fromHour"]').selectOption('17:00')
    await dialog.locator('select[name="toHour"]').selectOption('20:30')
    await dialog.locator('input[name="place"]').fill(PLACE)
    await dialog.locator('input[name="capacity"]').fill('8')
    await dialog.getByLabel('Segment 12 (year 4)', { exact: true }).check()
    await dialog.locator('select[name="educator"]').selectOption(demoUser('educator'))
    await dialog.getByRole('button', { name: 'Create session' }).click()

    const card = page.locator(`li.makeup-session`, { hasText: PLACE })
    await card.waitFor()
    await expect(card.textContent()).resolves.toContain('17:00–20:30')
    await expect(card.textContent()).resolves.toContain('0 of 8 places taken')
    await expect(card.textContent()).resolves.toContain('Segment 12')
    // Stored on the server: a fresh load lists it on the date typed, written out in full.
    await openScreen(page, ROUTE, LANGUAGES[0], READY)
    await card.waitFor()
    const [y, m, d] = dayStr.split('-').map(Number) as [number, number, number]
    await expect(card.locator('h3').textContent()).resolves.toContain(
      `${d} ${MONTHS[m - 1] as string} ${y}`,
    )
    guard.check()
    await context.close()
  })

  it('an admin records a missed day as made up otherwise with a note, and undoes it', async () => {
    const context = await newContext(browser, DEVICES.desktop)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'admin')
    await openScreen(page, ROUTE, LANGUAGES[0], READY)
    await page.getByRole('tab', { name: 'Who needs make-ups' }).click()
    const row = page.locator('.makeup-needs-list > li').first()
    await row.waitFor()
    const person = await row.getAttribute('data-participant')
    const mine = page.locator(`.makeup-needs-list > li[data-participant="${person}"]`)
    const day = await mine.locator('.makeup-outstanding li strong').first().textContent()
    await mine.getByRole('button', { name: 'Made up otherwise…' }).first().click()
    const dialog = page.locator('dialog[open]')
    // No note, nothing recorded: the note is the only trace of how.
    await dialog.getByRole('button', { name: 'Record as made up' }).click()
    await dialog.getByText('Say how the day was made up').waitFor()
    await dialog
      .locator('textarea[name="reason"]')
      .fill('Studied the recordings, summary handed in')
    await dialog.getByRole('button', { name: 'Record as made up' }).click()
    const made = mine.locator('.makeup-made-up li', { hasText: day ?? '' })
    await made.getByText('Studied the recordings, summary handed in').waitFor()

    await made.getByRole('button', { name: 'Undo' }).click()
    await page.locator('dialog[open]').getByRole('button', { name: 'Undo' }).click()
    await made.waitFor({ state: 'detached' })
    guard.check()
    await context.close()
  })

  it('a participant has no /nadomescanja and the server refuses them its calls', async () => {
    const context = await newContext(browser, DEVICES.phone)
    const guard = guardConsole(context)
    const page = await context.newPage()
    // The refused calls below are logged by the browser as failed loads.
    guard.allow(/status of 403/)
    await login(page, 'participant')
    await page.goto(`${ROUTE}?lang=EN`)
    await page.locator(`.route[data-route="${ROUTE}"][data-access="forbidden"]`).waitFor()
    await expect(page.locator('.makeups-admin').count()).resolves.toBe(0)
    const statuses = await page.evaluate(async () =>
      Promise.all(
        ['/api/makeups/create', '/api/makeups/settings', '/api/makeups/changeThresholds'].map(
          async (path) => (await fetch(path, { method: 'POST' })).status,
        ),
      ),
    )
    expect(statuses).toEqual([403, 403, 403])
    guard.check()
    await context.close()
  })
})

/** axe's serious and critical findings on the page (its minor advice is not a barrier). */
async function barriers(page: Page): Promise<string[]> {
  // Installed through the DevTools protocol, as the accessibility test does, under the CSP.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}

/** Each tab of the screen, what shows it has its content, and its part of the file name. */
const TABS = [
  { tab: 0, ready: READY, name: '' },
  { tab: 1, ready: '.makeup-needs .makeup-filters', name: '-needs' },
  { tab: 2, ready: '.makeup-settings h2', name: '-settings' },
]

for (const device of [DEVICES.desktop, DEVICES.phone]) {
  const { width, height } = device.viewport
  for (const language of LANGUAGES) {
    it(`screenshots of /nadomescanja at ${width}x${height} in ${language.lang}`, async () => {
      const context = await newContext(browser, device)
      const guard = guardConsole(context)
      const page = await context.newPage()
      await login(page, 'admin')
      await openScreen(page, ROUTE, language, READY)
      for (const { tab, ready, name } of TABS) {
        await page.locator('[role="tab"]').nth(tab).click()
        await page.locator(ready).first().waitFor()
        const file = join(
          OUT_DIR,
          `makeup-admin-nadomescanja${name}-${width}x${height}-${language.lang}.png`,
        )
        rmSync(file, { force: true })
        await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' })
        expect(statSync(file).size).toBeGreaterThan(0)
        expect(readFileSync(file).readUInt32BE(16)).toBe(width)
        expect(await barriers(page)).toEqual([])
      }
      // The session form, as an editor sees it on opening it.
      await page.locator('[role="tab"]').nth(0).click()
      await page.locator('.makeup-sessions > .btn-row .btn-primary').click()
      await page
        .locator('dialog[open] select[name="educator"] option')
        .nth(1)
        .waitFor({ state: 'attached' })
      const form = join(
        OUT_DIR,
        `makeup-admin-nadomescanja-form-${width}x${height}-${language.lang}.png`,
      )
      await page.screenshot({ path: form, animations: 'disabled', caret: 'hide' })
      expect(readFileSync(form).readUInt32BE(16)).toBe(width)
      expect(await barriers(page)).toEqual([])
      guard.check()
      await context.close()
    })
  }
}
