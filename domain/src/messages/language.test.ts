import { describe, expect, it } from 'vitest'
import {
  initialLanguage,
  LANGUAGE_COOKIE_MAX_AGE,
  languageCookie,
  languageFromCookie,
  languageFromQuery,
  withoutLanguageQuery,
} from './language'

describe('language switch in the query', () => {
  it.each([
    ['?SI', 'sl'],
    ['?si', 'sl'],
    ['?EN', 'en'],
    ['?En', 'en'],
    ['?lang=SI', 'sl'],
    ['?lang=si', 'sl'],
    ['?LANG=sI', 'sl'],
    ['?lang=EN', 'en'],
    ['?lang=en&x=1', 'en'],
    ['?year=2&SI', 'sl'],
    ['?lang=sl', 'sl'],
    ['?lang=%53I', 'sl'],
    ['?SI&lang=en', 'en'],
  ])('%s switches to %s', (search, language) => {
    expect(languageFromQuery(search)).toBe(language)
  })

  it.each(['', '?', '?lang=de', '?lang=', '?si=1', '?english', '?year=2'])(
    '%s asks for no language',
    (search) => {
      expect(languageFromQuery(search)).toBeNull()
    },
  )

  it('removes only the switch from the query', () => {
    expect(withoutLanguageQuery('?SI')).toBe('')
    expect(withoutLanguageQuery('?year=2&lang=EN&view=next')).toBe('?year=2&view=next')
    expect(withoutLanguageQuery('?si=1')).toBe('?si=1')
    expect(withoutLanguageQuery('?q=a+b&SI&lang=de')).toBe('?q=a+b')
  })
})

describe('language cookie', () => {
  it('lasts five years and stores EN or SI', () => {
    expect(LANGUAGE_COOKIE_MAX_AGE).toBe(157_680_000)
    expect(languageCookie('sl', false)).toBe('lang=SI; Max-Age=157680000; Path=/; SameSite=Lax')
    expect(languageCookie('en', true)).toContain('lang=EN;')
    expect(languageCookie('en', true)).toMatch(/; Secure$/)
  })

  it('is read back among other cookies', () => {
    expect(languageFromCookie('a=1; lang=SI; b=2')).toBe('sl')
    expect(languageFromCookie('lang=EN')).toBe('en')
    expect(languageFromCookie('language=SI')).toBeNull()
    expect(languageFromCookie('')).toBeNull()
  })

  it('the query wins over the cookie, and English is the default', () => {
    expect(initialLanguage('?EN', 'lang=SI')).toBe('en')
    expect(initialLanguage('', 'lang=SI')).toBe('sl')
    expect(initialLanguage('', '')).toBe('en')
  })
})
