// Photo galleries on the real server and Chromium (docs/product-rules.md#photos): a photo editor
// at a desk makes an album, uploads 20 photos at once (resumable uploads, two at a time), rotates
// one and captions it in both languages; a participant on a phone opens the album, opens the
// lightbox, swipes to the next photo, goes back with the keyboard, and asks to hide a photo,
// which is then gone for another participant too; the thumbnails of the opened album show with
// the network off; the photo editor finds the request and shows the photo again.
import { Packr } from 'msgpackr'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import {
  baseURL,
  DEMO_PASSWORD,
  goOffline,
  guardConsole,
  launch,
  login,
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

const TITLE = `Summer block ${Date.now()}`
const COUNT = 20
const packr = new Packr({ useRecords: false, mapsAsObjects: true })

/** Small landscape photos, each its own colour (so each is its own content). */
async function photos(): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  return Promise.all(
    Array.from({ length: COUNT }, async (_, i) => ({
      name: `IMG_${String(i + 1).padStart(4, '0')}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({
        create: {
          width: 600,
          height: 400,
          channels: 3,
          background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 },
        },
      })
        .jpeg({ quality: 70 })
        .toBuffer(),
    })),
  )
}

/** The photo ids of an album as `context`'s user gets them from the server. */
async function albumPhotoIds(context: BrowserContext, albumId: string): Promise<string[] | number> {
  const response = await context.request.get(`/api/photos/albums/${albumId}`, {
    headers: { accept: 'application/msgpack', origin: baseURL() },
  })
  if (response.status() !== 200) return response.status()
  const answer = packr.unpack(await response.body()) as { photos: { id: string }[] }
  return answer.photos.map((photo) => photo.id)
}

/** How many grid thumbnails have arrived and been decoded. */
const loadedThumbnails = (page: Page) =>
  page
    .locator('.photo-grid img')
    .evaluateAll(
      (images) =>
        images.filter(
          (image) =>
            (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
        ).length,
    )

describe('photo galleries', () => {
  let albumId = ''

  it('a photo editor makes an album, uploads 20 photos, rotates and captions one', async () => {
    const context = await newContext(browser, DEVICES.desktop)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'photoEditor')
    await page.goto('/photos?lang=EN')
    await page.getByRole('button', { name: 'New album' }).click()
    await page.locator('input[name="titleSl"]').fill(`Poletni blok ${TITLE}`)
    await page.locator('input[name="titleEn"]').fill(TITLE)
    await page.locator('select[name="ownerKind"]').selectOption('project')
    await page.locator('select[name="ownerRef"]').selectOption('LFIT2025')
    await page.getByRole('button', { name: 'Save album' }).click()
    await page.getByRole('link', { name: new RegExp(TITLE) }).click()
    await page.waitForURL(/album=/)
    albumId = new URL(page.url()).searchParams.get('album') ?? ''

    await page.locator('input[name="photos"]').setInputFiles(await photos())
    await page.getByText(`${COUNT} of ${COUNT} photos added`).waitFor({ timeout: 60_000 })
    await expect.poll(() => page.locator('.photo-grid .photo-cell').count()).toBe(COUNT)

    // The first photo: landscape; turned right it stands upright, made anew from the original.
    await page.getByRole('button', { name: 'Edit photo 1', exact: true }).click()
    const preview = page.locator('.photo-editor-preview')
    expect(Number(await preview.getAttribute('width'))).toBeGreaterThan(
      Number(await preview.getAttribute('height')),
    )
    await page.getByRole('button', { name: 'Rotate right' }).click()
    await expect
      .poll(
        async () =>
          Number(await preview.getAttribute('height')) -
          Number(await preview.getAttribute('width')),
      )
      .toBeGreaterThan(0)
    await page.locator('textarea[name="captionSl"]').fill('Dihanje na odru')
    await page.locator('textarea[name="captionEn"]').fill('Breathing on stage')
    await page.getByRole('button', { name: 'Save caption' }).click()
    await page.locator('.snackbar', { hasText: 'Caption saved.' }).waitFor()
    await page
      .locator('dialog.photo-editor')
      .getByRole('button', { name: 'Close', exact: true })
      .click()
    await expect
      .poll(() => page.locator('.photo-grid img').first().getAttribute('alt'))
      .toBe('Breathing on stage')
    guard.check()
    await context.close()
  })

  it('a participant on a phone swipes in the lightbox, asks to hide a photo, and sees thumbnails offline', async () => {
    expect(albumId).not.toBe('')
    const context = await newContext(browser, DEVICES.phone)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'participant')
    await waitForServiceWorker(page)
    await page.goto(`/photos?album=${albumId}&lang=EN`)
    await page.getByRole('heading', { name: TITLE }).waitFor()
    await expect.poll(() => page.locator('.photo-grid .photo-cell').count()).toBe(COUNT)
    // A phone's first screen loads thumbnails, not the screen sizes.
    await expect
      .poll(() =>
        page
          .locator('.photo-grid img')
          .first()
          .evaluate((image) => (image as HTMLImageElement).currentSrc),
      )
      .toContain('/thumb')

    await page.getByRole('button', { name: 'Breathing on stage' }).click()
    const current = page.locator('.yarl__slide_current')
    await expect.poll(() => current.getAttribute('aria-label')).toBe(`1 of ${COUNT}`)
    await page.locator('.yarl__slide_description', { hasText: 'Breathing on stage' }).waitFor()

    // A finger's swipe to the left (real touch input through the browser): the next photo.
    const box = await page.locator('.yarl__container').boundingBox()
    if (!box) throw new Error('the lightbox is not shown')
    const y = Math.round(box.y + box.height / 2)
    const finger = await context.newCDPSession(page)
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
      finger.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: x === undefined ? [] : [{ x: Math.round(box.x + x), y }],
      })
    // One move per frame, as a finger gives them (moves within one frame are coalesced).
    const nextFrame = () =>
      page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
    await touch('touchStart', 320)
    await nextFrame()
    for (const x of [280, 230, 170, 110, 60]) {
      await touch('touchMove', x)
      await nextFrame()
    }
    await touch('touchEnd')
    await expect.poll(() => current.getAttribute('aria-label')).toBe(`2 of ${COUNT}`)
    // And back with the keyboard, as on a desk.
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => current.getAttribute('aria-label')).toBe(`1 of ${COUNT}`)

    // Asks to hide the photo shown (the first), confirms, and it is gone from the album.
    const before = (await albumPhotoIds(context, albumId)) as string[]
    const hiddenId = before[0]
    await page.getByRole('button', { name: 'Hide this photo of me' }).click()
    await page.getByRole('button', { name: 'Hide the photo' }).click()
    await page.locator('.snackbar', { hasText: 'The photo is hidden.' }).waitFor()
    await expect.poll(() => page.locator('.photo-grid .photo-cell').count()).toBe(COUNT - 1)
    expect(await albumPhotoIds(context, albumId)).not.toContain(hiddenId)

    const other = await newContext(browser, DEVICES.phone)
    const otherPage = await other.newPage()
    await login(otherPage, 'participant', {
      username: 'ana.novak@demo.test',
      password: DEMO_PASSWORD,
    })
    const seen = await albumPhotoIds(other, albumId)
    expect(seen).toHaveLength(COUNT - 1)
    expect(seen).not.toContain(hiddenId)
    await other.close()

    // The thumbnails of the album opened on this phone show with the network off.
    await expect.poll(() => loadedThumbnails(page)).toBeGreaterThanOrEqual(9)
    // Offline, the app's own checks (session, the programme's calendar, new build, visit
    // statistics) fail as they should; nothing of the gallery may.
    guard.allow(
      /ERR_INTERNET_DISCONNECTED \(http:\/\/[^/]+\/(?:api\/auth\/user|api\/calendar|a\/event|builds\/)/,
    )
    await goOffline(context)
    await page.reload()
    await page.getByRole('heading', { name: TITLE }).waitFor()
    await expect.poll(() => page.locator('.photo-grid .photo-cell').count()).toBe(COUNT - 1)
    await expect.poll(() => loadedThumbnails(page)).toBeGreaterThanOrEqual(9)
    guard.check()
    await context.close()
  })

  it('the photo editor sees the request and shows the photo again', async () => {
    expect(albumId).not.toBe('')
    const context = await newContext(browser, DEVICES.desktop)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'photoEditor')
    await page.goto('/photos?requests=1&lang=EN')
    await page.getByRole('heading', { name: 'Hide requests' }).waitFor()
    const request = page.locator('.hide-request', { hasText: TITLE })
    await request.getByRole('button', { name: 'Show again' }).click()
    await page.locator('.snackbar', { hasText: 'The photo is shown again.' }).waitFor()
    await page.getByText('No request is waiting for a decision.').waitFor()

    const reader = await newContext(browser, DEVICES.phone)
    const readerPage = await reader.newPage()
    await login(readerPage, 'participant', {
      username: 'ana.novak@demo.test',
      password: DEMO_PASSWORD,
    })
    expect(await albumPhotoIds(reader, albumId)).toHaveLength(COUNT)
    await reader.close()
    guard.check()
    await context.close()
  })
})
