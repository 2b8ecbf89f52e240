// The standing in words, in both languages with the real catalogs, at the edges of a limit of 5.
import { setupI18n, type I18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { standingAgainst } from '@lfit/domain/makeups/thresholds'
import { messages as enApp } from '../../locales/en.po'
import { messages as enScreens } from '../../locales/screens/en.po'
import { messages as slApp } from '../../locales/sl.po'
import { messages as slScreens } from '../../locales/screens/sl.po'
import { standingName, standingSentence } from './standing-words'

// The app's words and the screens' words, as the router loads both for these screens.
const en = { ...enApp, ...enScreens }
const sl = { ...slApp, ...slScreens }

const catalogs: Record<string, I18n> = {}
beforeAll(() => {
  for (const [locale, messages] of Object.entries({ en, sl })) {
    catalogs[locale] = setupI18n({ locale, messages: { [locale]: messages } })
  }
})

const figures = (missed: number, limit = 5) => ({
  missed: Array.from({ length: missed }, () => ({}) as never),
  limit,
  standing: standingAgainst(missed, limit),
})

describe('standingSentence', () => {
  it.each([
    [3, 'year', 'On track: 3 of at most 5 missed days this year'],
    [4, 'year', 'At risk: one more missed day reaches the limit of 5 this year'],
    [5, 'year', 'At risk: the limit of 5 is reached, one more missed day this year is over it'],
    [6, 'year', 'Over the limit: 6 missed days, at most 5 are allowed in a year'],
    [4, 'programme', 'At risk: one more missed day reaches the limit of 5 in the programme'],
  ] as const)('%i missed of a %s limit of 5', (missed, scope, text) => {
    expect(standingSentence(catalogs.en as I18n, figures(missed), scope)).toBe(text)
  })

  it.each([
    [4, 'Ogroženo: še en zamujen dan doseže letošnjo mejo 5 dni'],
    [6, 'Čez mejo: 6 zamujenih dni, v letniku jih je dovoljenih največ 5'],
    [2, 'Čez mejo: 2 zamujena dneva, v letniku jih je dovoljenih največ 1'],
  ] as const)('Slovenian, %i missed', (missed, text) => {
    const limit = missed === 2 ? 1 : 5
    expect(standingSentence(catalogs.sl as I18n, figures(missed, limit), 'year')).toBe(text)
  })

  it('names every standing in both languages', () => {
    expect(
      ['onTrack', 'atRisk', 'overLimit'].map((l) => standingName(catalogs.en as I18n, l as never)),
    ).toEqual(['On track', 'At risk', 'Over the limit'])
    expect(standingName(catalogs.sl as I18n, 'overLimit')).toBe('Čez mejo')
  })
})
