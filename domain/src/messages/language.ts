// Which language the UI speaks: a query parameter on any URL switches it (`?SI`, `?EN`,
// `?lang=SI`, `?lang=EN`, any case) and the choice is kept in a cookie for 5 years; the default
// is English. One rule for the app and the server, which renders the public pages in the language
// the app will start in (docs/0023). Pure functions, so the rules are tested without a browser.

export const LANGUAGES = ['en', 'sl'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

export const LANGUAGE_COOKIE = 'lang'
/** Five years, in seconds (the cookie's max-age). */
export const LANGUAGE_COOKIE_MAX_AGE = 5 * 365 * 24 * 60 * 60

/** The `?lang=` names of the languages (EN, SI; docs/product-rules.md#language) to ours. */
const CODES: Record<string, Language> = { en: 'en', si: 'sl', sl: 'sl' }

function languageOf(code: string | null | undefined): Language | null {
  return code ? (CODES[code.trim().toLowerCase()] ?? null) : null
}

/** A query's part (`lang=SI`, `SI`) as its name and value, decoded as a browser decodes them. */
function queryPart(part: string): [string, string] {
  const at = part.indexOf('=')
  const [name, value] = at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)]
  return [decodeQuery(name), decodeQuery(value)]
}

function decodeQuery(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return text
  }
}

/** The parts of a query (`?a=1&b`), without the `?`. */
const queryParts = (search: string): string[] =>
  (search.startsWith('?') ? search.slice(1) : search).split('&').filter((part) => part !== '')

/** The language a part of the query switches to; null when it is no language switch. */
function switchOf(part: string): Language | null | undefined {
  const [key, value] = queryPart(part)
  const name = key.toLowerCase()
  if (name === 'lang') return languageOf(value)
  if (value === '' && (name === 'en' || name === 'si')) return languageOf(name)
  return undefined
}

/** The language a URL's query asks for, or null when it asks for none (the last switch wins). */
export function languageFromQuery(search: string): Language | null {
  let found: Language | null = null
  for (const part of queryParts(search)) found = switchOf(part) ?? found
  return found
}

/** The query without the language switch, so that the address stays clean after switching. */
export function withoutLanguageQuery(search: string): string {
  const rest = queryParts(search).filter((part) => switchOf(part) === undefined)
  return rest.length > 0 ? `?${rest.join('&')}` : ''
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
