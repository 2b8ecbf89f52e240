// What /urnik shows, derived from the domain schedule and the URL: the chosen year and segment
// (defaults from the schedule rules), the segments to list, blocks with their days interleaved
// with the free gaps, today and the next training day marked, and the venue.
import { z } from 'zod'
import {
  defaultSelection,
  localDayStr,
  MAKEUP_SEGMENT,
  nextTrainingDay,
  schedule,
  visibleSegments,
  YEARS,
  type Day,
  type FreeGap,
  type Schedule,
  type SegmentListing,
  type StudyDay,
  type TrainingBlock,
} from '@lfit/domain/schedule'

export const TIMETABLE_VIEWS = ['segment', 'year', 'header', 'next'] as const
export type TimetableView = (typeof TIMETABLE_VIEWS)[number]

/** The URL's search part is a boundary: anything malformed falls back to the defaults. */
export const timetableSearchSchema = z.object({
  year: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  segment: z.coerce.number().int().min(1).max(99).optional().catch(undefined),
  view: z.enum(TIMETABLE_VIEWS).optional().catch(undefined),
})
export type TimetableSearch = z.infer<typeof timetableSearchSchema>

export interface DayRow {
  id: string
  dayStr: string
  free: boolean
  /** 'HH:MM–HH:MM', null on a free day. */
  hours: string | null
  specialHours: boolean
  dayInBlock: number | null
  /** The date is today in Ljubljana (a study day or a free day). */
  today: boolean
  /** The next training day, when it is not today. */
  next: boolean
}

/**
 * A block with its days, a free gap between two blocks, or the extra-material period: listed
 * with its dates, it has no days to show (docs/product-rules.md#schedule).
 */
export type TimetableRow =
  | { kind: 'block'; block: TrainingBlock; days: DayRow[] }
  | { kind: 'gap'; gap: FreeGap }
  | { kind: 'period'; block: TrainingBlock }

/** How a segment is named on screen: by its number, or by what it is. */
export type SegmentKind = 'regular' | 'makeup' | 'extraMaterial'

export function segmentKind(listing: { segment: number; extraMaterial: boolean }): SegmentKind {
  if (listing.extraMaterial) return 'extraMaterial'
  return listing.segment === MAKEUP_SEGMENT ? 'makeup' : 'regular'
}

export interface SegmentTable {
  listing: SegmentListing
  rows: TimetableRow[]
}

export interface Timetable {
  year: number
  segment: number
  view: TimetableView
  years: readonly number[]
  /** The segments listed for the year (plus alwaysShow ones), for the segment picker. */
  segments: SegmentListing[]
  /** The tables shown: one segment, or every listed segment of the year. */
  tables: SegmentTable[]
  nextDay: StudyDay | undefined
  /** Today's date in Ljubljana, YYYY-MM-DD. */
  today: string
  /** Where the programme takes place; a block held elsewhere names its own venue. */
  venue: string
  /** Where the next training day takes place. */
  nextDayVenue: string | undefined
  /** The next training day is in one of the tables shown. */
  nextDayShown: boolean
}

/** Which dates to mark: today, and the next training day when it is another date. */
interface Marks {
  today: string
  nextId: string | undefined
}

export function dayRow(day: Day, marks: Marks = { today: '', nextId: undefined }): DayRow {
  const today = day.dayStr === marks.today
  return {
    id: day.id,
    dayStr: day.dayStr,
    free: day.freeDay,
    hours: day.freeDay ? null : `${day.fromHour}–${day.toHour}`,
    specialHours: day.specialHours,
    dayInBlock: day.dayInBlock,
    today,
    next: !today && day.id === marks.nextId,
  }
}

function rowsOf(listing: SegmentListing, from: Schedule, marks: Marks): TimetableRow[] {
  const rows: TimetableRow[] = []
  listing.blocks.forEach((block, index) => {
    if (block.extraMaterial) {
      rows.push({ kind: 'period', block })
      return
    }
    if (index > 0) {
      const gap = from.gaps.find((g) => g.beforeBlock === block.block_id)
      if (gap) rows.push({ kind: 'gap', gap })
    }
    rows.push({ kind: 'block', block, days: block.days.map((day) => dayRow(day, marks)) })
  })
  return rows
}

export function timetable(
  now: number,
  search: TimetableSearch,
  from: Schedule = schedule(),
): Timetable {
  const fallback = defaultSelection(now, from)
  const years = YEARS.filter((y) => from.blocks.some((b) => b.year === y))
  const year =
    search.year && years.includes(search.year as (typeof YEARS)[number])
      ? search.year
      : fallback.year
  const segments = visibleSegments(year, now, from)
  const segment =
    segments.find((s) => s.segment === search.segment)?.segment ??
    (year === fallback.year ? fallback.segment : (segments[0]?.segment ?? fallback.segment))
  const view = search.view ?? 'segment'
  const shown = view === 'segment' ? segments.filter((s) => s.segment === segment) : segments
  const nextDay = nextTrainingDay(now, from)
  const marks = { today: localDayStr(now), nextId: nextDay?.id }
  return {
    year,
    segment,
    view,
    years,
    segments,
    tables: shown.map((listing) => ({ listing, rows: rowsOf(listing, from, marks) })),
    nextDay,
    today: marks.today,
    venue: from.venue,
    nextDayVenue: nextDay && from.blockById.get(nextDay.block_id)?.venue,
    nextDayShown:
      nextDay !== undefined &&
      shown.some((listing) => listing.blocks.some((b) => b.block_id === nextDay.block_id)),
  }
}

/** /urnik-print's URL: `?year=N` prints one year; without it (or with a bad value), all. */
export const printSearchSchema = z.object({
  year: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
})
export type PrintSearch = z.infer<typeof printSearchSchema>

/** The years the print view shows, one page each: the chosen one, or every year. */
export function printedYears(search: PrintSearch, from: Schedule = schedule()): number[] {
  const years = [...new Set(from.blocks.map((b) => b.year))]
  return search.year !== undefined && years.includes(search.year) ? [search.year] : years
}
