// Learning material from the editor's desk to a participant's phone, on the real server and
// Chromium: a media editor uploads a PDF and a recording (the recording's upload is cut once
// after its first 8 MiB piece and goes on from there, not from the start), attaches them to a
// segment of year 1; a participant of year 1 finds them on /gradiva, keeps the segment offline,
// goes offline, reloads and opens both; a participant of year 2 and a year-1 participant limited
// to another educator's material neither see the material nor can fetch its files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page, Request } from 'playwright-core'
import {
  afterFirstSync,
  apiCall,
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
import { DEVICES } from './support/screens'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** The browser's upload piece (web/src/editing/upload.ts). */
const PIECE = 8 * 1024 * 1024

/** A PDF the server's sniffer recognises, `size` bytes long. */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')
  const tail = Buffer.from('\n%%EOF\n')
  const body = Buffer.alloc(size - head.length - tail.length, 'breath ')
  return Buffer.concat([head, body, tail])
}

/** An MP3 (an ID3 tag, then frames) of at least `size` bytes: two upload pieces. */
function mp3(size: number): Buffer {
  const frame = Buffer.alloc(417)
  frame.set([0xff, 0xfb, 0x90, 0x64])
  const id3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0])])
  return Buffer.concat([id3, ...Array.from({ length: Math.ceil(size / 417) }, () => frame)])
}

const PDF = pdf(150_000)
const MP3 = mp3(PIECE + 600_000)
const TITLE = `Voice and breath ${Date.now()}`
const OTHER_EDUCATOR = 'Someone Else'

/** Ana Novak is in year 1, Bor Horvat in year 2, Eva Zupan in year 1 (the demo data). */
const ANA = 'ana.novak@demo.test'
const BOR = 'bor.horvat@demo.test'
const EVA = 'eva.zupan@demo.test'

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

/** What the page's fetch of a file answers: status and bytes (or 'failed' without network). */
async function fetchFile(page: Page, href: string, range?: string) {
  return page.evaluate(
    async ({ href, range }) => {
      try {
        const response = await fetch(href, { headers: range ? { Range: range } : {} })
        const bytes = new Uint8Array(await response.arrayBuffer())
        return { status: response.status, size: bytes.length, first: bytes[0], last: bytes.at(-1) }
      } catch {
        return 'failed' as const
      }
    },
    { href, range },
  )
}

async function participantPhone(username: string) {
  const context = await newContext(browser, DEVICES.phone)
  const guard = guardConsole(context)
  const page = await context.newPage()
  await login(page, 'participant', { username, password: DEMO_PASSWORD })
  return { context, guard, page }
}

/** /gradiva drawn from the device's first pull: its material, or that there is none. */
async function openMyMaterial(page: Page) {
  await navigateInApp(page, '/gradiva')
  await afterFirstSync(page)
  await page.locator('.materials-page :is(article.material, [data-empty])').first().waitFor()
}

