// The calendar days of a training block: which are study days, their hours and instants, and
// where each stands in its block, segment and year.
import type { BlockData, Hours } from './dataSchema'
import { addDays, compactDate, daysBetween, zonedDay } from './time'

/** docs/product-rules.md#schedule. A special-hours entry in the data replaces these for its day. */
export const DEFAULT_HOURS = {
  firstDay: { from: '14:00', to: '18:00' },
  middleDay: { from: '09:30', to: '16:30' },
  lastDay: { from: '09:30', to: '14:00' },
} as const satisfies Record<string, Hours>

interface DayCommon {
  /** `lfit_{YYYYMMDD}`: attendance and absences refer to a day by this id. */
  id: string
  /** YYYY-MM-DD in the programme's time zone. */
  dayStr: string
  /** Epoch ms at which the date begins in Ljubljana; a number so days store and sync as-is. */
  date: number
  segment: number
  year: number
  block_id: string
  review: boolean
  headerName: string
}

export interface StudyDay extends DayCommon {
  freeDay: false
  /** HH:MM, Ljubljana wall-clock time. */
  fromHour: string
  toHour: string
  /** Epoch ms of fromHour and toHour on this date in Ljubljana. */
  from: number
  to: number
  /**
   * 1-based position among the study days of the block: free days are not counted, so the
   * numbers match the training days participants attend ("day 6" after a rest day).
   */
  dayInBlock: number
  /** 1-based position among the study days of all blocks of the segment, gaps not counted. */
  dayInSegment: number
  firstOfYear: boolean
  firstOfSegment: boolean
  /** True when the data gives this day its own hours instead of the defaults. */
  specialHours: boolean
}

/** A date inside a block with no training: it has no hours and no place in the count. */
export interface FreeDay extends DayCommon {
  freeDay: true
  fromHour: null
  toHour: null
  from: null
  to: null
  dayInBlock: null
  dayInSegment: null
  firstOfYear: false
  firstOfSegment: false
  specialHours: false
}

export type Day = StudyDay | FreeDay

const FREE_DAY_FIELDS = {
  freeDay: true,
  fromHour: null,
  toHour: null,
  from: null,
  to: null,
  dayInBlock: null,
  dayInSegment: null,
  firstOfYear: false,
  firstOfSegment: false,
  specialHours: false,
} as const satisfies Omit<FreeDay, keyof DayCommon>

export function dayId(dayStr: string): string {
  return `lfit_${compactDate(dayStr)}`
}

/**
 * Default hours of a study day. The data's first and last days are always study days (the
 * data schema forbids free days there). A one-day block gets the first-day hours: it is day 1
 * of its block, the rule docs/product-rules.md#schedule states first; data that means otherwise gives special hours.
 */
export function defaultHours(dayStr: string, block: Pick<BlockData, 'from' | 'to'>): Hours {
  if (dayStr === block.from) return DEFAULT_HOURS.firstDay
  if (dayStr === block.to) return DEFAULT_HOURS.lastDay
  return DEFAULT_HOURS.middleDay
}

/** Where the block stands when its days are counted: what came before it in order. */
export interface BlockPlace {
  blockId: string
  /** Study days of the same segment in earlier blocks. */
  studyDaysEarlierInSegment: number
  /** True for the first block of its year. */
  opensYear: boolean
}

export function buildBlockDays(block: BlockData, place: BlockPlace): Day[] {
  const common = (dayStr: string, at: (hourStr: string) => number): DayCommon => ({
    id: dayId(dayStr),
    dayStr,
    date: at('00:00'),
    segment: block.segment,
    year: block.year,
    block_id: place.blockId,
    review: block.review,
    headerName: block.headerName,
  })
  const days: Day[] = []
  let studyDays = 0
  const length = daysBetween(block.from, block.to)
  for (let offset = 0; offset <= length; offset++) {
    const dayStr = addDays(block.from, offset)
    const at = zonedDay(dayStr)
    if (block.freeDays.includes(dayStr)) {
      days.push({ ...common(dayStr, at), ...FREE_DAY_FIELDS })
      continue
    }
    studyDays++
    const special = block.specialHours[dayStr]
    const hours = special ?? defaultHours(dayStr, block)
    const dayInSegment = place.studyDaysEarlierInSegment + studyDays
    days.push({
      ...common(dayStr, at),
      freeDay: false,
      fromHour: hours.from,
      toHour: hours.to,
      from: at(hours.from),
      to: at(hours.to),
      dayInBlock: studyDays,
      dayInSegment,
      firstOfYear: place.opensYear && studyDays === 1,
      firstOfSegment: dayInSegment === 1,
      specialHours: special !== undefined,
    })
  }
  return days
}
