// /gradiva on a participant's phone in Chromium, with the real service worker and Cache API: a
// material on the device (as the pull leaves it) with one file kept offline (as "Keep offline"
// stores it: the whole answer of GET /api/files/:id in the `lfit-files` cache) opens with the
// network off after a reload, and the kept recording is answered from the device in ranges (206,
// the right bytes) so it seeks; "Remove offline copy" frees it. The server's file routes and the
// material's pull land with the transfer and policy parts of this issue: here the test puts the
// record and the cached answer where those parts put them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import type { MaterialRecord } from '@lfit/domain/materials/material'
import {
  afterFirstSync,
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

const OFFLINE_REQUEST = /net::ERR_INTERNET_DISCONNECTED/
const english = LANGUAGES.find((language) => language.lang === 'en')!
const slovenian = LANGUAGES.find((language) => language.lang === 'sl')!

/** 0, 1, 2, … 255, 0, 1, …: any range of it is easy to check. */
const AUDIO_BYTES = Array.from({ length: 4096 }, (_, i) => i % 256)

const material: MaterialRecord = {
  _id: 'e2e-breathing',
  titleSl: 'Dihalne vaje',
  titleEn: 'Breathing exercises',
  descriptionSl: '<p>Vsak dan</p>',
  descriptionEn: '<p>Every day</p>',
  kind: 'audio',
  files: [
    { fileId: 'e2e-audio', name: 'vaja.mp3', size: AUDIO_BYTES.length, type: 'audio/mpeg' },
    { fileId: 'e2e-notes', name: 'zapiski.pdf', size: 1000, type: 'application/pdf' },
  ],
  url: '',
  years: [1],
  segments: [3],
  day: '2026-11-17',
  educators: ['Novak'],
  projects: [],
  visibility: 'participants',
  durationSec: 0,
  subtitles: [],
  chapters: [],
  createdAt: 1_800_000_000_000,
  deleted: false,
  stamps: {},
}

async function putOnDevice(page: Page, record: MaterialRecord, bytes: number[]) {
  await page.evaluate(
    async ({ record, bytes }) => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('lfit')
        open.onsuccess = () => {
          const tx = open.result.transaction('materials', 'readwrite')
          tx.objectStore('materials').put(record)
          tx.oncomplete = () => {
            open.result.close()
            resolve()
          }
          tx.onerror = () => reject(new Error(String(tx.error)))
        }
      })
      const cache = await caches.open('lfit-files')
      await cache.put(
        '/api/files/e2e-audio',
        new Response(new Uint8Array(bytes), {
          headers: { 'Content-Type': 'audio/mpeg', 'Content-Length': String(bytes.length) },
        }),
      )
    },
    { record, bytes },
  )
}

async function fetchRange(page: Page, range: string | null) {
  return page.evaluate(async (range) => {
    const response = await fetch('/api/files/e2e-audio', {
      headers: range ? { Range: range } : {},
    })
    return { status: response.status, bytes: [...new Uint8Array(await response.arrayBuffer())] }
  }, range)
}

/** Every control of the screen is at least a finger's size. */
async function smallTargets(page: Page) {
  return page.locator('.materials-page :is(button, a, select, input)').evaluateAll((elements) =>
    elements
      .map((element) => ({
        text: element.textContent?.trim() || element.outerHTML.slice(0, 60),
        box: element.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
      .map(({ text, box }) => `${text}: ${box.width}x${box.height}`),
  )
}

describe('reading material on a phone', () => {
  it('opens a kept recording offline, in ranges, and removes the offline copy', async () => {
    const context = await newContext(browser, {
      ...DEVICES.phone,
      viewport: { width: 360, height: 740 },
    })
    const guard = guardConsole(context)
    guard.allow(OFFLINE_REQUEST)
    const page = await context.newPage()
    await login(page, 'participant')
    // Drawn (with or without the demo material of the first sync): the kept-files panel is there.
    await openScreen(page, '/gradiva', english, 'h1')
    await page.getByText('Nothing is kept offline yet.').waitFor()
    await waitForServiceWorker(page)
    await afterFirstSync(page)

    await putOnDevice(page, material, AUDIO_BYTES)
    await openScreen(page, '/gradiva', english, '[data-material="e2e-breathing"]')
    const card = page.locator('[data-material="e2e-breathing"]')
    await card.locator('[data-offline="partial"]').waitFor()
    await page.locator('[data-segment="3"] h2', { hasText: 'Year 1 · Segment 3' }).waitFor()
    await page.locator('[data-kept="e2e-breathing"]').waitFor()
    expect(await smallTargets(page)).toEqual([])

    await goOffline(context)
    await page.reload()
    await card.locator('[data-offline="partial"]').waitFor()
    await card.getByText('Tue 17 Nov 2026').waitFor()
    const whole = await fetchRange(page, null)
    expect(whole).toEqual({ status: 200, bytes: AUDIO_BYTES })
    const part = await fetchRange(page, 'bytes=1000-1009')
    expect(part).toEqual({ status: 206, bytes: AUDIO_BYTES.slice(1000, 1010) })

    // Slovenian, offline, from the device.
    await openScreen(page, '/gradiva', slovenian, '[data-material="e2e-breathing"]')
    await card.getByRole('heading', { name: 'Dihalne vaje' }).waitFor()
    await page.locator('[data-segment="3"] h2', { hasText: '1. letnik · Segment 3' }).waitFor()

    await card.getByRole('button', { name: 'Odstrani kopijo brez povezave: Dihalne vaje' }).click()
    await card.locator('[data-offline="none"]').waitFor()
    await page.locator('[data-kept="none"]').waitFor()
    // Nothing answers the file any more without the network (the browser logs the failure).
    guard.allow(/net::ERR_FAILED \(http:\/\/[^)]*\/api\/files\/e2e-audio\)/)
    const gone = await page.evaluate(() =>
      fetch('/api/files/e2e-audio').then(
        () => 'answered',
        () => 'failed',
      ),
    )
    expect(gone).toBe('failed')

    await goOnline(context)
    guard.check()
    await context.close()
  })
})
