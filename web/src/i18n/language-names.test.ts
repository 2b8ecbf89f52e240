import { describe, expect, it } from 'vitest'
import { languageLabel } from './language-names'

describe('languageLabel', () => {
  it.each([
    ['sl', 'sl', 'Slovenščina'],
    ['sl', 'en', 'Angleščina'],
    ['sl', 'de', 'Nemščina'],
    ['en', 'sl', 'Slovenian'],
    ['en', 'en', 'English'],
    ['en', 'DE', 'German'],
    ['sl', ' en ', 'Angleščina'],
    // A name typed in full, or something no code, stays as typed.
    ['sl', 'slovensko in angleško', 'slovensko in angleško'],
    ['en', 'Latin', 'Latin'],
    ['en', 'zz', 'zz'],
    ['en', '', ''],
  ])('on a %s screen, %j reads %j', (locale, value, shown) => {
    expect(languageLabel(locale, value)).toBe(shown)
  })
})
