// The public pages written in the app (docs/0050-public-pages-and-news-are-data.md), in Chromium,
// on a server of its own so the edits stay here: an administrator at a desk (1440 px) rewrites
// the home page's title and text in Slovenian and English and publishes it; a visitor's phone
// (390 px), a new device, gets the new text in both languages from the server's rendered HTML
// (before any script runs) and in the app; the earlier version is shown again. No rebuild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { guardConsole, launch, login, newContext } from './support/browser'
import { DEVICES } from './support/screens'
import { serverOfItsOwn } from './support/own-server'

const DESK = { viewport: { width: 1440, height: 900 } }
const NEW_TEXT = {
  sl: { title: 'Gibanje, ki ostane', text: 'Vpis v novi letnik je odprt do 15. januarja.' },
  en: { title: 'Movement that stays', text: 'Enrolment in the new year is open until 15 January.' },
}

const server = serverOfItsOwn('page-editing')
let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

/** The page's HTML as the server sends it to a visitor, no script run. */
async function servedHtml(path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`)
  expect(response.status).toBe(200)
  return response.text()
}

/** Replaces what a rich-text editor holds with one paragraph, typed as a person would. */
async function retype(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label, exact: true })
  await editor.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.type(text)
}

describe('a public page edited in the app', () => {
  it('reaches a visitor in both languages, server-rendered, and an earlier version comes back', async () => {
    const before = await servedHtml('/?SI')
    const context = await newContext(browser, { ...DESK, baseURL: server.url })
    const console = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'admin')
    await page.goto('/urejanjeStrani?stran=home&SI')
    const form = page.locator('.page-form')
    await form.getByLabel('Naslov (slovensko)').fill(NEW_TEXT.sl.title)
    await form.getByLabel('Naslov (angleško)').fill(NEW_TEXT.en.title)
    await retype(page, 'Besedilo (slovensko)', NEW_TEXT.sl.text)
    await retype(page, 'Besedilo (angleško)', NEW_TEXT.en.text)
    await form.getByRole('button', { name: 'Predogled' }).click()
    await expect.poll(() => form.locator('.page-preview').innerText()).toContain(NEW_TEXT.en.text)
    await form.getByRole('button', { name: 'Objavi' }).click()
    await form.getByText('Objavljeno. Obiskovalci zdaj vidijo novo besedilo.').waitFor()

    // A visitor's phone: the server's HTML already says it, in the language asked for.
    const sl = await servedHtml('/?SI')
    expect(sl).toContain(NEW_TEXT.sl.title)
    expect(sl).toContain(NEW_TEXT.sl.text)
    const en = await servedHtml('/?EN')
    expect(en).toContain(NEW_TEXT.en.title)
    expect(en).toContain(NEW_TEXT.en.text)

    const phone = await newContext(browser, { ...DEVICES.phone, baseURL: server.url })
    const phoneConsole = guardConsole(phone)
    const visitor = await phone.newPage()
    await visitor.goto('/?EN')
    await visitor.getByRole('heading', { level: 1, name: NEW_TEXT.en.title }).waitFor()
    await visitor.getByText(NEW_TEXT.en.text).waitFor()
    await visitor.goto('/?SI')
    await visitor.getByRole('heading', { level: 1, name: NEW_TEXT.sl.title }).waitFor()

    // The first version, shown again: the visitor's next page load has the old text back.
    await page.reload()
    await form
      .getByRole('listitem')
      .filter({ hasText: 'prva različica' })
      .getByRole('button')
      .click()
    await form.getByText('Prejšnja različica je znova prikazana.').waitFor()
    const restored = await servedHtml('/?SI')
    expect(restored).not.toContain(NEW_TEXT.sl.text)
    expect(appText(restored)).toBe(appText(before))
    await visitor.goto('/?SI')
    await visitor.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await visitor.locator('.content-page').innerText()).not.toContain(NEW_TEXT.sl.text)

    console.check()
    phoneConsole.check()
    await phone.close()
    await context.close()
  })
})

/** The words of the page's content, as a visitor reads them. */
function appText(html: string): string {
  const start = html.indexOf('<article class="content-page">')
  const end = html.indexOf('</article>', start)
  return html
    .slice(start, end)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
