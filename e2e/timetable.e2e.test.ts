// What a visitor and a participant see first (issue 6), in Debian's Chromium against the real
// server: the timetable's default choice on a fixed date, its choice in the URL and its offline
// reload; the print view as a PDF from Chromium, one page per year without app chrome; every
// public page in both languages with its title, lang and canonical address and no untranslated
// UI string. (The sign-up for a day is in signups.e2e.test.ts, on a server of its own clock.)
import { readFileSync } from 'node:fs'
import { inflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { schedule } from '@lfit/domain/schedule'
import { formatDayRange } from '../web/src/i18n/date-format'
import { repoRoot } from './support/app-build'
import {
  baseURL,
  goOffline,
  guardConsole,
  launch,
  newContext,
  waitForServiceWorker,
} from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SITE_TITLE = 'Ljubljana LFIT'

/** A wall-clock time in Ljubljana (CET in November) as a Date. */
const ljubljana = (isoLocal: string) => new Date(`${isoLocal}+01:00`)

/** A context whose pages all read `now` from Date (timers keep running). */
async function contextAt(now: Date, options: Parameters<typeof newContext>[1] = {}) {
  const context = await newContext(browser, options)
  await context.clock.setFixedTime(now)
  return context
}

// ---------------------------------------------------------------------------------------------
// /urnik

const segmentTable = (page: Page, year: number, segment: number) =>
  page.locator(`section.segment-table[aria-label="Year ${year}, segment ${segment}"]`)
const yearSelect = (page: Page) => page.locator('.timetable-controls select').nth(0)
const segmentSelect = (page: Page) => page.locator('.timetable-controls select').nth(1)

/** The block captions a segment's table shows: one per block, with its dates. */
function blockDates(year: number, segment: number): string[] {
  return schedule()
    .blocks.filter((b) => b.year === year && b.segment === segment)
    .map((b) => formatDayRange('en', b.from, b.to))
}

async function expectSegment(page: Page, year: number, segment: number) {
  const table = segmentTable(page, year, segment)
  await table.waitFor()
  expect(await yearSelect(page).inputValue()).toBe(String(year))
  expect(await segmentSelect(page).inputValue()).toBe(String(segment))
  expect(await page.locator('section.segment-table').count()).toBe(1)
  const captions = await table.locator('table.timetable > caption').allInnerTexts()
  const dates = blockDates(year, segment)
  expect(dates.length).toBeGreaterThan(0)
  expect(captions).toHaveLength(dates.length)
  dates.forEach((range, index) => expect(captions[index]).toContain(range))
}

describe('/urnik', () => {
  it('opens on year 4, segment 12 on 2026-11-22; the choice is in the URL and survives an offline reload', async () => {
    const context = await contextAt(ljubljana('2026-11-22T10:00:00'))
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/urnik')
    await expectSegment(page, 4, 12)
    // The last block of segment 12 ended on 2026-11-20: the default is the latest past block.
    await expect(segmentTable(page, 4, 12).textContent()).resolves.toContain('Fri 20 Nov 2026')

    await yearSelect(page).selectOption('2')
    await page.waitForURL((url) => url.searchParams.get('year') === '2')
    // Another year opens on its first segment.
    await expectSegment(page, 2, 4)
    await segmentSelect(page).selectOption('21')
    await page.waitForURL(
      (url) => url.searchParams.get('year') === '2' && url.searchParams.get('segment') === '21',
    )
    await expectSegment(page, 2, 21)
    await expect(segmentTable(page, 2, 21).textContent()).resolves.toContain('make-up')
    const shared = page.url()

    // The address alone brings the same choice back (a shared link).
    const other = await context.newPage()
    await other.goto(shared)
    await expectSegment(other, 2, 21)
    await other.close()

    // Offline: the service worker serves the app, the schedule is in the app.
    await waitForServiceWorker(page)
    await goOffline(context)
    // Without network the session check cannot reach the server; the browser says so.
    guard.allow(/ERR_INTERNET_DISCONNECTED/)
    await page.reload()
    await expectSegment(page, 2, 21)
    await page.goto('/urnik')
    await expectSegment(page, 4, 12)
    await segmentSelect(page).selectOption('11')
    await page.waitForURL((url) => url.searchParams.get('segment') === '11')
    await expectSegment(page, 4, 11)

    guard.check()
    await context.close()
  })
})

// ---------------------------------------------------------------------------------------------
// /urnik-print as a PDF

/**
 * The text of each page of a PDF, read from its content streams: enough for Chromium's output
 * (Skia: Type0 fonts with Identity-H encoding and a ToUnicode CMap, FlateDecode streams, no
 * object streams). Text shown within one BT…ET is joined; blocks are separated by newlines.
 */
function pdfPageTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1')
  const objects = new Map<number, { dict: string; stream: Buffer | null }>()
  const objectPattern = /(\d+) 0 obj\b/g
  for (let match = objectPattern.exec(raw); match; match = objectPattern.exec(raw)) {
    const start = match.index + match[0].length
    const end = raw.indexOf('endobj', start)
    const body = raw.slice(start, end)
    const streamAt = body.search(/\bstream\r?\n/)
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null })
    } else {
      const dataStart = start + streamAt + (body.slice(streamAt).startsWith('stream\r\n') ? 8 : 7)
      const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(body.slice(0, streamAt))
      const dataEnd = length ? dataStart + Number(length[1]) : raw.indexOf('endstream', dataStart)
      let data = pdf.subarray(dataStart, dataEnd)
      if (/\/Filter\s*\/FlateDecode/.test(body.slice(0, streamAt))) data = inflateSync(data)
      objects.set(Number(match[1]), { dict: body.slice(0, streamAt), stream: data })
    }
    objectPattern.lastIndex = end
  }
  const object = (ref: string | undefined) => {
    const found = ref === undefined ? undefined : objects.get(Number(ref))
    if (!found) throw new Error(`PDF object ${ref} not found`)
    return found
  }
  /** A dictionary value that is either inline (`<<…>>`) or a reference (`n 0 R`). */
  const dictValue = (dict: string, key: string): string | undefined => {
    const at = dict.indexOf(`/${key}`)
    if (at < 0) return undefined
    const rest = dict.slice(at + key.length + 1).trimStart()
    const ref = /^(\d+) 0 R/.exec(rest)
    if (ref) return object(ref[1]).dict
    if (!rest.startsWith('<<')) return rest
    let depth = 0
    for (let i = 0; i < rest.length - 1; i++) {
      if (rest.startsWith('<<', i)) {
        depth++
        i++
      } else if (rest.startsWith('>>', i)) {
        depth--
        if (depth === 0) return rest.slice(2, i)
        i++
      }
    }
    return undefined
  }
  const utf16 = (hex: string) => {
    let text = ''
    for (let i = 0; i + 4 <= hex.length; i += 4)
      text += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16))
    return text
  }
  const cmaps = new Map<number, Map<string, string>>()
  const toUnicode = (fontRef: number) => {
    const cached = cmaps.get(fontRef)
    if (cached) return cached
    const map = new Map<string, string>()
    const ref = /\/ToUnicode (\d+) 0 R/.exec(object(String(fontRef)).dict)?.[1]
    const cmap = ref ? (object(ref).stream?.toString('latin1') ?? '') : ''
    for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, code, text] of (section[1] ?? '').matchAll(
        /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
      )) {
        map.set((code ?? '').toUpperCase(), utf16(text ?? ''))
      }
    }
    for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      const ranges = (section[1] ?? '').matchAll(
        /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g,
      )
      for (const [, low = '', high = '', target = ''] of ranges) {
        const from = parseInt(low, 16)
        const targets = target.startsWith('[')
          ? [...target.matchAll(/<([0-9A-Fa-f]+)>/g)].map((m) => m[1] ?? '')
          : null
        for (let code = from; code <= parseInt(high, 16); code++) {
          const key = code.toString(16).toUpperCase().padStart(low.length, '0')
          if (targets) map.set(key, utf16(targets[code - from] ?? ''))
          else {
            const base = target.slice(1, -1)
            const last = parseInt(base.slice(-4), 16) + (code - from)
            map.set(key, utf16(base.slice(0, -4)) + String.fromCharCode(last))
          }
        }
      }
    }
    cmaps.set(fontRef, map)
    return map
  }
  const pagesOf = (ref: string): string[] => {
    const { dict } = object(ref)
    if (/\/Type\s*\/Pages\b/.test(dict)) {
      const kids = /\/Kids\s*\[([^\]]*)\]/.exec(dict)?.[1] ?? ''
      return [...kids.matchAll(/(\d+) 0 R/g)].flatMap((kid) => pagesOf(kid[1] ?? ''))
    }
    return [ref]
  }
  const catalog = [...objects.values()].find((o) => /\/Type\s*\/Catalog\b/.test(o.dict))
  const root = /\/Pages (\d+) 0 R/.exec(catalog?.dict ?? '')?.[1]
  return pagesOf(root ?? '').map((ref) => {
    const page = object(ref).dict
    const resources = dictValue(page, 'Resources') ?? ''
    const fonts = new Map(
      [...(dictValue(resources, 'Font') ?? '').matchAll(/\/([^\s/<>[\]()]+)\s+(\d+) 0 R/g)].map(
        (m) => [m[1] ?? '', Number(m[2])],
      ),
    )
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(page)?.[1] ?? ''
    const stream = [...contents.matchAll(/(\d+) 0 R/g)]
      .map((m) => object(m[1]).stream?.toString('latin1') ?? '')
      .join('\n')
    const blocks: string[] = []
    let block = ''
    let font = new Map<string, string>()
    const tokens = /\/([^\s/<>[\]()]+)\s+[-\d.]+\s+Tf|<([0-9A-Fa-f]*)>|\b(BT|ET)\b/g
    for (const [, fontName, hex, operator] of stream.matchAll(tokens)) {
      if (fontName !== undefined) {
        const ref = fonts.get(fontName)
        font = ref === undefined ? new Map() : toUnicode(ref)
      } else if (hex !== undefined) {
        for (let i = 0; i + 4 <= hex.length; i += 4)
          block += font.get(hex.slice(i, i + 4).toUpperCase()) ?? ''
      } else if (operator === 'ET') {
        blocks.push(block)
        block = ''
      }
    }
    return blocks.join('\n')
  })
}

