// Every country with its two-letter code and its name in Slovenian and English (docs/product-rules.md#users: the
// registration form lists all countries; with the Slovenian UI the default is Slovenia). Only the
// two locales we show are registered, to keep the country data small (web/scripts/check-bundle-size.mjs).
import { getAlpha2Codes, getName, registerLocale } from 'i18n-iso-countries/index'
import en from 'i18n-iso-countries/langs/en.json'
import sl from 'i18n-iso-countries/langs/sl.json'
import { z } from 'zod'
import type { Lang } from '../messages/bilingual'

registerLocale(sl)
registerLocale(en)

export interface Country {
  code: string
  sl: string
  en: string
}

export interface CountryOption {
  code: string
  name: string
}

export const COUNTRIES: readonly Country[] = Object.keys(getAlpha2Codes())
  .sort()
  .flatMap((code) => {
    const names = { sl: getName(code, 'sl'), en: getName(code, 'en') }
    return names.sl && names.en ? [{ code, sl: names.sl, en: names.en }] : []
  })

export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((country) => country.code)

const BY_CODE: ReadonlyMap<string, Country> = new Map(COUNTRIES.map((c) => [c.code, c]))

export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && BY_CODE.has(value)
}

/** A valid two-letter code, upper case as the library keeps them ('SI', not 'si'). */
export const countryCodeSchema = z.string().refine(isCountryCode)

export function countryName(code: string, lang: Lang): string | undefined {
  return BY_CODE.get(code)?.[lang]
}

/** The country list of a form, sorted by name as the language sorts (Č after C in Slovenian). */
export function countryOptions(lang: Lang): CountryOption[] {
  const collator = new Intl.Collator(lang)
  return COUNTRIES.map((country) => ({ code: country.code, name: country[lang] })).sort((a, b) =>
    collator.compare(a.name, b.name),
  )
}

/** The local country when the UI is Slovenian; no preselection otherwise. */
export function defaultCountry(lang: Lang): string {
  return lang === 'sl' ? 'SI' : ''
}
