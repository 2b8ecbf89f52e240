// A make-up session in words, in both languages: the date and hours never ambiguous, what it
// covers named as the timetable names it, never a record id.
import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { messages as enApp } from '../../locales/en.po'
import { messages as enScreens } from '../../locales/screens/en.po'
import { messages as slApp } from '../../locales/sl.po'
import { messages as slScreens } from '../../locales/screens/sl.po'
import { coversLine, coversWords, sessionWhen } from './words'

// The app's words and the screens' words, as the router loads both for these screens.
const en = { ...enApp, ...enScreens }
const sl = { ...slApp, ...slScreens }

const i18n = {
  en: setupI18n({ locale: 'en', messages: { en } }),
  sl: setupI18n({ locale: 'sl', messages: { sl } }),
}

const session = { dayStr: '2026-12-01', fromHour: '17:00', toHour: '20:00' }

describe('a make-up session in words', () => {
  it.each([
    ['en', 'Tue 1 Dec 2026, 17:00–20:00'],
    ['sl', 'tor., 1. 12. 2026, 17:00–20:00'],
  ] as const)('%s: when it is held', (lang, expected) => {
    expect(sessionWhen(lang, session)).toBe(expected)
  })

  it.each([
    ['en', { segments: [3], days: [] }, 'Segment 3'],
    ['en', { segments: [], days: ['lfit_20261114'] }, 'Sat 14 Nov 2026'],
    [
      'en',
      { segments: [5, 3], days: ['lfit_20261121', 'lfit_20261114'] },
      'Segment 3, Segment 5, Sat 14 Nov 2026, Sat 21 Nov 2026',
    ],
    ['sl', { segments: [3], days: ['lfit_20261114'] }, 'Segment 3, sob., 14. 11. 2026'],
  ] as const)('%s: covers %j', (lang, covers, expected) => {
    const words = coversWords(i18n[lang], {
      segments: [...covers.segments],
      days: [...covers.days],
    })
    expect(words).toBe(expected)
    expect(words).not.toMatch(/lfit_/)
  })

  it('says what it covers in the reader’s language', () => {
    expect(coversLine(i18n.en, { segments: [3], days: [] })).toBe('Covers: Segment 3')
    expect(coversLine(i18n.sl, { segments: [3], days: [] })).toBe('Pokriva: Segment 3')
  })
})
