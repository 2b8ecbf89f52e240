// A shared computer keeps nothing of the last person (docs/0034-shared-devices-forget-the-last-user.md):
// a participant keeps a material's file offline and has her absences on the device; her session
// ends overnight and an absence she reports offline cannot be sent; she logs out. The device
// then holds no material, no absence, no kept file, only her unsent edit. The next participant
// who logs in sees none of hers and cannot send it; when she logs in again it is sent. Real
// server, Debian's Chromium with its service worker and Cache API, no mocks, no sleeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Packr } from 'msgpackr'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { AbsenceRecord } from '@lfit/domain/records/absence'
import { SYNC_PROTOCOL_VERSION, type PullResponse } from '@lfit/domain/sync/protocol'
import {
  afterFirstSync,
  baseURL,
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

/** Ana Novak is in year 1, Bor Horvat in year 2 (the demo data). */
const ANA = 'ana.novak@demo.test'
const BOR = 'bor.horvat@demo.test'
const RUN = Date.now().toString(36)
const TITLE = `Shared device notes ${RUN}`
const MSGPACK = 'application/msgpack'
const packr = new Packr({ useRecords: false, mapsAsObjects: true })

/** A PDF the server's sniffer recognises. */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')
  const tail = Buffer.from('\n%%EOF\n')
  const body = Buffer.alloc(size - head.length - tail.length, 'breath ')
  return Buffer.concat([head, body, tail])
}

interface DeviceState {
  /** Rows per object store of the device database. */
  rows: Record<string, number>
  metaKeys: string[]
  owner: unknown
  outbox: { id: string; user: string; collection: string }[]
  materialTitles: string[]
  absenceParticipants: string[]
  /**
   * Files kept in the `lfit-files` cache (none when the cache is gone: a screen or the service
   * worker that looks into it opens it again, empty).
   */
  keptFiles: number
}

/** What the device keeps, read with the browser's own IndexedDB and Cache APIs. */
function deviceState(page: Page): Promise<DeviceState> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('lfit')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(new Error(String(open.error)))
    })
    const names = [...db.objectStoreNames]
    const tx = db.transaction(names)
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(new Error(String(request.error)))
      })
    const rows: Record<string, number> = {}
    for (const name of names) rows[name] = await read(tx.objectStore(name).count())
    const metaKeys = (await read(tx.objectStore('meta').getAllKeys())) as string[]
    const owner = ((await read(tx.objectStore('meta').get('owner'))) as { value?: unknown })?.value
    const outbox = (
      (await read(tx.objectStore('outbox').getAll())) as {
        mutation: { id: string; collection: string }
        user: string
      }[]
    ).map((entry) => ({
      id: entry.mutation.id,
      user: entry.user,
      collection: entry.mutation.collection,
    }))
    const materialTitles = (
      (await read(tx.objectStore('materials').getAll())) as { titleEn: string }[]
    ).map((material) => material.titleEn)
    const absenceParticipants = (
      (await read(tx.objectStore('absences').getAll())) as { participant: string }[]
    ).map((absence) => absence.participant)
    db.close()
    // `caches.open` would make the cache: asked first whether it is there at all.
    const keptFiles = (await caches.has('lfit-files'))
      ? (await (await caches.open('lfit-files')).keys()).length
      : 0
    return { rows, metaKeys, owner, outbox, materialTitles, absenceParticipants, keptFiles }
  })
}

/** Every absence the context's user may read, by a full pull from the server. */
async function serverAbsences(context: BrowserContext): Promise<AbsenceRecord[]> {
  const found: AbsenceRecord[] = []
  let cursor: string | null = null
  for (;;) {
    const response = await context.request.post(`${baseURL()}/api/db/absences/pull`, {
      headers: { 'content-type': MSGPACK, accept: MSGPACK },
      data: Buffer.from(packr.pack({ v: SYNC_PROTOCOL_VERSION, cursor })),
    })
    expect(response.status()).toBe(200)
    const body = packr.unpack(await response.body()) as PullResponse
    found.push(...(body.changes.absences as AbsenceRecord[]))
    if (!body.more) return found
    cursor = body.cursor
  }
}

/** Reports an absence of the signed-in participant on /odsotnostOsebe. */
async function reportAbsence(page: Page, fromDay: string, reason: string) {
  const form = page.locator('form.absence-form')
  await form.locator('input[name="fromDay"]').fill(fromDay)
  await form.locator('input[name="toDay"]').fill(fromDay)
  await form.locator('input[name="reason"]').fill(reason)
  await form.locator('button[type="submit"]').click()
  await page.locator('li[data-testid="absence"]', { hasText: reason }).waitFor()
}

const pending = (page: Page, count: number) =>
  page.locator(`details.sync-status[data-pending="${count}"]`).waitFor({ timeout: 60_000 })

async function logOut(page: Page) {
  await navigateInApp(page, '/auth/logout')
  // Said once the device has forgotten what was the user's (session/session.ts, logOut).
  await page.locator('.auth-screen[data-state="done"]').waitFor()
}

