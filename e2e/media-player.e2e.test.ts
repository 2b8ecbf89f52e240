// Recordings from the media editor's desk to a participant's phone, on the real server and
// Chromium: a media editor makes a short video (recorded in the browser: a canvas through
// MediaRecorder, WebM, as Debian's Chromium plays no H.264), uploads it on /mediji with Slovenian
// subtitles from a file and English ones typed in, and two chapters; a participant of its year
// opens it on a 390 px phone in Slovenian, where the Slovenian subtitles are the track shown,
// seeks through a chapter, writes two notes offline, reloads and still has them, syncs, and finds
// them on a second device of theirs.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  afterFirstSync,
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

const TITLE = `Floor work ${Date.now()}`
/** Ana Novak is in year 1 (the demo data). */
const ANA = 'ana.novak@demo.test'
const SLOVENIAN_VTT = 'WEBVTT\n\n00:00.000 --> 00:04.000\nDober dan, začnimo na tleh.\n'
const ENGLISH_VTT = 'WEBVTT\n\n00:00.000 --> 00:04.000\nGood day, let us start on the floor.\n'

/** A 3-second WebM recorded in the page: a canvas changing colour, through MediaRecorder. */
async function recordVideo(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 160
    canvas.height = 120
    const context = canvas.getContext('2d') as CanvasRenderingContext2D
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' })
    const chunks: Blob[] = []
    recorder.ondataavailable = (event) => chunks.push(event.data)
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    recorder.start(250)
    let frame = 0
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        context.fillStyle = `hsl(${(frame * 12) % 360} 80% 50%)`
        context.fillRect(0, 0, 160, 120)
        frame += 1
        if (frame >= 45) {
          clearInterval(timer)
          resolve()
        }
      }, 1000 / 15)
    })
    recorder.stop()
    await stopped
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()))
  })
  return Buffer.from(bytes)
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

/** The language of the text track the player shows, or null. */
function shownSubtitles(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const video = document.querySelector('video')
    const tracks = video ? [...video.textTracks] : []
    return tracks.find((track) => track.mode === 'showing')?.language ?? null
  })
}

/** The texts of the cues of the shown track (its file loaded). */
function shownCues(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const video = document.querySelector('video')
    const track = video ? [...video.textTracks].find((t) => t.mode === 'showing') : undefined
    return [...(track?.cues ?? [])].map((cue) => (cue as VTTCue).text)
  })
}

const currentTime = (page: Page) =>
  page.evaluate(() => document.querySelector('video')?.currentTime ?? -1)

async function anaPhone() {
  const context = await newContext(browser, { ...DEVICES.phone, acceptDownloads: true })
  const guard = guardConsole(context)
  const page = await context.newPage()
  await login(page, 'participant', { username: ANA, password: DEMO_PASSWORD })
  return { context, guard, page }
}

const notesOf = (page: Page) =>
  page.locator('.note-list li[data-note] .note-text').allTextContents()

