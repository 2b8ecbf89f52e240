import { describe, expect, it } from 'vitest'
import { parseWebVtt, vttSeconds } from './webvtt'

const GOOD =
  'WEBVTT\n\n00:00.000 --> 00:01.500\nDober dan\n\n2\n00:01:02.250 --> 00:01:04.000 align:start\nTwo\nlines\n'

describe('WebVTT', () => {
  it.each([
    ['00:01.000', 1],
    ['01:02.250', 62.25],
    ['01:00:00.000', 3600],
    ['1:00.000', null],
    ['00:60.000', null],
    ['00:01,000', null],
  ])('timestamp %s is %s seconds', (stamp, seconds) => {
    expect(vttSeconds(stamp)).toBe(seconds)
  })

  it('reads cues with and without identifiers, settings and several lines', () => {
    expect(parseWebVtt(GOOD)).toEqual({
      ok: true,
      cues: [
        { start: 0, end: 1.5, text: 'Dober dan' },
        { start: 62.25, end: 64, text: 'Two\nlines' },
      ],
    })
  })

  it.each([
    [
      'a BOM, CRLF lines and a NOTE',
      '\uFEFFWEBVTT - talk\r\n\r\nNOTE made by hand\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n',
      1,
    ],
    ['a header with metadata', 'WEBVTT\nKind: captions\n\n00:01.000 --> 00:02.000\nHi', 1],
    ['no cues at all', 'WEBVTT\n', 0],
  ])('accepts %s', (_, text, count) => {
    const read = parseWebVtt(text)
    expect(read.ok && read.cues.length).toBe(count)
  })

  it.each([
    ['no header', '00:01.000 --> 00:02.000\nHi', 1, 'WEBVTT'],
    ['an SRT file', '1\n00:00:01,000 --> 00:00:02,000\nHi', 1, 'WEBVTT'],
    ['a comma in a time', 'WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nHi', 3, 'mm:ss.ttt'],
    ['an end before the start', 'WEBVTT\n\n00:05.000 --> 00:02.000\nHi', 3, 'after the start'],
    [
      'text without timing',
      'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n\njust words\nmore',
      6,
      'timing line',
    ],
  ])('refuses %s, naming the line in both languages', (_, text, line, words) => {
    const read = parseWebVtt(text)
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.line).toBe(line)
    expect(read.message.en).toContain(`line ${line}`)
    expect(read.message.en).toContain(words)
    expect(read.message.sl).toContain(`vrstica ${line}`)
  })
})
