// Large uploads on /libraryMedia at a librarian's desk (1440 px, Slovenian), on the real server
// and Chromium: a PDF cut off by the network goes on by itself when the network is back, from
// where the server's copy ends; one cut by a reload goes on after it (the file and its upload's
// address are kept on the device), on /mediji too; and Save neither drops a file still on its way nor pretends a
// stopped one is in (docs/0041-uploads-resume-by-themselves.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { goOffline, goOnline, guardConsole, launch, login, newContext } from './support/browser'
import { DEVICES, LANGUAGES, openScreen } from './support/screens'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SLOVENIAN = LANGUAGES[1]

/** The browser's upload piece (web/src/editing/upload.ts): a file of two pieces can be cut. */
const PIECE = 8 * 1024 * 1024

/** A PDF the server's sniffer recognises, `size` bytes long. */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')
  const tail = Buffer.from('\n%%EOF\n')
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 'breath '), tail])
}

const PDF = pdf(PIECE + 1_000_000)

/** An MP3 (an ID3 tag, then frames) of at least `size` bytes. */
function mp3(size: number): Buffer {
  const frame = Buffer.alloc(417)
  frame.set([0xff, 0xfb, 0x90, 0x64])
  const id3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0])])
  return Buffer.concat([id3, ...Array.from({ length: Math.ceil(size / 417) }, () => frame)])
}

interface Cut {
  /** The offsets of the pieces sent, in order. */
  offsets: number[]
  /** Resolves with the held request once the second piece is on its way. */
  held: Promise<Route>
}

/**
 * Holds the upload's second piece (the first is in): the moment the network or the page goes.
 * Later pieces pass.
 */
async function cutAtSecondPiece(page: Page): Promise<Cut> {
  const offsets: number[] = []
  let hold: (route: Route) => void = () => undefined
  const held = new Promise<Route>((resolve) => (hold = resolve))
  let cut = false
  await page.route('**/api/files/uploads/**', async (route) => {
    const request = route.request()
    if (request.method() === 'PATCH') {
      const offset = Number(request.headers()['upload-offset'])
      offsets.push(offset)
      if (offset === PIECE && !cut) {
        cut = true
        return hold(route)
      }
    }
    return route.continue()
  })
  return { offsets, held }
}

async function librarianDesk(): Promise<{ context: BrowserContext; page: Page }> {
  // No service worker, so every upload request is the page's own (and reaches the route).
  const context = await newContext(browser, { ...DEVICES.desktop, serviceWorkers: 'block' })
  const page = await context.newPage()
  await login(page, 'librarian')
  await openScreen(page, '/libraryMedia', SLOVENIAN, 'h1')
  return { context, page }
}

async function newItem(page: Page, title: string, file: string) {
  await page.getByRole('button', { name: 'Nova enota knjižnice' }).click()
  await page.getByLabel('Naslov', { exact: true }).fill(title)
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: file, mimeType: 'application/pdf', buffer: PDF })
}

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

/** Saves the form and sends it, then opens the item again and answers the files it lists. */
async function saveAndReopen(page: Page, title: string): Promise<string[]> {
  await page.getByRole('button', { name: 'Shrani', exact: true }).click()
  const row = page.getByRole('row', { name: new RegExp(title) })
  await row.waitFor()
  await expect.poll(() => outboxSize(page), { timeout: 30_000 }).toBe(0)
  await row.getByRole('button', { name: 'Uredi' }).click()
  await page.locator('li[data-file]').first().waitFor()
  return page
    .locator('li[data-file]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-file') as string))
}

