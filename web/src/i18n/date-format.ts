// The one way the app writes a date or a moment, one unambiguous form per language
// (docs/product-rules.md#dates): English "Tue 17 Nov 2026", Slovenian "tor., 17. 11. 2026",
// with ", 14:05" for a moment. The forms are spelled out here instead of asked of Intl: a
// browser's locale data differs between versions ("Tue, 17 Nov" or "11/17/26"), and the month
// must never come first. Every date and time is the programme's wall clock (Ljubljana), the
// same on every device, so a tablet set to another zone shows what the studio sees.
import { epochToZoned, isoWeekday } from '@lfit/domain/schedule/time'

type Lang = 'en' | 'sl'

const WEEKDAYS: Record<Lang, readonly string[]> = {
  // ISO order: index 0 is Monday.
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  sl: ['pon.', 'tor.', 'sre.', 'čet.', 'pet.', 'sob.', 'ned.'],
}

const MONTHS_EN = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const

const langOf = (locale: string): Lang => (locale.startsWith('sl') ? 'sl' : 'en')

/** A calendar date `YYYY-MM-DD`, or an instant read on the programme's wall clock. */
export type DayLike = string | number

const dayStrOf = (day: DayLike): string =>
  typeof day === 'number' ? epochToZoned(day).dayStr : day

/** The short weekday name: "Tue", "tor.". */
export function formatWeekday(locale: string, day: DayLike): string {
  return WEEKDAYS[langOf(locale)][isoWeekday(dayStrOf(day)) - 1] as string
}

/** "Tue 17 Nov 2026" / "tor., 17. 11. 2026"; a text that is not a date is shown as it is. */
export function formatDay(locale: string, day: DayLike): string {
  const dayStr = dayStrOf(day)
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dayStr)
  if (!match) return dayStr
  const [, year, month, date] = match.map(Number) as [number, number, number, number]
  const weekday = formatWeekday(locale, dayStr)
  return langOf(locale) === 'sl'
    ? `${weekday}, ${date}. ${month}. ${year}`
    : `${weekday} ${date} ${MONTHS_EN[month - 1] as string} ${year}`
}

/** A column heading where the year is shown elsewhere: "17 Nov" / "17. 11.". */
export function formatDayShort(locale: string, day: DayLike): string {
  const dayStr = dayStrOf(day)
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(dayStr)
  if (!match) return dayStr
  const [month, date] = [Number(match[1]), Number(match[2])]
  return langOf(locale) === 'sl'
    ? `${date}. ${month}.`
    : `${date} ${MONTHS_EN[month - 1] as string}`
}

/** "Tue 17 Nov 2026, 14:05" / "tor., 17. 11. 2026, 14:05" (24-hour clock in both). */
export function formatDateTime(locale: string, instant: number): string {
  const { dayStr, hourStr } = epochToZoned(instant)
  return `${formatDay(locale, dayStr)}, ${hourStr}`
}

/** A stretch of days: "Tue 17 Nov 2026 – Thu 19 Nov 2026", or one day when both are the same. */
export function formatDayRange(locale: string, from: DayLike, to: DayLike): string {
  const first = formatDay(locale, from)
  const last = formatDay(locale, to)
  return first === last ? first : `${first} – ${last}`
}
