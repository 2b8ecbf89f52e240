// The editors' screens in Chromium on a 1024 px tablet: a library item made on /libraryMedia is
// listed at once (saved on the device, sent with the next sync), the form fits the tablet, and
// /projects lists the three fixed projects. Uploads and /dir need the file routes of the server
// (tested at integration with them); this test needs none of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { guardConsole, launch, login, navigateInApp, newContext } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('the editors on a tablet', () => {
  it('a media editor adds a library item and finds it in the list', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'mediaEditor')
    await navigateInApp(page, '/libraryMedia')
    await page.getByRole('button', { name: 'New library item' }).click()
    await page.getByLabel('Title', { exact: true }).fill('Telo in dih')
    await page.getByLabel('Author').fill('Ana Novak')
    await page.getByLabel('Year of publication').fill('19x8')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Enter the year of publication as four digits').waitFor()
    await page.getByLabel('Year of publication').fill('1998')
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
    await page.getByRole('button', { name: 'Save' }).click()
    const row = page.getByRole('row', { name: /Telo in dih/ })
    await row.waitFor()
    expect(await row.textContent()).toContain('Ana Novak')
    await page.getByRole('searchbox', { name: 'Search' }).fill('novak')
    await row.waitFor()
    await page.getByRole('searchbox', { name: 'Search' }).fill('nothing like it')
    await page.getByText('Nothing found.').waitFor()
    guard.check()
    await context.close()
  })

  it('a project editor adds project material to the project chosen', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'projectEditor')
    await navigateInApp(page, '/projectMedia')
    await page.getByLabel('Project', { exact: true }).selectOption('LFITATM2025')
    await page.getByRole('button', { name: 'New project material' }).click()
    // The editor says what is being made, as the button did.
    await page.getByRole('heading', { name: 'New project material' }).waitFor()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Give the material a title in at least one language.').waitFor()
    await page.getByLabel('Title (English)').fill('Breathing together')
    await page.getByRole('radio', { name: 'Link' }).check()
    await page.getByLabel('Web address').fill('https://example.org/breath')
    // The description's editor is the rich-text editor of /test/editor.
    await page.getByRole('textbox', { name: 'Description (English)' }).waitFor()
    await page.getByRole('button', { name: 'Save' }).click()
    const row = page.getByRole('row', { name: /Breathing together/ })
    await row.waitFor()
    expect(await row.textContent()).toContain('LFITATM2025')
    guard.check()
    await context.close()
  })

  it('an admin sees the three projects with their members', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'admin')
    await navigateInApp(page, '/projects')
    for (const project of ['LFIT2024', 'LFITATM2025', 'LFIT2025'])
      await page.getByRole('heading', { name: project }).waitFor()
    await page.getByLabel('Add a member').first().waitFor()
    guard.check()
    await context.close()
  })

  it('a project editor sees the projects as the user directory shows them, without editing', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'projectEditor')
    await navigateInApp(page, '/projects')
    await page.getByRole('heading', { name: 'LFIT2025' }).waitFor()
    await page.getByText('The user directory shows you only your own account').waitFor()
    expect(await page.getByLabel('Add a member').count()).toBe(0)
    guard.check()
    await context.close()
  })
})