describe('a recording from the media editor to a participant', () => {
  it('is uploaded with subtitles and chapters, played in Slovenian, and annotated offline', async () => {
    const desk = await newContext(browser, { ...DEVICES.tablet, serviceWorkers: 'block' })
    const deskGuard = guardConsole(desk)
    const editor = await desk.newPage()
    await login(editor, 'mediaEditor')
    const video = await recordVideo(editor)
    expect(video.length).toBeGreaterThan(1000)

    await navigateInApp(editor, '/mediji')
    await editor.getByRole('button', { name: 'New recording' }).click()
    await editor.getByLabel('Title (English)').fill(TITLE)
    await editor.getByLabel('Title (Slovenian)').fill(`Delo na tleh ${TITLE.slice(-13)}`)
    await editor
      .locator('input[type="file"][multiple]')
      .setInputFiles({ name: 'floor-work.webm', mimeType: 'video/webm', buffer: video })
    // Slovenian subtitles from a file, English ones typed in.
    await editor.locator('[data-subtitles="sl"] input[type="file"]').setInputFiles({
      name: 'tla.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from(SLOVENIAN_VTT),
    })
    await editor.locator('[data-subtitles="sl"]', { hasText: '.sl.vtt' }).waitFor()
    await editor.getByRole('button', { name: 'Write English subtitles' }).click()
    // A mistake is caught before anything is sent, with the line that is wrong.
    await editor.getByLabel('Subtitles (English) in WebVTT').fill('00:00.000 --> 00:04.000\nHi')
    await editor.getByRole('button', { name: 'Use these subtitles' }).click()
    await editor.getByText('Subtitles, line 1: the file must start with the word WEBVTT').waitFor()
    await editor.getByLabel('Subtitles (English) in WebVTT').fill(ENGLISH_VTT)
    await editor.getByRole('button', { name: 'Use these subtitles' }).click()
    await editor.locator('[data-subtitles="en"]', { hasText: '.en.vtt' }).waitFor()

    await editor.getByRole('button', { name: 'Add a chapter' }).click()
    await editor.getByRole('button', { name: 'Add a chapter' }).click()
    const at = editor.getByLabel('Starts at (minutes:seconds)')
    await at.nth(0).fill('0:00')
    await at.nth(1).fill('0:02')
    await editor.getByLabel('Title in Slovenian').nth(0).fill('Uvod')
    await editor.getByLabel('Title in English').nth(0).fill('Introduction')
    await editor.getByLabel('Title in Slovenian').nth(1).fill('Vaja na tleh')
    await editor.getByLabel('Title in English').nth(1).fill('Floor exercise')

    await editor.getByRole('checkbox', { name: 'Year 1', exact: true }).check()
    await editor.getByRole('checkbox', { name: 'Segment 3', exact: true }).check()
    await editor.getByRole('radio', { name: 'Participants of its years and projects' }).check()
    await editor.getByRole('button', { name: 'Save' }).click()
    const row = editor.getByRole('row', { name: new RegExp(TITLE) })
    await row.waitFor({ timeout: 60_000 })
    await expect.poll(() => outboxSize(editor), { timeout: 30_000 }).toBe(0)
    expect(await row.textContent()).toContain('Slovenian, English')
    deskGuard.check()
    await desk.close()

    // Ana plays it on her phone in Slovenian.
    const ana = await anaPhone()
    ana.guard.allow(/net::ERR_INTERNET_DISCONNECTED/)
    await ana.page.goto('/gradiva?lang=SI')
    await afterFirstSync(ana.page)
    await waitForServiceWorker(ana.page)
    const card = ana.page.locator('article.material', { hasText: 'Delo na tleh' })
    await card.locator('a[data-play]').click()
    await ana.page.waitForURL(/\/posnetek\?id=/)
    const playerUrl = ana.page.url()
    await ana.page.locator('media-controller video').waitFor({ state: 'attached' })
    await expect.poll(() => shownSubtitles(ana.page), { timeout: 20_000 }).toBe('sl')

    // The player's own styles apply under the CSP (its shadow styles, web/src/media/shadow-styles.ts).
    const bar = await ana.page.evaluate(() => {
      const element = document.querySelector('media-control-bar')
      return element ? getComputedStyle(element).display : null
    })
    expect(bar).toMatch(/flex/)
    // It speaks the reader's language, and its buttons are big enough for a finger.
    const play = ana.page.locator('media-play-button')
    expect(await play.getAttribute('aria-label')).toBe('predvajaj')
    expect((await play.boundingBox())?.height).toBeGreaterThanOrEqual(44)
    // Every button of the bar is one finger-sized row: its tooltip, drawn from a shadow root the
    // button's HTML declares, has its own styles and floats instead of stacking under the icon.
    const buttons = await ana.page.evaluate(() =>
      [...document.querySelectorAll('media-control-bar:not(.player-timebar) > *')].map((button) => {
        const tooltip = button.shadowRoot?.querySelector('media-tooltip')
        const { width, height } = button.getBoundingClientRect()
        return {
          name: button.localName,
          width: Math.round(width),
          height: Math.round(height),
          tooltip: tooltip ? getComputedStyle(tooltip).position : 'none',
        }
      }),
    )
    expect(buttons.length).toBeGreaterThan(4)
    for (const button of buttons) {
      expect(button, button.name).toEqual({
        name: button.name,
        width: expect.any(Number),
        height: 44,
        tooltip: 'absolute',
      })
      expect(button.width, button.name).toBeGreaterThanOrEqual(44)
    }
    // The note's field is a finger's height too.
    const note = await ana.page.locator('#media-note-text').boundingBox()
    expect(note?.height).toBeGreaterThanOrEqual(44)
    await ana.page.screenshot({ path: '/tmp/media-player-phone.png', fullPage: true })

    // The chapters are buttons a finger can hit; the second one seeks there.
    const chapter = ana.page.locator('button.chapter[data-at="2"]')
    const box = await chapter.boundingBox()
    expect(box?.height).toBeGreaterThanOrEqual(44)
    expect(await chapter.textContent()).toContain('Vaja na tleh')
    await chapter.click()
    await expect.poll(() => currentTime(ana.page), { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
    // Nothing is wider than the phone.
    const wide = await ana.page.evaluate(() => document.documentElement.scrollWidth)
    expect(wide).toBeLessThanOrEqual(390)

    // Kept offline, it plays with the network off, its subtitles too.
    await ana.page.locator('.media-player-page .keep-offline button').first().click()
    await ana.page
      .locator('.media-player-page .keep-offline[data-offline="kept"]')
      .waitFor({ timeout: 30_000 })

    // Two notes offline, still there after a reload.
    await goOffline(ana.context)
    for (const text of ['Koleno nad prsti', 'Dih v hrbet']) {
      await ana.page.locator('#media-note-text').fill(text)
      await ana.page.locator('form.note-form button[type="submit"]').click()
      await ana.page.locator('.note-list .note-text', { hasText: text }).waitFor()
    }
    await ana.page.reload()
    await ana.page.locator('.note-list li[data-note]').nth(1).waitFor()
    expect((await notesOf(ana.page)).sort()).toEqual(['Dih v hrbet', 'Koleno nad prsti'])
    await expect
      .poll(() => shownCues(ana.page), { timeout: 20_000 })
      .toEqual(['Dober dan, začnimo na tleh.'])
    await expect
      .poll(() => ana.page.evaluate(() => document.querySelector('video')?.readyState ?? 0), {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(1)

    // Online again, they are sent...
    await goOnline(ana.context)
    await expect.poll(() => outboxSize(ana.page), { timeout: 30_000 }).toBe(0)
    ana.guard.check()

    // ...and a second device of Ana's has them.
    const second = await anaPhone()
    await second.page.goto('/gradiva?lang=SI')
    await afterFirstSync(second.page)
    await second.page.goto(playerUrl)
    await second.page.locator('.note-list li[data-note]').nth(1).waitFor({ timeout: 30_000 })
    expect((await notesOf(second.page)).sort()).toEqual(['Dih v hrbet', 'Koleno nad prsti'])
    // The notes export as text: one line per note, with its time.
    const [download] = await Promise.all([
      second.page.waitForEvent('download'),
      second.page.getByRole('button', { name: 'Izvozi kot besedilo' }).click(),
    ])
    const text = readFileSync((await download.path()) as string, 'utf8')
    expect(download.suggestedFilename()).toMatch(/^Delo na tleh \d+\.txt$/)
    expect(text).toMatch(/^Delo na tleh \d+\n\n\d:\d\d {2}\S.*\n\d:\d\d {2}\S.*\n$/)
    expect(text).toContain('Koleno nad prsti')
    expect(text).toContain('Dih v hrbet')

    // It also starts where Ana stopped on her phone (past the chapter she jumped to).
    const resume = Number(await second.page.locator('[data-resume]').getAttribute('data-resume'))
    expect(resume).toBeGreaterThanOrEqual(2)
    second.guard.check()
    await second.context.close()
    await ana.context.close()
  }, 240_000)
})
