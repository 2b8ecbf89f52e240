import { describe, expect, it } from 'vitest'
import ICAL from 'ical.js'
import { toICalendar } from './ics'

// Europe/Ljubljana study days around the end of summer time 2024 (27 October).
const events = [
  {
    uid: 'lfit_20241026@lfit',
    start: Date.UTC(2024, 9, 26, 7, 30),
    end: Date.UTC(2024, 9, 26, 14, 30),
    summary: 'Segment 6, day 3',
    description: 'Trainer: Ana; assistants: Bor, Cene\nBring a mat; water',
    location: 'Studio, Ljubljana',
  },
  {
    uid: 'lfit_20241027@lfit',
    start: Date.UTC(2024, 9, 27, 8, 30),
    end: Date.UTC(2024, 9, 27, 15, 30),
    summary: 'Segment 6, day 4 — čas',
  },
]

// Percent-encoding writes each UTF-8 octet once: an independent way to count them.
const utf8Length = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, 'x').length

describe('iCalendar export', () => {
  const text = toICalendar({ name: 'LFIT, year 2', events, now: Date.UTC(2026, 10, 23) })

  it('is read by a real calendar parser with the same UTC times, across the DST change', () => {
    const calendar = new ICAL.Component(ICAL.parse(text))
    const parsed = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
    expect(parsed.map((e) => e.uid)).toEqual(['lfit_20241026@lfit', 'lfit_20241027@lfit'])
    expect(parsed.map((e) => e.startDate.toJSDate().getTime())).toEqual(events.map((e) => e.start))
    expect(parsed.map((e) => e.endDate.toJSDate().getTime())).toEqual(events.map((e) => e.end))
    expect(parsed[0]?.description).toBe('Trainer: Ana; assistants: Bor, Cene\nBring a mat; water')
    expect(parsed[1]?.summary).toBe('Segment 6, day 4 — čas')
  })

  it('follows RFC 5545 framing: CRLF lines of at most 75 octets, required properties', () => {
    expect(text.endsWith('\r\n')).toBe(true)
    for (const line of text.split('\r\n')) expect(utf8Length(line)).toBeLessThanOrEqual(75)
    for (const property of [
      'VERSION:2.0',
      'PRODID:',
      'DTSTAMP:20261123T000000Z',
      'DTSTART:20241027T083000Z',
    ])
      expect(text).toContain(property)
  })

  it('names the calendar as shown, in RFC 7986 NAME and the X-WR-CALNAME apps read verbatim', () => {
    const name = 'Urnik LFIT – 4. letnik'
    const named = toICalendar({ name, events: [], now: 0 })
    const calendar = new ICAL.Component(ICAL.parse(named))
    expect(calendar.getFirstPropertyValue('name')).toBe(name)
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(name)
    // Most calendar apps show X-WR-CALNAME without unescaping it: the name has nothing to escape.
    expect(named.split('\r\n')).toContain(`X-WR-CALNAME:${name}`)
    expect(named).not.toContain('\\')
  })

  it('gives the same UIDs on every export, so re-importing updates instead of duplicating', () => {
    const again = toICalendar({ name: 'LFIT, year 2', events, now: Date.UTC(2027, 0, 1) })
    const uids = (s: string) => s.split('\r\n').filter((l) => l.startsWith('UID:'))
    expect(uids(again)).toEqual(uids(text))
  })

  it('folds a long line without breaking a multi-byte character', () => {
    const long = toICalendar({
      name: 'x',
      now: 0,
      events: [{ uid: 'u', start: 0, end: 1, summary: 'čšž'.repeat(40) }],
    })
    const calendar = new ICAL.Component(ICAL.parse(long))
    expect(new ICAL.Event(calendar.getFirstSubcomponent('vevent')!).summary).toBe('čšž'.repeat(40))
  })
})
