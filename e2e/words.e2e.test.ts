// Words, dates and languages in the browser (docs/product-rules.md#dates, #sync-messages), in
// Slovenian and English on the studio tablet: an admin's later mark reaches the presence editor
// as a sentence naming the person, the day and both marks; the sync panel's diagnostics read in
// words (last sync time, the last error, the queued edits) with no id, UUID, field or JSON; and
// no page shows a month-first date. Debian's Chromium against the real server, no mocks.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Packr } from 'msgpackr'
import type { Browser, Page } from 'playwright-core'
import type { AttendanceMark } from '@lfit/domain/records/attendance'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { SYNC_PROTOCOL_VERSION, type PushResponse } from '@lfit/domain/sync/protocol'
import { formatDay } from '../web/src/i18n/date-format'
import {
  baseURL,
  goOffline,
  goOnline,
  guardConsole,
  launch,
  login,
  newContext,
} from './support/browser'

const TABLET = { width: 1024, height: 768 }
const UNREACHABLE =
  /Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|CONNECTION_(REFUSED|RESET))/
const packr = new Packr({ useRecords: false, mapsAsObjects: true })

/** A numeric month-first date, as an English browser writes one: 11/23/26, 11/23/2026. */
const US_DATE = /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/
/** What a user must never read: record ids, UUIDs, field names, JSON, a cursor. */
const TECHNICAL = [
  /lfit_\d{8}/,
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
  /[{}"[\]]/,
  /\b(mark|note|fields|recordId|collection|cursor)\s*:/i,
]

const LANGUAGES = {
  en: {
    query: '?EN',
    marks: { present: 'Present', absent: 'Absent', late: 'Late', excused: 'Excused' },
    lastSynced:
      /Last synced: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{2}:\d{2}/,
    day: /(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}/,
    noConnection: 'No connection to the server.',
    told: (name: string, day: string, yours: string, by: string, theirs: string) =>
      `Your mark for ${name} on ${day} (${yours}) was replaced by ${by}'s later mark (${theirs}).`,
    queued: (name: string, day: string, mark: string) => `Mark for ${name} on ${day}: ${mark}`,
    badDate: 'Write the date as day, month, year, e.g. 17 Nov 2026',
    participant: 1,
  },
  sl: {
    query: '?SI',
    marks: { present: 'Prisotnost', absent: 'Odsotnost', late: 'Zamuda', excused: 'Opravičeno' },
    lastSynced:
      /Zadnja sinhronizacija: (pon|tor|sre|čet|pet|sob|ned)\., \d{1,2}\. \d{1,2}\. \d{4}, \d{2}:\d{2}/,
    day: /(pon|tor|sre|čet|pet|sob|ned)\., \d{1,2}\. \d{1,2}\. \d{4}/,
    noConnection: 'Ni povezave s strežnikom.',
    told: (name: string, day: string, yours: string, by: string, theirs: string) =>
      `Vašo oznako za ${name}, ${day} (${yours}), je nadomestila poznejša oznaka osebe ${by} (${theirs}).`,
    queued: (name: string, day: string, mark: string) => `Oznaka za ${name}, ${day}: ${mark}`,
    badDate: 'Datum vpišite kot dan, mesec, leto, npr. 17. 11. 2026',
    participant: 2,
  },
} as const

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

function expectReadable(text: string, patterns: readonly RegExp[] = TECHNICAL) {
  for (const pattern of [...patterns, US_DATE])
    expect(text, `${String(pattern)} in:\n${text}`).not.toMatch(pattern)
}

const dayStrOf = (dayId: string) =>
  `${dayId.slice(5, 9)}-${dayId.slice(9, 11)}-${dayId.slice(11, 13)}`

async function openPanel(page: Page) {
  const panel = page.locator('details.sync-status')
  if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
  return panel
}

describe('words, dates and languages', () => {
  for (const [language, ui] of Object.entries(LANGUAGES)) {
    it(`${language}: an admin's later mark is told in words, the sync panel has no id, and no date is month-first`, async () => {
      const editor = await newContext(browser, { viewport: TABLET })
      const guard = guardConsole(editor)
      guard.allow(UNREACHABLE)
      const page = await editor.newPage()
      await login(page, 'presenceEditor')
      await page.goto(`/ETAB${ui.query}`)
      await page.locator('li.etab-row').first().waitFor()
      const dayId = (await page.locator('section.etab').getAttribute('data-day')) as string
      const day = formatDay(language, dayStrOf(dayId))
      // The day picker writes the day in the language's one format.
      expect(
        await page.locator('.day-picker select[name="day"] option:checked').textContent(),
      ).toContain(day)

      // The editor marks a participant Late (Excused if Late already) and it syncs.
      const rows = page.locator('li.etab-row')
      const row = rows.nth(ui.participant)
      const participant = (await row.getAttribute('data-participant')) as string
      const name = (await row.locator('.etab-name').textContent()) as string
      const yours: AttendanceMark =
        (await row.getAttribute('data-mark')) === 'late' ? 'excused' : 'late'
      await row
        .locator('.etab-actions button')
        .nth(yours === 'late' ? 0 : 1)
        .click()
      await page
        .locator(
          `li.etab-row[data-participant="${participant}"][data-mark="${yours}"][data-pending="0"]`,
        )
        .waitFor({ timeout: 60_000 })

      // An admin overwrites it later through the API, from a desk.
      const admin = await newContext(browser)
      await login(await admin.newPage(), 'admin')
      const recordId = `${dayId}:${participant}`
      const response = await admin.request.post(`${baseURL()}/api/db/attendance/upsertBatch`, {
        headers: { 'content-type': 'application/msgpack', accept: 'application/msgpack' },
        data: Buffer.from(
          packr.pack({
            v: SYNC_PROTOCOL_VERSION,
            batch: [
              {
                id: randomUUID(),
                collection: 'attendance',
                recordId,
                hlc: encodeHlc({ wall: Date.now() + 1_000, counter: 0, node: 'admin-desk' }),
                deviceId: 'admin-desk',
                fields: { mark: 'present' },
              },
            ],
          }),
        ),
      })
      expect(response.status()).toBe(200)
      const answer = packr.unpack(await response.body()) as PushResponse
      expect(answer.results[0]?.status).toBe('applied')
      await admin.close()

      // The editor syncs and is told in words.
      const panel = await openPanel(page)
      await panel.locator('.sync-panel > button').click()
      const notice = panel.locator(`li[data-notice="superseded"][data-record="${recordId}"]`)
      await notice.waitFor({ timeout: 60_000 })
      // The admin is named from the server's user directory (the demo admin is "Demo admin").
      const told = ui.told(name, day, ui.marks[yours], 'Demo admin', ui.marks.present)
      await notice.filter({ hasText: told }).waitFor()
      await panel.locator('p', { hasText: ui.lastSynced }).waitFor()

      // Offline, a queued edit and the last error are listed in words too.
      await goOffline(editor)
      const other = rows.nth(ui.participant + 1)
      const otherName = (await other.locator('.etab-name').textContent()) as string
      const otherMark = (await other.getAttribute('data-mark')) === 'late' ? 'excused' : 'late'
      await other
        .locator('.etab-actions button')
        .nth(otherMark === 'late' ? 0 : 1)
        .click()
      await panel.locator('.sync-panel > button').click()
      await panel
        .locator('.sync-queue li', { hasText: ui.queued(otherName, day, ui.marks[otherMark]) })
        .waitFor()
      await panel.locator('.sync-diagnostics dd', { hasText: ui.noConnection }).waitFor()
      expectReadable(await panel.innerText())
      // The page around it (names, notes, help) may hold quotes; ids and month-first dates never.
      expectReadable(await page.locator('body').innerText(), TECHNICAL.slice(0, 2))
      await goOnline(editor)
      await panel.locator('.sync-panel > button').click()
      await page.locator('details.sync-status[data-pending="0"]').waitFor({ timeout: 60_000 })

      // A typed date is read day first and written back in full; a month-first one is refused.
      await page.goto('/odsotnost')
      const form = page.locator('form.absence-form').first()
      const from = form.locator('input[name="fromDay"]')
      await from.fill('17.11.2026')
      await from.blur()
      expect(await from.inputValue()).toBe(formatDay(language, '2026-11-17'))
      const to = form.locator('input[name="toDay"]')
      await to.fill('11/23/2026')
      await to.blur()
      await form.locator('[role="alert"]', { hasText: ui.badDate }).waitFor()
      expect(await page.locator('body').innerText()).not.toMatch(US_DATE)

      // The timetable writes its days in the same form, never month first.
      await page.goto('/urnik')
      await page.locator('.timetable-screen').waitFor()
      const timetable = await page.locator('body').innerText()
      expect(timetable).toMatch(ui.day)
      expect(timetable).not.toMatch(US_DATE)
      guard.check()
      await editor.close()
    }, 180_000)
  }
})
