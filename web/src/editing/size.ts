// A file's size as people read it, in the UI language: "840 kB", "12,5 MB" (decimal units, as
// file managers and phones show them).
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const

export function formatSize(locale: string, bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit++
  }
  // "B" reads the same in both languages; Intl's short byte unit is a whole word.
  if (unit === 0) return `${new Intl.NumberFormat(locale).format(value)} B`
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value >= 100 ? 0 : 1,
  }).format(value)
}
