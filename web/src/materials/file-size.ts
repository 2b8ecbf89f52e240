// A file's size as a reader reads it: "12.3 MB" / "12,3 MB" (decimal units, as phones and
// browsers show storage), one decimal below 10 of a unit.
const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const

export function formatFileSize(locale: string, bytes: number): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1
  const number = new Intl.NumberFormat(locale.startsWith('sl') ? 'sl' : 'en', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value)
  return `${number} ${UNITS[unit]}`
}
