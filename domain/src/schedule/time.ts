// Calendar dates and wall-clock hours in the programme's time zone, with no date library.
// Calendar arithmetic runs on UTC midnights, where every day has 24 hours, so stepping by days
// never drifts across a DST change; only the final conversion to an instant asks Intl for the
// zone's offset.
import { PROGRAMME_TIME_ZONE } from './programme'

/** A moment as callers hold it; domain code never reads the clock itself. */
export type Instant = Date | number

const DAY_STR = /^(\d{4})-(\d{2})-(\d{2})$/
const HOUR_STR = /^([01]\d|2[0-3]):([0-5]\d)$/
const MS_PER_MINUTE = 60_000
const MS_PER_DAY = 86_400_000

export function toEpoch(now: Instant): number {
  return typeof now === 'number' ? now : now.getTime()
}

function utcMidnightOrNaN(dayStr: string): number {
  const match = DAY_STR.exec(dayStr)
  if (!match) return Number.NaN
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  const ms = Date.UTC(y, m - 1, d)
  // Date.UTC rolls 2023-02-30 over to March; a real date survives the round trip.
  return dayStrOfUtcMidnight(ms) === dayStr ? ms : Number.NaN
}

function utcMidnight(dayStr: string): number {
  const ms = utcMidnightOrNaN(dayStr)
  if (Number.isNaN(ms)) throw new RangeError(`not a calendar date YYYY-MM-DD: ${dayStr}`)
  return ms
}

function dayStrOfUtcMidnight(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** True for an existing calendar date written YYYY-MM-DD. */
export function isDayStr(value: string): boolean {
  return !Number.isNaN(utcMidnightOrNaN(value))
}

/** True for a 24-hour wall-clock time written HH:MM. */
export function isHourStr(value: string): boolean {
  return HOUR_STR.test(value)
}

export function addDays(dayStr: string, days: number): string {
  return dayStrOfUtcMidnight(utcMidnight(dayStr) + days * MS_PER_DAY)
}

/** Calendar days from `from` to `to`: 0 for the same date, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / MS_PER_DAY)
}

/** ISO weekday: 1 is Monday, 7 is Sunday. */
export function isoWeekday(dayStr: string): number {
  return new Date(utcMidnight(dayStr)).getUTCDay() || 7
}

/** YYYYMMDD, the date part of block and day ids. */
export function compactDate(dayStr: string): string {
  utcMidnight(dayStr)
  return dayStr.replaceAll('-', '')
}

let wallClockFormat: Intl.DateTimeFormat | undefined

/**
 * Made on first use, not when the module loads: a browser's first DateTimeFormat loads its
 * time-zone data, tens of milliseconds on a slow phone, which the app's start runs as a task of
 * its own (web/src/timetable/schedule-ready.ts, docs/0024).
 */
function wallClockFormatter(): Intl.DateTimeFormat {
  wallClockFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: PROGRAMME_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  return wallClockFormat
}

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** en-GB's numeric form, `17/04/2023, 09:30:00`: day, month, year, hour, minute, second. */
const WALL_CLOCK = /^(\d{2})\/(\d{2})\/(\d{4}),? (\d{2}):(\d{2}):(\d{2})$/

function wallClockAt(ms: number): WallClock {
  // `format` and one pattern: a third of `formatToParts`' time (an object per part), which is
  // most of deriving the schedule on a phone's first page (docs/0024).
  const numeric = WALL_CLOCK.exec(wallClockFormatter().format(ms))
  if (numeric) {
    const [, day, month, year, hour, minute, second] = numeric.map(Number) as number[]
    return { year, month, day, hour, minute, second } as WallClock
  }
  // A runtime that writes the form otherwise: read it part by part.
  const parts: Record<string, number> = {}
  for (const part of wallClockFormatter().formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return parts as unknown as WallClock
}

/** How far the programme's wall clock is ahead of UTC at this instant, in ms. */
function offsetAt(ms: number): number {
  const wall = wallClockAt(ms)
  const wallAsUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
  )
  return wallAsUtc - Math.floor(ms / 1000) * 1000
}

/** An HH:MM wall-clock time as milliseconds after midnight, counted as on a day of 24 hours. */
function wallMs(hourStr: string): number {
  const hour = HOUR_STR.exec(hourStr)
  if (!hour) throw new RangeError(`not a time HH:MM: ${hourStr}`)
  return (Number(hour[1]) * 60 + Number(hour[2])) * MS_PER_MINUTE
}

/**
 * The instant of a wall-clock time on a calendar date in the programme's time zone. Like
 * Temporal's 'compatible' disambiguation: a time skipped when summer time starts moves forward
 * by the gap, and a time that occurs twice when it ends is read as the first occurrence.
 */
export function zonedTimeToEpoch(dayStr: string, hourStr: string): number {
  const wallAsUtc = utcMidnight(dayStr) + wallMs(hourStr)
  // Offsets change at most twice a year, so half a day either side sees both candidates.
  const before = offsetAt(wallAsUtc - MS_PER_DAY / 2)
  const after = offsetAt(wallAsUtc + MS_PER_DAY / 2)
  // The same offset at both ends: no change in between, so it is the offset of this time. Almost
  // every date: the schedule's thousands of days need no further time-zone lookups, which cost
  // most of a phone's first page that shows the schedule (docs/0022).
  if (before === after) return wallAsUtc - before
  const fits = [before, after]
    .map((offset) => wallAsUtc - offset)
    .filter((ms) => offsetAt(ms) === wallAsUtc - ms)
  return fits.length > 0 ? Math.min(...fits) : wallAsUtc - before
}

/**
 * The instants of wall-clock times on one calendar date: `zonedTimeToEpoch` for that date, with
 * the zone asked twice for the whole date instead of twice per time. When the offset is the same
 * a day either side of the date (which holds both of `zonedTimeToEpoch`'s half-day probes of
 * every time on it), every time on the date has that offset; around a change, each time is
 * converted on its own. The schedule converts three times per day of its 122 (docs/0024).
 */
export function zonedDay(dayStr: string): (hourStr: string) => number {
  const midnight = utcMidnight(dayStr)
  const offset = offsetAt(midnight - MS_PER_DAY)
  if (offset !== offsetAt(midnight + 2 * MS_PER_DAY)) {
    return (hourStr) => zonedTimeToEpoch(dayStr, hourStr)
  }
  return (hourStr) => midnight + wallMs(hourStr) - offset
}

/** The calendar date and HH:MM that the programme's wall clock shows at this instant. */
export function epochToZoned(now: Instant): { dayStr: string; hourStr: string } {
  const wall = wallClockAt(toEpoch(now))
  const two = (n: number) => String(n).padStart(2, '0')
  return {
    dayStr: `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)}`,
    hourStr: `${two(wall.hour)}:${two(wall.minute)}`,
  }
}

/** Today's date in the programme's time zone, whatever zone the device is set to. */
export function localDayStr(now: Instant): string {
  return epochToZoned(now).dayStr
}

/** The instant the calendar date begins in the programme's time zone. */
export function startOfDay(dayStr: string): number {
  return zonedTimeToEpoch(dayStr, '00:00')
}
