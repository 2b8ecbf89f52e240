// Which language the UI speaks: a query parameter on any URL switches it (`?SI`, `?EN`,
// `?lang=SI`, `?lang=EN`, any case) and the choice is kept in a cookie for 5 years; the default
// is English. One rule for the app and the server, which renders the public pages in the language
// the app will start in (docs/0024). Pure functions, so the rules are tested without a browser.

export const LANGUAGES = ['en', 'sl'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

export const LANGUAGE_COOKIE = 'lang'
/** Five years, in seconds (the cookie's max-age). */
export const LANGUAGE_COOKIE_MAX_AGE = 5 * 365 * 24 * 60 * 60

/** The spec's names of the languages (EN, SI) to ours. */
const CODES: Record<string, Language> = { en: 'en', si: 'sl', sl: 'sl' }

function languageOf(code: string | null | undefined): Language | null {
  return code ? (CODES[code.trim().toLowerCase()] ?? null) : null
}

/** The language a URL's query asks for, or null when it asks for none. */
export function languageFromQuery(search: string): Language | null {
  const params = new URLSearchParams(search)
  let found: Language | null = null
  for (const [key, value] of params) {
    const name = key.toLowerCase()
    if (name === 'lang') found = languageOf(value) ?? found
    else if (value === '' && (name === 'en' || name === 'si')) found = languageOf(name)
  }
  return found
}

/** The query without the language switch, so that the address stays clean after switching. */
export function withoutLanguageQuery(search: string): string {
  const params = new URLSearchParams(search)
  for (const key of [...params.keys()]) {
    const name = key.toLowerCase()
    if (name === 'lang' || ((name === 'en' || name === 'si') && params.get(key) === '')) {
      params.delete(key)
    }
  }
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}

export function languageFromCookie(cookie: string): Language | null {
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=')
    if (at < 0) continue
    if (part.slice(0, at).trim() === LANGUAGE_COOKIE) {
      return languageOf(decodeURIComponent(part.slice(at + 1)))
    }
  }
  return null
}

/** The `document.cookie` assignment that stores the language (EN or SI) for 5 years. */
export function languageCookie(language: Language, secure: boolean): string {
  const value = language === 'sl' ? 'SI' : 'EN'
  return `${LANGUAGE_COOKIE}=${value}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** The language to start in: the URL's switch first, then the cookie, then English. */
export function initialLanguage(search: string, cookie: string): Language {
  return languageFromQuery(search) ?? languageFromCookie(cookie) ?? DEFAULT_LANGUAGE
}
