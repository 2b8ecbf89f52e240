// A language as people read it in the screen's language ("angleščina" on a Slovenian page,
// "English" on an English one), where the data keeps a code ("en"): the library's items name
// their language by code (docs/product-rules.md#reading-material-and-the-library).
const CODE = /^[a-z]{2,3}(-[a-z]{2})?$/i

/**
 * The language `value` names, in `locale`'s words, starting with a capital as a list's value does;
 * a value that is no language code (a name typed in full) is shown as it was typed.
 */
export function languageLabel(locale: string, value: string): string {
  const trimmed = value.trim()
  if (!CODE.test(trimmed)) return value
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(trimmed)
    if (!name) return value
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
  } catch {
    return value
  }
}
