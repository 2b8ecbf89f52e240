// What /urnik shows, derived from the domain schedule and the URL: the chosen year and segment
// (defaults from the schedule rules), the segments to list, blocks with their days interleaved
// with the free gaps, and the next training day.
import { z } from 'zod'
import {
  defaultSelection,
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
}

export type TimetableRow =
  { kind: 'block'; block: TrainingBlock; days: DayRow[] } | { kind: 'gap'; gap: FreeGap }

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
}

export function dayRow(day: Day): DayRow {
  return {
    id: day.id,
    dayStr: day.dayStr,
    free: day.freeDay,
    hours: day.freeDay ? null : `${day.fromHour}–${day.toHour}`,
    specialHours: day.specialHours,
    dayInBlock: day.dayInBlock,
  }
}

function rowsOf(listing: SegmentListing, from: Schedule): TimetableRow[] {
  const rows: TimetableRow[] = []
  listing.blocks.forEach((block, index) => {
    if (index > 0) {
      const gap = from.gaps.find((g) => g.beforeBlock === block.block_id)
      if (gap) rows.push({ kind: 'gap', gap })
    }
    rows.push({ kind: 'block', block, days: block.days.map(dayRow) })
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
  return {
    year,
    segment,
    view,
    years,
    segments,
    tables: shown.map((listing) => ({ listing, rows: rowsOf(listing, from) })),
    nextDay: nextTrainingDay(now, from),
  }
}