describe('large uploads on /libraryMedia', () => {
  it('go on by themselves when the network is back, and Save waits for them', async () => {
    const { context, page } = await librarianDesk()
    const guard = guardConsole(context)
    guard.allow(/net::ERR_INTERNET_DISCONNECTED/)
    const cut = await cutAtSecondPiece(page)
    const title = `Anatomija glasu ${Date.now()}`
    await newItem(page, title, 'anatomija-glasu.pdf')

    // The network goes as the second piece leaves.
    const held = await cut.held
    await goOffline(context)
    await held.abort('internetdisconnected')
    const upload = page.locator('li[data-upload="anatomija-glasu.pdf"]')
    await upload.and(page.locator('[data-state="offline"]')).waitFor()
    expect(await upload.getByRole('status').textContent()).toContain('Čaka na povezavo')
    const save = page.getByRole('button', { name: 'Čakam, da se nalaganje konča …' })
    expect(await save.isDisabled()).toBe(true)

    // Back online, nobody presses anything: it goes on from the second piece and is attached.
    await goOnline(context)
    await page.locator('li[data-file="anatomija-glasu.pdf"]').waitFor({ timeout: 30_000 })
    expect(cut.offsets).toEqual([0, PIECE, PIECE])
    expect(await saveAndReopen(page, title)).toEqual(['anatomija-glasu.pdf'])
    guard.check()
    await context.close()
  })

  it('go on after a reload, from where the server’s copy ends', async () => {
    const { context, page } = await librarianDesk()
    const guard = guardConsole(context)
    guard.allow(/net::ERR_CONNECTION_RESET/)
    const cut = await cutAtSecondPiece(page)
    const title = `Dih in drža ${Date.now()}`
    await newItem(page, title, 'dih-in-drza.pdf')

    // The page reloads as the second piece leaves: the item's form opens again and goes on.
    const held = await cut.held
    await page.reload()
    await held.abort('connectionreset').catch(() => undefined)
    await page.locator('li[data-file="dih-in-drza.pdf"]').waitFor({ timeout: 30_000 })
    expect(cut.offsets).toEqual([0, PIECE, PIECE])
    await page.getByLabel('Naslov', { exact: true }).fill(title)
    expect(await saveAndReopen(page, title)).toEqual(['dih-in-drza.pdf'])
    guard.check()
    await context.close()
  })

  it('are not dropped by Save: a stopped upload stops the save with a plain word', async () => {
    const { context, page } = await librarianDesk()
    const guard = guardConsole(context)
    guard.allow(/net::ERR_CONNECTION_RESET/)
    const cut = await cutAtSecondPiece(page)
    const title = `Ustavljeno ${Date.now()}`
    await newItem(page, title, 'ustavljeno.pdf')
    const held = await cut.held
    await page.getByRole('button', { name: 'Ustavi' }).click()
    await held.abort('connectionreset').catch(() => undefined)
    await page.getByRole('button', { name: 'Nadaljuj' }).waitFor()

    await page.getByRole('button', { name: 'Shrani', exact: true }).click()
    const refusal = page.locator('[data-unfinished-uploads]')
    await refusal.waitFor()
    expect(await refusal.textContent()).toContain(
      'Ni shranjeno: datoteka se še nalaga (ustavljeno.pdf)',
    )
    // Nothing was saved: the form is still open and the list does not have the item.
    expect(await page.getByRole('heading', { name: 'Nova enota knjižnice' }).count()).toBe(1)

    // Resumed, it finishes, and the item is saved with it.
    await page.getByRole('button', { name: 'Nadaljuj' }).click()
    await page.locator('li[data-file="ustavljeno.pdf"]').waitFor({ timeout: 30_000 })
    expect(await saveAndReopen(page, title)).toEqual(['ustavljeno.pdf'])
    guard.check()
    await context.close()
  })

  it('go on after a reload on /mediji too: the recording’s form opens again', async () => {
    const context = await newContext(browser, { ...DEVICES.desktop, serviceWorkers: 'block' })
    const guard = guardConsole(context)
    guard.allow(/net::ERR_CONNECTION_RESET/)
    const page = await context.newPage()
    await login(page, 'mediaEditor')
    await openScreen(page, '/mediji', SLOVENIAN, 'h1')
    const cut = await cutAtSecondPiece(page)
    const title = `Glasovna vaja ${Date.now()}`
    await page.getByRole('button', { name: 'Nov posnetek' }).click()
    await page.locator('input[type="file"][multiple]').setInputFiles({
      name: 'glasovna-vaja.mp3',
      mimeType: 'audio/mpeg',
      buffer: mp3(PIECE + 600_000),
    })

    const held = await cut.held
    await page.reload()
    await held.abort('connectionreset').catch(() => undefined)
    await page.locator('li[data-file="glasovna-vaja.mp3"]').waitFor({ timeout: 30_000 })
    expect(cut.offsets).toEqual([0, PIECE, PIECE])
    await page.getByLabel('Naslov (slovensko)').fill(title)
    await page.getByRole('checkbox', { name: '1. letnik', exact: true }).check()
    await page.getByRole('radio', { name: 'Udeleženci njegovih letnikov in projektov' }).check()
    expect(await saveAndReopen(page, title)).toEqual(['glasovna-vaja.mp3'])
    guard.check()
    await context.close()
  })
})