describe('/urnik-print', () => {
  it('prints to an A4 PDF with one page per year and no navigation chrome', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await page.goto('/urnik-print')
    const years = [...new Set(schedule().blocks.map((b) => b.year))]
    await page
      .locator('[data-testid="print-year"]')
      .nth(years.length - 1)
      .waitFor()
    expect(await page.locator('[data-testid="print-year"]').count()).toBe(years.length)
    await page.evaluate(() => document.fonts.ready.then(() => undefined))
    const pdf = await page.pdf({ format: 'A4' })
    // Table cells wrap: compare with the line breaks of the layout as spaces.
    const pages = pdfPageTexts(pdf).map((text) => text.replace(/\s+/g, ' '))

    expect(pages).toHaveLength(years.length)
    years.forEach((year, index) => {
      const text = pages[index] ?? ''
      expect(text, `page ${index + 1}`).toContain(`Timetable, year ${year}`)
      for (const other of years.filter((y) => y !== year)) {
        expect(text, `page ${index + 1}`).not.toContain(`Timetable, year ${other}`)
      }
      // Every block of the year is on its page (a narrow cell may wrap inside a date).
      const compact = text.replace(/\s+/g, '')
      for (const block of schedule().blocks.filter((b) => b.year === year)) {
        expect(compact, `page ${index + 1}`).toContain(
          formatDayRange('en', block.from, block.to).replace(/\s+/g, ''),
        )
      }
    })
    // No app bar, menu, language switcher, login link or print header and footer.
    const chrome = [
      SITE_TITLE,
      'Skip to content',
      'Menu',
      'Log in',
      'Frequent pages',
      'Home',
      'urnik-print',
      'about:blank',
    ]
    for (const [index, text] of pages.entries()) {
      for (const word of chrome) expect(text, `page ${index + 1}`).not.toContain(word)
    }
    guard.check()
    await context.close()
  })
})