describe('material from the editor to the participants', () => {
  it('is uploaded resumably, read and kept offline by its year, and hidden from others', async () => {
    // A year-1 participant limited to another educator's material.
    const admin = await newContext(browser)
    const adminPage = await admin.newPage()
    await login(adminPage, 'admin')
    const limited = await apiCall(admin, '/api/db/users/upsert', {
      query: { _id: EVA },
      update: { $set: { showOnlyEducators: [OTHER_EDUCATOR] } },
    })
    expect(limited).toBe(200)
    await admin.close()

    // The media editor at a tablet; no service worker, so every upload request is the page's.
    const desk = await newContext(browser, { ...DEVICES.tablet, serviceWorkers: 'block' })
    const deskGuard = guardConsole(desk)
    const editor = await desk.newPage()
    const pieces: { url: string; offset: number }[] = []
    let cut = false
    await editor.route('**/api/files/uploads/**', async (route) => {
      const request: Request = route.request()
      if (request.method() === 'PATCH') {
        const offset = Number(request.headers()['upload-offset'])
        pieces.push({ url: request.url(), offset })
        // The studio Wi-Fi drops once, as the recording's second piece goes out.
        if (offset === PIECE && !cut) {
          cut = true
          return route.abort('connectionreset')
        }
      }
      return route.continue()
    })
    deskGuard.allow(/net::ERR_CONNECTION_RESET/)
    await login(editor, 'mediaEditor')
    await navigateInApp(editor, '/gradivaSeznam')
    await editor.getByRole('button', { name: 'New material' }).click()
    await editor.getByLabel('Title (English)').fill(TITLE)
    await editor.getByLabel('Title (Slovenian)').fill(`Glas in dih ${TITLE.slice(-13)}`)
    await editor.locator('input[type="file"]').setInputFiles([
      { name: 'breathing-notes.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'voice-exercise.mp3', mimeType: 'audio/mpeg', buffer: MP3 },
    ])
    await editor.getByRole('checkbox', { name: 'Year 1', exact: true }).check()
    await editor.getByRole('checkbox', { name: 'Segment 3', exact: true }).check()
    await editor.getByRole('combobox', { name: 'Educators' }).fill('Maja Plesna')
    await editor.getByRole('radio', { name: 'Participants of its years and projects' }).check()
    // Save waits for the uploads, then the material is queued and sent.
    await editor.getByRole('button', { name: 'Save' }).click()
    await editor.getByRole('row', { name: new RegExp(TITLE) }).waitFor({ timeout: 60_000 })
    // Listed means queued; sent once nothing waits in the editor's outbox any more.
    await expect.poll(() => outboxSize(editor), { timeout: 30_000 }).toBe(0)

    // The recording went in two pieces, and after the cut it went on from the second one.
    expect(cut).toBe(true)
    const recording = pieces.filter((piece) => piece.url === pieces.find((p) => p.offset > 0)?.url)
    expect(recording.map((piece) => piece.offset)).toEqual([0, PIECE, PIECE])
    deskGuard.check()
    await desk.close()

    // Ana (year 1) reads it on her phone, keeps the segment offline and opens both offline.
    const ana = await participantPhone(ANA)
    ana.guard.allow(/net::ERR_INTERNET_DISCONNECTED/)
    await openMyMaterial(ana.page)
    const card = ana.page.locator('article.material', { hasText: TITLE })
    await card.waitFor()
    const links = await card
      .locator('a[href^="/api/files/"]')
      .evaluateAll((anchors) => [...new Set(anchors.map((a) => a.getAttribute('href') as string))])
    expect(links).toHaveLength(2)
    const pdfHref = (await card
      .getByRole('link', { name: /breathing-notes\.pdf/ })
      .getAttribute('href')) as string
    const audioHref = links.find((href) => href !== pdfHref) as string
    expect(links).toContain(pdfHref)
    expect(await fetchFile(ana.page, pdfHref)).toMatchObject({
      status: 200,
      size: PDF.length,
    })

    await waitForServiceWorker(ana.page)
    const segment = ana.page.locator('section.material-group', {
      has: ana.page.locator('h2', { hasText: 'Year 1 · Segment 3' }),
    })
    await segment.getByRole('button', { name: 'Keep offline: Year 1 · Segment 3' }).click()
    await segment.locator('.material-group-head [data-offline="kept"]').waitFor({ timeout: 30_000 })

    await goOffline(ana.context)
    await ana.page.reload()
    await card.waitFor()
    expect(await fetchFile(ana.page, pdfHref)).toEqual({
      status: 200,
      size: PDF.length,
      first: PDF[0],
      last: PDF.at(-1),
    })
    expect(await fetchFile(ana.page, audioHref)).toMatchObject({ status: 200, size: MP3.length })
    // The recording seeks offline: a range is answered from the device.
    expect(await fetchFile(ana.page, audioHref, `bytes=${PIECE}-${PIECE + 9}`)).toMatchObject({
      status: 206,
      size: 10,
    })
    await goOnline(ana.context)
    ana.guard.check()

    // Bor (year 2) and Eva (year 1, limited to another educator) neither see nor fetch it.
    for (const username of [BOR, EVA]) {
      const other = await participantPhone(username)
      other.guard.allow(/status of 404 .*\/api\/files\//)
      await openMyMaterial(other.page)
      expect(await other.page.locator('article.material', { hasText: TITLE }).count()).toBe(0)
      expect(await fetchFile(other.page, pdfHref)).toMatchObject({ status: 404 })
      expect(await fetchFile(other.page, audioHref)).toMatchObject({ status: 404 })
      other.guard.check()
      await other.context.close()
    }
    await ana.context.close()
  })
})
