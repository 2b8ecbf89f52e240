import { describe, expect, it } from 'vitest'
import { subtitlesFileName } from './subtitles-upload'

const recording = { _id: 'r-1', titleSl: 'Dih in glas', titleEn: 'Breath and voice' }

describe('a subtitles file is named', () => {
  it.each([
    ['sl', 'sl', recording, 'Dih-in-glas.sl.vtt'],
    ['sl', 'en', recording, 'Dih-in-glas.en.vtt'],
    ['en', 'sl', recording, 'Breath-and-voice.sl.vtt'],
    ['en', 'en', recording, 'Breath-and-voice.en.vtt'],
    // A title in one language only names it on either screen.
    ['sl', 'sl', { ...recording, titleSl: '' }, 'Breath-and-voice.sl.vtt'],
    ['en', 'en', { ...recording, titleEn: '' }, 'Dih-in-glas.en.vtt'],
    ['sl', 'sl', { ...recording, titleSl: '', titleEn: '' }, 'r-1.sl.vtt'],
    ['sl', 'sl', { ...recording, titleSl: 'Čuječnost: vaja 1/2' }, 'Čuječnost-vaja-1-2.sl.vtt'],
  ] as const)('on a %s screen, for %s subtitles of %j: %s', (screen, lang, record, name) => {
    expect(subtitlesFileName(record, screen, lang)).toBe(name)
  })
})
