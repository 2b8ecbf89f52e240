// Reading a date a person typed, whatever the browser's locale: the day always comes first
// (docs/product-rules.md#dates), so "11/23/2026" is refused instead of silently read as
// 11 November or 23 November. Accepted: "17. 11. 2026", "17.11.26", "17/11/2026",
// "17 Nov 2026", "17 november 2026", "tor., 17. 11. 2026" (what the app shows, weekday
// ignored), and ISO "2026-11-17". Month names in English or Slovenian, any case.
import type { Bilingual } from '../messages/bilingual'
import { isDayStr } from '../schedule/time'

export type DayInput = { ok: true; dayStr: string } | { ok: false; message: Bilingual }

export const DAY_INPUT_MESSAGES = {
  required: { sl: 'Vpišite datum', en: 'Enter a date' },
  invalid: {
    sl: 'Datum vpišite kot dan, mesec, leto, npr. 17. 11. 2026',
    en: 'Write the date as day, month, year, e.g. 17 Nov 2026',
  },
  noSuchDay: { sl: 'Tega dne ni v koledarju', en: 'There is no such day in the calendar' },
} as const satisfies Record<string, Bilingual>

// Three-letter stems: "nov", "november", "novembra" all match; "maj"/"may" and "avg"/"aug" both.
const MONTH_STEMS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  maj: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  avg: 8,
  sep: 9,
  oct: 10,
  okt: 10,
  nov: 11,
  dec: 12,
}

const WEEKDAY_WORD =
  /^(mon|tue|wed|thu|fri|sat|sun|pon|tor|sre|čet|cet|pet|sob|ned)[\p{L}]*\.?,?\s*/iu
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/
const DAY_FIRST = /^(\d{1,2})\s*[./\s-]\s*(\d{1,2}|\p{L}+)\.?\s*[./\s,-]?\s*(\d{4}|\d{2})$/u

const two = (n: number) => String(n).padStart(2, '0')

function monthOf(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text)
  return MONTH_STEMS[text.slice(0, 3).toLowerCase()] ?? null
}

/** A typed date to `YYYY-MM-DD`, or the reason it cannot be read, in both languages. */
export function parseDayInput(text: string): DayInput {
  const trimmed = text.trim().replace(/\s+/g, ' ')
  if (trimmed === '') return { ok: false, message: DAY_INPUT_MESSAGES.required }
  let year: number
  let month: number | null
  let day: number
  const iso = ISO.exec(trimmed)
  if (iso) {
    ;[year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  } else {
    const match = DAY_FIRST.exec(trimmed.replace(WEEKDAY_WORD, ''))
    if (!match) return { ok: false, message: DAY_INPUT_MESSAGES.invalid }
    day = Number(match[1])
    month = monthOf(match[2] as string)
    const written = match[3] as string
    // Two digits are this century: the programme's dates are all after 2000.
    year = written.length === 2 ? 2000 + Number(written) : Number(written)
  }
  if (month === null || month < 1 || month > 12 || day < 1) {
    return { ok: false, message: DAY_INPUT_MESSAGES.invalid }
  }
  const dayStr = `${year}-${two(month)}-${two(day)}`
  if (!isDayStr(dayStr)) return { ok: false, message: DAY_INPUT_MESSAGES.noSuchDay }
  return { ok: true, dayStr }
}
