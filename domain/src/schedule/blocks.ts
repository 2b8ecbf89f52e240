// Training blocks derived from the calendar data, with their days and the free gaps between
// blocks of one segment. Derived once per version of the calendar: `schedule()` (current.ts)
// answers the current one (docs/0047-the-calendar-is-data.md).
import { scheduleDataSchema, type BlockData, type ScheduleDataInput } from './dataSchema'
import { buildBlockDays, type Day, type StudyDay } from './days'
import { EXTRA_MATERIAL_SEGMENT, MAKEUP_SEGMENT } from './programme'
import { addDays, compactDate, daysBetween, startOfDay } from './time'

export type TrainingBlock = Readonly<
  Omit<BlockData, 'venue'> & {
    /** `lfit_year_{year}_{YYYYMMDD}` of the first date: the block's index. */
    block_id: string
    /**
     * The extra-material segment: a period when extra material is available, not training. It
     * has no days (no study days, hours or calendar events) and is listed as a period.
     */
    extraMaterial: boolean
    /** Where the block takes place: its own venue, else the programme's. */
    venue: string
    numStudyDays: number
    /** Dates of the block's days (study and free); 0 for the extra-material period. */
    numCalendarDays: number
    numFreeDays: number
    /**
     * Epoch ms when the first study day begins and the last one ends; for the extra-material
     * period, the start of its first date and the end of its last date.
     */
    startsAt: number
    endsAt: number
    days: readonly Day[]
  }
>

/** The dates between two consecutive blocks of one segment, when they are not adjacent. */
export interface FreeGap {
  segment: number
  year: number
  /** The day after the earlier block ends, YYYY-MM-DD. */
  from: string
  /** The day before the later block starts, YYYY-MM-DD. */
  to: string
  numCalendarDays: number
  afterBlock: string
  beforeBlock: string
}

export interface Schedule {
  /** The programme's venue (a block may name its own). */
  venue: string
  /** In date order. */
  blocks: readonly TrainingBlock[]
  /** Every date of every block, free days included, in date order. */
  days: readonly Day[]
  gaps: readonly FreeGap[]
  blockById: ReadonlyMap<string, TrainingBlock>
  dayById: ReadonlyMap<string, Day>
  /**
   * Per programme year, in date order, the study days a participant can miss: those of regular
   * blocks, never make-up days or free days. Derived here once, since every participant's
   * standing walks them (docs/0021).
   */
  studyDaysByYear: ReadonlyMap<number, readonly StudyDay[]>
}

export function blockId(year: number, from: string): string {
  return `lfit_year_${year}_${compactDate(from)}`
}

function extraMaterialPeriod(data: BlockData, programmeVenue: string): TrainingBlock {
  return Object.freeze({
    ...data,
    block_id: blockId(data.year, data.from),
    extraMaterial: true,
    venue: data.venue ?? programmeVenue,
    numStudyDays: 0,
    numCalendarDays: 0,
    numFreeDays: 0,
    startsAt: startOfDay(data.from),
    endsAt: startOfDay(addDays(data.to, 1)),
    days: Object.freeze([]),
  })
}

function deriveBlock(data: BlockData, days: Day[], programmeVenue: string): TrainingBlock {
  const study = days.filter((day) => !day.freeDay)
  const first = study[0]
  const last = study[study.length - 1]
  // The data schema keeps a block's first and last dates study days.
  if (!first || !last) throw new Error(`block ${data.from} has no study day`)
  return Object.freeze({
    ...data,
    block_id: first.block_id,
    extraMaterial: false,
    venue: data.venue ?? programmeVenue,
    numStudyDays: study.length,
    numCalendarDays: days.length,
    numFreeDays: days.length - study.length,
    startsAt: first.from,
    endsAt: last.to,
    days: Object.freeze(days.map((day) => Object.freeze(day))),
  })
}

function gapBetween(earlier: TrainingBlock, later: TrainingBlock): FreeGap | undefined {
  const from = addDays(earlier.to, 1)
  const to = addDays(later.from, -1)
  const numCalendarDays = daysBetween(from, to) + 1
  if (numCalendarDays <= 0) return undefined
  return Object.freeze({
    segment: later.segment,
    year: later.year,
    from,
    to,
    numCalendarDays,
    afterBlock: earlier.block_id,
    beforeBlock: later.block_id,
  })
}

/** Derives the schedule from data; throws a ZodError when the data breaks the schema. */
export function buildSchedule(input: ScheduleDataInput): Schedule {
  const data = scheduleDataSchema().parse(input)
  const blocks: TrainingBlock[] = []
  const gaps: FreeGap[] = []
  const lastOfSegment = new Map<number, TrainingBlock>()
  const studyDaysInSegment = new Map<number, number>()
  const openedYears = new Set<number>()
  for (const blockData of data.blocks.toSorted((a, b) => a.from.localeCompare(b.from))) {
    const earlier = lastOfSegment.get(blockData.segment)
    const studyDaysEarlier = studyDaysInSegment.get(blockData.segment) ?? 0
    if (blockData.segment === EXTRA_MATERIAL_SEGMENT) {
      // No days: it opens no year and counts nothing (docs/product-rules.md#schedule).
      blocks.push(extraMaterialPeriod(blockData, data.venue))
      continue
    }
    const days = buildBlockDays(blockData, {
      blockId: blockId(blockData.year, blockData.from),
      studyDaysEarlierInSegment: studyDaysEarlier,
      opensYear: !openedYears.has(blockData.year),
    })
    const block = deriveBlock(blockData, days, data.venue)
    const gap = earlier && gapBetween(earlier, block)
    if (gap) gaps.push(gap)
    blocks.push(block)
    lastOfSegment.set(block.segment, block)
    studyDaysInSegment.set(block.segment, studyDaysEarlier + block.numStudyDays)
    openedYears.add(block.year)
  }
  const days = blocks.flatMap((block) => block.days)
  return Object.freeze({
    venue: data.venue,
    blocks: Object.freeze(blocks),
    days: Object.freeze(days),
    gaps: Object.freeze(gaps),
    blockById: new Map(blocks.map((block) => [block.block_id, block])),
    dayById: new Map(days.map((day) => [day.id, day])),
    studyDaysByYear: studyDaysByYear(blocks),
  })
}

function studyDaysByYear(blocks: readonly TrainingBlock[]): Map<number, readonly StudyDay[]> {
  const byYear = new Map<number, StudyDay[]>()
  for (const block of blocks) {
    if (block.makeup || block.segment === MAKEUP_SEGMENT) continue
    const days = byYear.get(block.year) ?? []
    for (const day of block.days) if (!day.freeDay) days.push(day)
    byYear.set(block.year, days)
  }
  for (const days of byYear.values()) Object.freeze(days)
  return byYear
}
