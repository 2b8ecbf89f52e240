// Files and media as their people meet them, in Slovenian, on the real server and Chromium: a
// media editor's WAV makes a new recording audio (1440 px); a participant's menu item "Posnetki"
// leads to the recordings, and offline a recording not kept on the phone says why it cannot play
// (390 px); the library names languages and keeps an item's PDF for offline use (390 px); and the
// file directory is one "Imenik datotek" with file names, types in words and folders, open to
// registration editors and librarians (1440 px).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import {
  afterFirstSync,
  DEMO_PASSWORD,
  goOffline,
  goOnline,
  guardConsole,
  launch,
  login,
  newContext,
  waitForServiceWorker,
} from './support/browser'
import { DEVICES, LANGUAGES, openScreen } from './support/screens'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SLOVENIAN = LANGUAGES[1]
/** Ana Novak is in year 1 (the demo data). */
const ANA = 'ana.novak@demo.test'
const STAMP = Date.now()
const RECORDING = `Dihalna vaja ${STAMP}`
const BOOK = `Glas in telo ${STAMP}`
const WAV_NAME = `dihalna-vaja-${STAMP}.wav`
const PDF_NAME = `glas-in-telo-${STAMP}.pdf`

/** A WAV of `seconds` of silence (8 kHz, 8-bit mono) that the server's sniffer recognises. */
function wav(seconds: number): Buffer {
  const rate = 8_000
  const samples = rate * seconds
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + samples, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate, 28)
  header.writeUInt16LE(1, 32)
  header.writeUInt16LE(8, 34)
  header.write('data', 36)
  header.writeUInt32LE(samples, 40)
  return Buffer.concat([header, Buffer.alloc(samples, 128)])
}

function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')
  const tail = Buffer.from('\n%%EOF\n')
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 'voice '), tail])
}
const PDF = pdf(120_000)

/** How many edits wait on the page's device. */
function outboxSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('lfit')
        open.onerror = () => reject(new Error('no device database'))
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count()
          count.onsuccess = () => {
            open.result.close()
            resolve(count.result)
          }
        }
      }),
  )
}

async function desk(role: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, DEVICES.desktop)
  const page = await context.newPage()
  await login(page, role)
  return { context, page }
}

async function anaPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, DEVICES.phone)
  const page = await context.newPage()
  await login(page, 'participant', { username: ANA, password: DEMO_PASSWORD })
  return { context, page }
}

/** What the page's fetch of a file answers: status and size (or 'failed' without network). */
async function fetchFile(page: Page, href: string) {
  return page.evaluate(async (address) => {
    try {
      const response = await fetch(address)
      return { status: response.status, size: (await response.arrayBuffer()).byteLength }
    } catch {
      return 'failed' as const
    }
  }, href)
}