describe('a shared computer after a logout', () => {
  it('keeps only the unsent edit, shows the next person nothing of the last, and sends it for its editor', async () => {
    // The media editor publishes a PDF for year 1 (no service worker: the upload is the page's).
    const desk = await newContext(browser, { ...DEVICES.desktop, serviceWorkers: 'block' })
    const deskGuard = guardConsole(desk)
    const editor = await desk.newPage()
    await login(editor, 'mediaEditor')
    await navigateInApp(editor, '/gradivaSeznam')
    await editor.getByRole('button', { name: 'New material' }).click()
    await editor.getByLabel('Title (English)').fill(TITLE)
    await editor.getByLabel('Title (Slovenian)').fill(`Zapiski ${RUN}`)
    await editor
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'shared-notes.pdf', mimeType: 'application/pdf', buffer: pdf(20_000) },
      ])
    await editor.getByRole('checkbox', { name: 'Year 1', exact: true }).check()
    await editor.getByRole('checkbox', { name: 'Segment 3', exact: true }).check()
    await editor.getByRole('radio', { name: 'Participants of its years and projects' }).check()
    await editor.getByRole('button', { name: 'Save' }).click()
    await editor.getByRole('row', { name: new RegExp(TITLE) }).waitFor({ timeout: 60_000 })
    await pending(editor, 0)
    deskGuard.check()
    await desk.close()

    // Ana, at the family computer: keeps the PDF offline and reports an absence.
    const context = await newContext(browser, DEVICES.desktop)
    const guard = guardConsole(context)
    guard.allow(/net::ERR_INTERNET_DISCONNECTED/)
    // Her session ends overnight: the refused sync (its pull, push and roster read) and session
    // checks are the point.
    guard.allow(/status of 401 .*\/api\/(db|auth|makeups|people\/roster)\b/)
    guard.allow(/WebSocket connection to '[^']*\/api\/live' failed: HTTP Authentication failed/)
    const page = await context.newPage()
    await login(page, 'participant', { username: ANA, password: DEMO_PASSWORD })
    await navigateInApp(page, '/gradiva')
    await afterFirstSync(page)
    await waitForServiceWorker(page)
    const card = page.locator('article.material', { hasText: TITLE })
    await card.locator('.keep-offline button', { hasText: 'Keep offline' }).click()
    await card.locator('.keep-offline[data-offline="kept"]').waitFor({ timeout: 30_000 })
    await navigateInApp(page, '/odsotnostOsebe')
    await page.locator('form.absence-form').waitFor()
    await pending(page, 0)
    await reportAbsence(page, '2030-03-04', `e2e sent ${RUN}`)
    await pending(page, 0)
    const used = await deviceState(page)
    expect(used.owner).toBe(ANA)
    expect(used.materialTitles).toContain(TITLE)
    expect(used.absenceParticipants).toContain(ANA)
    expect(used.keptFiles).toBe(1)

    // Offline, she reports another; the night ends her session, so it cannot be sent.
    await goOffline(context)
    const queuedReason = `e2e queued ${RUN}`
    await reportAbsence(page, '2030-03-11', queuedReason)
    await pending(page, 1)
    await context.clearCookies()
    await goOnline(context)
    await page.locator('section.lapsed-session[data-pending="1"]').waitFor({ timeout: 60_000 })
    const [queued] = (await deviceState(page)).outbox
    expect(queued).toMatchObject({ user: ANA, collection: 'absences' })

    // She logs out: nothing of hers stays but the edit waiting to be sent.
    await logOut(page)
    const left = await deviceState(page)
    for (const [store, count] of Object.entries(left.rows)) {
      if (store === 'outbox') expect(count, store).toBe(1)
      else if (store === 'meta') continue
      // The programme's calendar is nobody's: it stays for the next person and for a visitor's
      // timetable (docs/0049-devices-follow-the-calendar.md).
      else if (store === 'calendar') expect(count, store).toBeGreaterThan(0)
      else expect(count, store).toBe(0)
    }
    expect(left.metaKeys.sort()).toEqual(['deviceId', 'hlc', 'owner'])
    expect(left.owner).toBeNull()
    expect(left.outbox).toEqual([queued])
    expect(left.keptFiles).toBe(0)

    // Bor logs in on the same computer: his own data, none of hers, and her edit stays queued
    // (a participant sends only his own edits).
    await login(page, 'participant', { username: BOR, password: DEMO_PASSWORD })
    await navigateInApp(page, '/gradiva')
    await afterFirstSync(page)
    await page.locator('.materials-page :is(article.material, [data-empty])').first().waitFor()
    expect(await page.locator('article.material', { hasText: TITLE }).count()).toBe(0)
    const bors = await deviceState(page)
    expect(bors.owner).toBe(BOR)
    expect(bors.materialTitles).not.toContain(TITLE)
    expect(bors.absenceParticipants.every((participant) => participant === BOR)).toBe(true)
    expect(bors.outbox).toEqual([queued])
    expect(bors.keptFiles).toBe(0)
    await logOut(page)

    // Ana logs in again: her queued absence is sent at once and the server has it.
    await login(page, 'participant', { username: ANA, password: DEMO_PASSWORD })
    await navigateInApp(page, '/odsotnostOsebe')
    await pending(page, 0)
    await expect.poll(async () => (await deviceState(page)).outbox, { timeout: 60_000 }).toEqual([])
    const onServer = await serverAbsences(context)
    expect(onServer.filter((absence) => absence.reason === queuedReason)).toMatchObject([
      { participant: ANA, fromDay: '2030-03-11' },
    ])
    guard.check()
    await context.close()
  })
})
