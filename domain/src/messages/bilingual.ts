// The app's messages are bilingual: Slovenian, then English after the word EN (docs/product-rules.md#users). Server
// answers carry both halves as { sl, en }; the UI shows the half of the current language.

export type Lang = 'sl' | 'en'

export interface Bilingual {
  sl: string
  en: string
}

const SEPARATOR = /\s+EN\s+/

/**
 * 'obvezno EN required' → { sl: 'obvezno', en: 'required' }. A text without the separator is
 * the same in both languages, so the UI never shows an empty message.
 */
export function splitBilingual(text: string): Bilingual {
  const match = SEPARATOR.exec(text)
  if (!match) return { sl: text.trim(), en: text.trim() }
  return {
    sl: text.slice(0, match.index).trim(),
    en: text.slice(match.index + match[0].length).trim(),
  }
}

/** The product's single-string form ('obvezno EN required', docs/product-rules.md#language), for places that show both languages at once. */
export function joinBilingual(message: Bilingual): string {
  return `${message.sl} EN ${message.en}`
}

/**
 * Fills `{name}` placeholders, e.g. 'Page not found: {path}'. Unknown placeholders stay as
 * written so a missing parameter is visible rather than silently blank.
 */
export function fillMessage(text: string, params: Readonly<Record<string, string | number>> = {}) {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}
