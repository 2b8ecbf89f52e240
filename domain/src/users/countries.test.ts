import { describe, expect, it } from 'vitest'
import {
  COUNTRIES,
  COUNTRY_CODES,
  countryCodeSchema,
  countryName,
  countryOptions,
  defaultCountry,
  isCountryCode,
} from './countries'

describe('countries', () => {
  it('lists every country once, at least 240', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240)
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length)
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true)
  })

  it.each([
    ['SI', 'Slovenija', 'Slovenia'],
    ['AT', 'Avstrija', 'Austria'],
    ['HR', 'Hrvaška', 'Croatia'],
    ['DE', 'Nemčija', 'Germany'],
  ] as const)('%s is %s in sl and %s in en', (code, sl, en) => {
    expect(countryName(code, 'sl')).toBe(sl)
    expect(countryName(code, 'en')).toBe(en)
  })

  it.each([
    ['sl', 'SI'],
    ['en', ''],
  ] as const)('default country for %s is %j', (lang, code) => {
    expect(defaultCountry(lang)).toBe(code)
  })

  it.each([
    ['valid code', 'SI', true],
    ['lower case is not a code', 'si', false],
    ['three letters', 'SVN', false],
    ['unknown', 'QQ', false],
    ['empty', '', false],
    ['not a string', 7, false],
  ])('code check: %s', (_label, value, valid) => {
    expect(isCountryCode(value)).toBe(valid)
    expect(countryCodeSchema.safeParse(value).success).toBe(valid)
  })

  it('options are sorted by the language: Slovenian puts Č after C, before D', () => {
    const names = countryOptions('sl').map((o) => o.name)
    const at = (name: string) => names.indexOf(name)
    expect(at('Češka')).toBeGreaterThan(at('Ciper'))
    expect(at('Češka')).toBeLessThan(at('Danska'))
    expect(names).toHaveLength(COUNTRIES.length)
  })

  it('English options are in English alphabetical order', () => {
    const options = countryOptions('en')
    expect(options[0]?.name).toBe('Afghanistan')
    expect(options.find((o) => o.code === 'SI')?.name).toBe('Slovenia')
  })
})
