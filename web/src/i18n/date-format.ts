// Date formatters, made once per locale and options: building an Intl.DateTimeFormat costs far
// more than formatting with one, and screens format on every render (the sync status re-renders
// with every tap on /ETAB, once per queued edit shown).
const formatters = new Map<string, Intl.DateTimeFormat>()

export function dateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}\0${JSON.stringify(options)}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options)
    formatters.set(key, formatter)
  }
  return formatter
}
