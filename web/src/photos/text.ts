// Texts kept in both languages, shown in the UI's: the other language when this one is empty.
import type { BilingualText } from '@lfit/domain/photos/photo'

export function inLanguage(text: BilingualText, locale: string): string {
  const first = locale === 'en' ? text.en : text.sl
  return first || (locale === 'en' ? text.sl : text.en)
}