// ---------------------------------------------------------------------------------------------
// Public pages in both languages

const PUBLIC_PAGES = [
  '/',
  '/faq',
  '/metoda',
  '/novice',
  '/koncept',
  '/kontakt',
  '/solnina',
  '/lokacija',
  '/navodila',
  '/ucitelji',
  '/kurikulum',
  '/prednosti',
  '/nadaljevanje',
  '/nadomescanje',
  '/predstavitve',
  '/organizatorji',
  '/noTrack',
]

type Catalog = { msgid: string; msgstr: string }[]

/** The entries of a Lingui .po file. */
function readCatalog(language: 'en' | 'sl'): Catalog {
  const text = readFileSync(`${repoRoot}/web/src/locales/${language}.po`, 'utf8')
  const unquote = (lines: string) =>
    [...lines.matchAll(/"((?:[^"\\]|\\.)*)"/g)]
      .map((m) => (m[1] ?? '').replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c)))
      .join('')
  const entries: Catalog = []
  for (const [, id = '', str = ''] of text.matchAll(
    /^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm,
  )) {
    const msgid = unquote(id)
    if (msgid) entries.push({ msgid, msgstr: unquote(str) })
  }
  return entries
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Patterns for every text a catalog can put on screen: each message split at its components'
 * tags (a Trans with a link renders as several text nodes), placeholders matching any text.
 * Pieces that are only placeholders and punctuation say nothing and are left out.
 */
