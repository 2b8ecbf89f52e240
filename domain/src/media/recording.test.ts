import { describe, expect, it } from 'vitest'
import { emptyMaterial, materialRecordSchema, type MaterialRecord } from '../materials/material'
import {
  chapterAt,
  defaultSubtitles,
  formatPlayTime,
  parsePlayTime,
  recordingFiles,
  readerRecordings,
  recordingKindOf,
  recordingsOfDay,
  segmentRecordings,
  sortedChapters,
} from './recording'

const chapter = (at: number, titleEn: string) => ({ at, titleSl: '', titleEn })
const vtt = (lang: 'sl' | 'en') => ({
  fileId: `vtt-${lang}`,
  name: `${lang}.vtt`,
  size: 10,
  type: 'text/vtt',
  lang,
})

const recording = (id: string, patch: Partial<MaterialRecord>): MaterialRecord => ({
  ...emptyMaterial(id),
  kind: 'video',
  years: [2],
  visibility: 'participants',
  ...patch,
})

describe('chapters', () => {
  const chapters = [
    chapter(90, 'Floor'),
    chapter(0, 'Intro'),
    chapter(90, 'Floor, part 2'),
    chapter(30, 'Warm-up'),
  ]
  it('play in time order; equal times keep their written order', () => {
    expect(sortedChapters(chapters).map((c) => c.titleEn)).toEqual([
      'Intro',
      'Warm-up',
      'Floor',
      'Floor, part 2',
    ])
  })
  it.each([
    [0, 'Intro'],
    [29.9, 'Intro'],
    [30, 'Warm-up'],
    [500, 'Floor, part 2'],
  ])('at %s s the chapter is %s', (seconds, title) => {
    expect(chapterAt(chapters, seconds)?.titleEn).toBe(title)
  })
})

describe('play times', () => {
  it.each([
    [0, '0:00'],
    [65.9, '1:05'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
  ])('%s s is written %s', (seconds, text) => {
    expect(formatPlayTime(seconds)).toBe(text)
    expect(parsePlayTime(text)).toBe(Math.floor(seconds))
  })
  it.each(['', 'abc', '1:75', '1:2:3:4', '-5'])('%j is no time', (text) => {
    expect(parsePlayTime(text)).toBeNull()
  })
})

describe('recordings as material', () => {
  it('reads a material kept before recordings had their fields, with empty ones', () => {
    const { durationSec: _d, subtitles: _s, chapters: _c, ...old } = emptyMaterial('m1')
    const read = materialRecordSchema.parse(old)
    expect(read).toMatchObject({ durationSec: 0, subtitles: [], chapters: [] })
  })
  it('keeps its subtitles offline with its media', () => {
    const files = [{ fileId: 'v', name: 'talk.webm', size: 100, type: 'video/webm' }]
    expect(recordingFiles({ files, subtitles: [vtt('sl')] }).map((f) => f.fileId)).toEqual([
      'v',
      'vtt-sl',
    ])
  })
  it.each([
    [['sl', 'en'], 'en', 'en'],
    [['sl', 'en'], 'sl', 'sl'],
    [['sl'], 'en', 'sl'],
    [[], 'sl', undefined],
  ] as const)('subtitles %j for a %s reader: %s', (langs, lang, shown) => {
    expect(defaultSubtitles({ subtitles: langs.map(vtt) }, lang)).toBe(shown)
  })
})

describe('the carousel and the make-up day', () => {
  const here = recording('here', { segments: [3], day: '2026-11-16' })
  const all = [
    here,
    recording('same-segment-older', { segments: [3], day: '2026-10-01' }),
    recording('same-segment-newer', { segments: [3, 4], day: '2026-11-20' }),
    recording('other-year', { segments: [3], years: [4], day: '2026-11-16' }),
    recording('other-segment', { segments: [5], day: '2026-11-16' }),
    recording('deleted', { segments: [3], deleted: true }),
    { ...recording('a-document', { segments: [3] }), kind: 'document' as const },
  ]
  it('offers the other recordings of its segment and year, newest day first', () => {
    expect(segmentRecordings(here, all).map((r) => r._id)).toEqual([
      'same-segment-newer',
      'same-segment-older',
    ])
  })
  it('lists the recordings of a missed day', () => {
    expect(recordingsOfDay('2026-11-16', all).map((r) => r._id)).toEqual([
      'here',
      'other-year',
      'other-segment',
    ])
  })
  it("lists every recording of the reader's device, newest day first, no document or deleted", () => {
    expect(readerRecordings(all).map((r) => r._id)).toEqual([
      'same-segment-newer',
      'here',
      'other-year',
      'other-segment',
      'same-segment-older',
    ])
  })
})

describe('the kind a recording takes from its files', () => {
  const file = (name: string, type: string) => ({ fileId: name, name, size: 1, type })
  const wav = file('vaja.wav', 'audio/wav')
  const mp4 = file('vaja.mp4', 'video/mp4')
  const pdf = file('vaja.pdf', 'application/pdf')
  const vtt = file('vaja.sl.vtt', 'text/vtt')
  it.each([
    ['video', [wav], 'audio'],
    ['video', [wav, pdf], 'audio'],
    ['video', [mp4], 'video'],
    ['audio', [mp4], 'video'],
    ['audio', [wav, mp4], 'video'],
    ['audio', [wav], 'audio'],
    ['video', [], 'video'],
    ['video', [pdf, vtt], 'video'],
    ['audio', [pdf], 'audio'],
    ['document', [wav], 'document'],
    ['link', [mp4], 'link'],
  ] as const)('a %s with %j is %s', (kind, files, expected) => {
    expect(recordingKindOf(kind, files)).toBe(expected)
  })
})
