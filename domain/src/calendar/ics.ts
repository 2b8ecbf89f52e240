// iCalendar (RFC 5545) export of study days, so participants can add the training to their own
// calendar. Times are written in UTC, which every calendar reads without a VTIMEZONE and which
// keeps days around a DST change exact.

export interface CalendarEvent {
  /** Stable across exports, so a re-import updates events instead of duplicating them. */
  uid: string
  /** How often the event changed (RFC 5545 SEQUENCE): an app replaces the event it holds. */
  sequence?: number
  start: number
  end: number
  summary: string
  description?: string
  location?: string
}

export interface CalendarInput {
  name: string
  events: readonly CalendarEvent[]
  /** The export time (DTSTAMP); passed in so exports are reproducible. */
  now: number
}

const PRODUCT_ID = '-//LFIT//Training programme timetable//EN'

function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** TEXT escaping of RFC 5545 §3.3.11. */
function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\r?\n/g, '\\n')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
}

// UTF-8 length by code point: domain/ has no TextEncoder (no DOM or Node), and needs none.
function octetsOf(char: string): number {
  const code = char.codePointAt(0) ?? 0
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
}

function octetLength(text: string): number {
  let total = 0
  for (const char of text) total += octetsOf(char)
  return total
}

/** Folds a content line at 75 octets (RFC 5545 §3.1) without splitting a UTF-8 character. */
function fold(line: string): string {
  if (octetLength(line) <= 75) return line
  const parts: string[] = []
  let part = ''
  let octets = 0
  for (const char of line) {
    const size = octetsOf(char)
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(part)
      part = ''
      octets = 0
    }
    part += char
    octets += size
  }
  parts.push(part)
  return parts.join('\r\n ')
}

export function toICalendar(input: CalendarInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    // NAME is the standard one (RFC 7986); X-WR-CALNAME is what most apps read, and many show
    // it without unescaping, so the names given have no comma (docs/product-rules.md#exports).
    `NAME:${escapeText(input.name)}`,
    `X-WR-CALNAME:${escapeText(input.name)}`,
  ]
  const stamp = utcStamp(input.now)
  for (const event of input.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence ?? 0}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcStamp(event.start)}`,
      `DTEND:${utcStamp(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    )
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
    lines.push('END:VEVENT')
  }
  lines.push('END:VCALENDAR')
  return lines.map(fold).join('\r\n') + '\r\n'
}
