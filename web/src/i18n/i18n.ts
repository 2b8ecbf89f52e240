// Loads and activates a language: its compiled catalog (only the active one is downloaded), the
// cookie, `<html lang>`, and the web manifest of that language (the installed app's name,
// description and shortcuts). The words of the screens loaded on demand are another catalog
// (web/build/catalog-groups.ts; the studio tablet's screen has one of its own), loaded with the
// first such screen and, from then on, with every language the person switches to.
import { i18n, type Messages } from '@lingui/core'
import { MANIFEST_FILES } from '../pwa/manifest-files'
import {
  initialLanguage,
  languageFromCookie,
  languageCookie,
  languageFromQuery,
  withoutLanguageQuery,
  type Language,
} from '@lfit/domain/messages/language'

const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en.po'),
  sl: () => import('../locales/sl.po'),
}

/**
 * The words loaded on demand beside the app's: the screens' (every screen loaded on demand), or
 * the studio tablet's alone, which its screen loads instead (web/build/catalog-groups.ts).
 */
export type ScreenWords = 'screens' | 'tablet'

const screenCatalogs: Record<
  ScreenWords,
  Record<Language, () => Promise<{ messages: Messages }>>
> = {
  screens: {
    en: () => import('../locales/screens/en.po'),
    sl: () => import('../locales/screens/sl.po'),
  },
  tablet: {
    en: () => import('../locales/tablet/en.po'),
    sl: () => import('../locales/tablet/sl.po'),
  },
}

/** The screen words loaded (or loading), by catalog and language; none until a screen asks. */
const screenWords = new Map<`${ScreenWords}:${Language}`, Promise<void>>()

/**
 * The words of the screens loaded on demand in `language` (`words`: which catalog). Start-up asks
 * for them beside the app's catalog when the first screen needs them, so that screen waits for
 * one download, not two in a row (docs/0022).
 */
export function loadScreenWordsOf(language: Language, words: ScreenWords): Promise<void> {
  const key = `${words}:${language}` as const
  let loading = screenWords.get(key)
  if (!loading) {
    loading = screenCatalogs[words][language]().then(({ messages }) =>
      i18n.load(language, messages),
    )
    // A failed download (offline before the service worker has it) is tried again next time.
    loading.catch(() => screenWords.delete(key))
    screenWords.set(key, loading)
  }
  return loading
}

/** Before a screen loaded on demand shows: its words in the active language. */
export function loadScreenWords(words: ScreenWords): Promise<void> {
  return loadScreenWordsOf(currentLanguage(), words)
}

/** The app's words in `language`, loaded into Lingui (the server render uses this alone). */
export async function loadLanguage(language: Language): Promise<void> {
  const { messages } = await catalogs[language]()
  i18n.load(language, messages)
}

export async function activateLanguage(language: Language): Promise<void> {
  if (i18n.locale !== language) {
    await Promise.all([
      loadLanguage(language),
      // Once a screen's words were needed, a switch brings them in the new language too.
      ...(Object.keys(screenCatalogs) as ScreenWords[])
        .filter((words) => [...screenWords.keys()].some((key) => key.startsWith(`${words}:`)))
        .map((words) => loadScreenWordsOf(language, words)),
    ])
    i18n.activate(language)
  }
  document.documentElement.lang = language
  document
    .querySelector<HTMLLinkElement>('link[rel="manifest"]')
    ?.setAttribute('href', `/${MANIFEST_FILES[language]}`)
}

export function storeLanguage(language: Language): void {
  document.cookie = languageCookie(language, location.protocol === 'https:')
}

/** Switches and remembers the language. */
export async function switchLanguage(language: Language): Promise<void> {
  storeLanguage(language)
  await activateLanguage(language)
}

/** At start: applies a language switch in the URL (then drops it from the address). */
export async function startLanguage(): Promise<Language> {
  const language = initialLanguage(location.search, document.cookie)
  // A chosen language is stored again at every start: browsers cap a cookie's life (Chromium at
  // 400 days), so a visitor who comes back keeps the choice for five years after the last visit.
  if (languageFromCookie(document.cookie)) storeLanguage(language)
  if (languageFromQuery(location.search)) {
    storeLanguage(language)
    const clean = `${location.pathname}${withoutLanguageQuery(location.search)}${location.hash}`
    history.replaceState(history.state, '', clean)
  }
  await activateLanguage(language)
  return language
}

/** Follows a switch in the query of a later in-app navigation (a link with `?SI`). */
export function followLanguageQuery(search: string): void {
  const language = languageFromQuery(search)
  if (language && language !== i18n.locale) void switchLanguage(language)
}

export function currentLanguage(): Language {
  return i18n.locale === 'sl' ? 'sl' : 'en'
}
