// /poster in Chromium (docs/product-rules.md#poster): an admin prints the programme's poster of a
// year as a PDF at A4 and at A3; each is exactly one page of the chosen size (pdfinfo), carries
// no app chrome and none of the choice controls, and its text (pdftotext) shows the year's block
// dates, a trainer, the venue and the contact in both languages. The QR code's squares are
// exactly the `qrcode` package's matrix for the timetable's address, so it opens /urnik; the
// package arrives in a chunk of its own that the service worker does not precache.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import QRCode from 'qrcode'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { posterOf, posterYears } from '@lfit/domain/poster/poster'
import { formatDayRange } from '../web/src/i18n/date-format'
import { baseURL, guardConsole, launch, login, newContext } from './support/browser'

let browser: Browser
let workDir: string
beforeAll(async () => {
  browser = await launch()
  workDir = mkdtempSync(join(inject('workDir'), 'poster-'))
})
afterAll(async () => {
  await browser?.close()
  rmSync(workDir, { recursive: true, force: true })
})

/** Page count and size in points of a PDF, and its text with every run of spaces as one. */
function readPdf(pdf: Buffer, name: string) {
  const file = join(workDir, `${name}.pdf`)
  writeFileSync(file, pdf)
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])
  const [, width, height] = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info) ?? []
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
  return { pages, width: Number(width), height: Number(height), text }
}

/** Paper sizes in points (1 mm = 72 / 25.4 pt). */
const PAPER = { A4: [595.3, 841.9], A3: [841.9, 1190.6] } as const

async function openPoster(page: Page, year: number, size: 'A4' | 'A3') {
  await page.goto(`/poster?year=${year}&size=${size}`)
  await page.locator(`.poster-sheet[data-poster-year="${year}"]`).waitFor()
  await page.locator('svg.poster-qr').waitFor()
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

describe('/poster', () => {
  it('prints one A4 page and one A3 page of the year, in both languages, without chrome', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'admin')
    const year = 1
    const poster = posterOf(year)
    for (const size of ['A4', 'A3'] as const) {
      await openPoster(page, year, size)
      const pdf = readPdf(await page.pdf({ preferCSSPageSize: true }), `poster-${size}`)
      expect(pdf.pages, size).toBe(1)
      // Chromium rounds the page to whole CSS pixels (¾ pt); A4 and letter differ by 50 pt.
      expect(Math.abs(pdf.width - PAPER[size][0]), `${size} width ${pdf.width}`).toBeLessThan(2)
      expect(Math.abs(pdf.height - PAPER[size][1]), `${size} height ${pdf.height}`).toBeLessThan(2)
      const compact = pdf.text.replace(/\s+/g, '')
      for (const { block } of poster.blocks) {
        for (const language of ['sl', 'en']) {
          expect(compact, `${size} ${language}`).toContain(
            formatDayRange(language, block.from, block.to).replace(/\s+/g, ''),
          )
        }
      }
      expect(pdf.text).toContain(poster.teachers.trainers[0])
      expect(pdf.text).toContain(poster.venue)
      expect(pdf.text).toContain('Kontakt / Contact')
      expect(pdf.text).toContain(`${baseURL()}/kontakt`)
      expect(pdf.text).toContain('Urnik / Timetable')
      // The choice controls and the app's chrome are not printed.
      for (const absent of ['Paper size', 'Print', 'Velikost papirja', 'Natisni', 'Log out']) {
        expect(pdf.text, `${size}: ${absent}`).not.toContain(absent)
      }
    }
    guard.check()
    await context.close()
  })

  it('fits every year on one A4 page, and its QR code is the timetable address', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    const qrLibrary: string[] = []
    page.on('request', (request) => {
      if (/\/assets\/qrcode[^/]*\.js$/.test(request.url())) qrLibrary.push(request.url())
    })
    await login(page, 'regEditor')
    for (const year of posterYears()) {
      await openPoster(page, year, 'A4')
      const pdf = readPdf(await page.pdf({ preferCSSPageSize: true }), `poster-year-${year}`)
      expect(pdf.pages, `year ${year}`).toBe(1)

      const url = `${baseURL()}/urnik?year=${year}`
      const qr = page.locator('svg.poster-qr')
      expect(await qr.getAttribute('data-qr-url')).toBe(url)
      const drawn = await qr.locator('path').getAttribute('d')
      const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
      const expected: string[] = []
      for (let row = 0; row < modules.size; row += 1) {
        for (let column = 0; column < modules.size; column += 1) {
          if (modules.get(row, column)) expected.push(`${column + 4},${row + 4}`)
        }
      }
      const squares = [...(drawn ?? '').matchAll(/M(\d+) (\d+)/g)].map((m) => `${m[1]},${m[2]}`)
      expect(squares, `year ${year}`).toEqual(expected)
    }
    // The QR library came in its own chunk, which the service worker does not precache.
    expect(qrLibrary.length).toBeGreaterThan(0)
    const worker = await (await page.request.get('/sw.js')).text()
    for (const url of qrLibrary) expect(worker).not.toContain(new URL(url).pathname.slice(1))
    expect(worker).toContain('PosterScreen')
    guard.check()
    await context.close()
  })
})