describe('files and media', () => {
  it('makes a new recording from a WAV an audio recording (/mediji, 1440 px)', async () => {
    const { context, page } = await desk('mediaEditor')
    const guard = guardConsole(context)
    await openScreen(page, '/mediji', SLOVENIAN, 'table.edit-list-table thead')
    await page.getByRole('button', { name: 'Nov posnetek' }).click()
    // /mediji starts a new recording as a video.
    expect(await page.getByRole('radio', { name: 'Video' }).isChecked()).toBe(true)
    await page.getByLabel('Naslov (slovensko)').fill(RECORDING)
    await page
      .locator('fieldset', { hasText: 'Datoteke' })
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: WAV_NAME, mimeType: 'audio/wav', buffer: wav(2) })
    await page.locator(`li[data-file="${WAV_NAME}"]`).waitFor({ timeout: 30_000 })
    expect(await page.getByRole('radio', { name: 'Zvok' }).isChecked()).toBe(true)
    await page.getByRole('checkbox', { name: '1. letnik', exact: true }).check()
    await page.getByRole('radio', { name: 'Udeleženci njegovih letnikov in projektov' }).check()
    await page.getByRole('button', { name: 'Shrani', exact: true }).click()
    await page.getByRole('row', { name: new RegExp(RECORDING) }).waitFor()
    await expect.poll(() => outboxSize(page), { timeout: 30_000 }).toBe(0)
    guard.check()
    await context.close()
  })

  it('leads the menu’s “Posnetki” to the recordings and says offline why one cannot play (390 px)', async () => {
    const { context, page } = await anaPhone()
    const guard = guardConsole(context)
    guard.allow(/net::ERR_INTERNET_DISCONNECTED/)
    await openScreen(page, '/urnik', SLOVENIAN)
    await afterFirstSync(page)
    await page.locator('button.app-bar-menu').click()
    await page.locator('dialog#nav-drawer[open]').getByRole('link', { name: 'Posnetki' }).click()
    await page.getByRole('heading', { level: 1, name: 'Posnetki' }).waitFor()
    expect(await page.getByText('Ta posnetek ni na tej napravi').count()).toBe(0)
    await page.getByRole('link', { name: new RegExp(RECORDING) }).click()
    await page.getByRole('heading', { level: 1, name: RECORDING }).waitFor()
    expect(await page.locator('[data-unavailable]').count()).toBe(0)

    await goOffline(context)
    const why = page.locator('[data-unavailable]')
    await why.waitFor()
    expect(await why.textContent()).toContain(
      'Ta posnetek ni shranjen na tej napravi in povezave ni',
    )
    await goOnline(context)
    await why.waitFor({ state: 'detached' })
    guard.check()
    await context.close()
  })

  it('names languages and keeps a library item for offline use (/knjiznjica, 390 px)', async () => {
    const librarian = await desk('librarian')
    await openScreen(librarian.page, '/libraryMedia', SLOVENIAN, 'h1')
    await librarian.page.getByRole('button', { name: 'Nova enota knjižnice' }).click()
    await librarian.page.getByLabel('Naslov', { exact: true }).fill(BOOK)
    await librarian.page.getByRole('textbox', { name: 'Jezik', exact: true }).fill('en')
    await librarian.page
      .locator('input[type="file"]')
      .setInputFiles({ name: PDF_NAME, mimeType: 'application/pdf', buffer: PDF })
    await librarian.page.locator(`li[data-file="${PDF_NAME}"]`).waitFor({ timeout: 30_000 })
    await librarian.page.getByRole('button', { name: 'Shrani', exact: true }).click()
    const row = librarian.page.getByRole('row', { name: new RegExp(BOOK) })
    await row.waitFor()
    expect(await row.textContent()).toContain('Angleščina')
    await expect.poll(() => outboxSize(librarian.page), { timeout: 30_000 }).toBe(0)
    await librarian.context.close()

    const { context, page } = await anaPhone()
    const guard = guardConsole(context)
    guard.allow(/net::ERR_INTERNET_DISCONNECTED/)
    await openScreen(page, '/knjiznjica', SLOVENIAN)
    await afterFirstSync(page)
    const item = page.locator('tr[data-item]', { hasText: BOOK })
    await item.waitFor()
    expect(await item.locator('td[data-label="Jezik"]').textContent()).toBe('Angleščina')
    const href = (await item
      .getByRole('link', { name: new RegExp(PDF_NAME) })
      .getAttribute('href')) as string

    await waitForServiceWorker(page)
    await item.getByRole('button', { name: `Shrani za uporabo brez povezave: ${BOOK}` }).click()
    await item.locator('[data-offline="kept"]').waitFor({ timeout: 30_000 })
    await goOffline(context)
    await page.reload()
    await item.locator('[data-offline="kept"]').waitFor()
    expect(await fetchFile(page, href)).toEqual({ status: 200, size: PDF.length })
    await goOnline(context)
    guard.check()
    await context.close()
  })

  it.each(['regEditor', 'librarian'])(
    'opens the file directory to %s, with file names, types in words and folders (1440 px)',
    async (role) => {
      const { context, page } = await desk(role)
      const guard = guardConsole(context)
      await openScreen(page, '/dir', SLOVENIAN, 'table.edit-list-table tbody tr')
      expect(await page.title()).toContain('Imenik datotek')
      expect(await page.locator('h1').textContent()).toBe('Imenik datotek')
      const headings = await page.locator('table.edit-list-table thead th').allTextContents()
      expect(headings.join(' | ')).toContain('Ime datoteke')
      expect(headings.join(' | ')).not.toContain('Ime in priimek')
      const rowOf = (name: string) => page.getByRole('row', { name: new RegExp(name) })
      expect(await rowOf(WAV_NAME).textContent()).toContain('Zvočni posnetek WAV')
      expect(await rowOf(PDF_NAME).textContent()).toContain('Dokument PDF')
      expect(await page.locator('tbody').textContent()).not.toMatch(/(application|audio)\//)

      // The library's folder has the book's PDF and not the recording.
      const folders = page.getByLabel('Mapa')
      await folders.selectOption({ label: (await folderOption(page, 'Knjižnica')) ?? '' })
      await rowOf(WAV_NAME).waitFor({ state: 'detached' })
      expect(await rowOf(PDF_NAME).count()).toBe(1)
      guard.check()
      await context.close()
    },
  )
})

/** The label of the folder choice that starts with `name` (it ends with its count). */
function folderOption(page: Page, name: string): Promise<string | undefined> {
  return page
    .getByLabel('Mapa')
    .locator('option')
    .evaluateAll(
      (options, start) =>
        options.map((option) => option.textContent ?? '').find((text) => text.startsWith(start)),
      name,
    )
}