function shownTexts(messages: string[]): RegExp[] {
  const patterns: RegExp[] = []
  for (const message of messages) {
    for (const piece of message.split(/<\/?\d+\/?>/)) {
      const trimmed = piece.replace(/\s+/g, ' ').trim()
      if (!/\p{L}/u.test(trimmed.replace(/\{[^}]*\}/g, ''))) continue
      const pattern = trimmed
        .split(/\{[^}]*\}/)
        .map(escape)
        .join('.+')
      patterns.push(new RegExp(`^${pattern}$`, 'su'))
    }
  }
  return patterns
}

/**
 * Every text of the app's chrome (skip link, app bar, navigation drawer, notices) as the user
 * sees or hears it: text nodes and the labels of controls, hidden menu entries included.
 */
async function chromeTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const roots = document.querySelectorAll(
      '.skip-link, header.app-bar, #nav-drawer, .update-notice',
    )
    const texts: string[] = []
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        texts.push(node.textContent ?? '')
      }
      for (const element of [root, ...root.querySelectorAll('*')]) {
        for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = element.getAttribute(attribute)
          if (value) texts.push(value)
        }
      }
    }
    return texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean)
  })
}

/** Texts of the chrome that no catalog translates: the site's name (long and short, for a phone)
 *  and the language codes. */
const UNTRANSLATED_BY_DESIGN = new Set([SITE_TITLE, 'LFIT', 'EN', 'SL', '☰'])

describe('public pages in both languages', () => {
  const sl = readCatalog('sl')
  const en = readCatalog('en')
  // English strings that have a Slovenian translation of their own.
  const english = new Set(sl.filter((e) => e.msgstr && e.msgstr !== e.msgid).map((e) => e.msgid))
  const known = {
    sl: shownTexts(sl.map((e) => e.msgstr || e.msgid)),
    en: shownTexts(en.map((e) => e.msgstr || e.msgid)),
  }

  it('the catalogs are complete: every English message has its Slovenian entry', () => {
    const slIds = new Set(sl.map((e) => e.msgid))
    expect(en.map((e) => e.msgid).filter((id) => !slIds.has(id))).toEqual([])
    expect(sl.filter((e) => !e.msgstr).map((e) => e.msgid)).toEqual([])
    expect(english.size).toBeGreaterThan(50)
  })

  for (const path of PUBLIC_PAGES) {
    it(`${path} in Slovenian and English`, async () => {
      const context = await newContext(browser)
      const guard = guardConsole(context)
      const page = await context.newPage()
      const titles: Record<string, string> = {}
      const bodies: Record<string, string> = {}
      for (const [query, lang] of [
        ['SI', 'sl'],
        ['EN', 'en'],
      ] as const) {
        await page.goto(`${path}?lang=${query}`)
        await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' })
        const article = page.locator('article.content-page')
        await article.waitFor()
        bodies[lang] = await article.innerText()
        expect(bodies[lang].trim().length, `${path} ${lang} body`).toBeGreaterThan(20)
        // The switch is applied, then dropped from the address.
        const pathname = new URL(page.url()).pathname
        expect(pathname.toLowerCase()).toBe(path.toLowerCase())
        await page.waitForFunction(
          (title) =>
            document.title.endsWith(` | ${title}`) && document.title.length > title.length + 3,
          SITE_TITLE,
        )
        titles[lang] = await page.title()
        await page.waitForFunction(
          (href) => document.querySelector('link[rel="canonical"]')?.getAttribute('href') === href,
          `${baseURL()}${pathname}?lang=${query}`,
        )

        // No UI string is shown in the other language or as a missing entry's id.
        const texts = await chromeTexts(page)
        expect(texts.length, `${path} ${lang} chrome`).toBeGreaterThan(10)
        const unexplained = texts.filter(
          (text) =>
            !UNTRANSLATED_BY_DESIGN.has(text) &&
            // Numbers and symbols alone (a count, a dash for "none") are in no language.
            /\p{L}/u.test(text) &&
            !known[lang].some((pattern) => pattern.test(text)),
        )
        expect(unexplained, `${path} ${lang}: texts not from the ${lang} catalog`).toEqual([])
        if (lang === 'sl') {
          const untranslated = texts.filter((text) => english.has(text))
          expect(untranslated, `${path}: English UI strings on the Slovenian page`).toEqual([])
        }
      }
      expect(titles.sl, `${path}: the title is translated`).not.toBe(titles.en)
      expect(bodies.sl, `${path}: the body is translated`).not.toBe(bodies.en)
      guard.check()
      await context.close()
    })
  }
})
