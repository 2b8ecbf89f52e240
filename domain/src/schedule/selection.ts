// Which year and segment the timetable opens on, which segments it lists, and the next day of
// training (docs/product-rules.md#schedule). Every function takes `now` from the caller.
import type { Schedule, TrainingBlock } from './blocks'
import { schedule } from './current'
import type { Day, StudyDay } from './days'
import { toEpoch, type Instant } from './time'

export interface SegmentSelection {
  year: number
  segment: number
}

/** A block is past once its last study day has ended in Ljubljana. */
export function isBlockPast(block: Pick<TrainingBlock, 'endsAt'>, now: Instant): boolean {
  return block.endsAt < toEpoch(now)
}

/**
 * The latest past block that may be chosen automatically, or the first such block while none
 * has ended. Read literally from the rule (docs/product-rules.md#schedule), a block that is running does not count until it
 * ends: during the first block of a segment the default is still the previous segment.
 */
export function defaultSelection(now: Instant, from: Schedule = schedule()): SegmentSelection {
  const selectable = from.blocks.filter((block) => !block.doNotAutoSelect)
  const chosen = selectable.findLast((block) => isBlockPast(block, now)) ?? selectable[0]
  // The data schema requires a selectable block, so this only guards hand-made schedules.
  if (!chosen) throw new Error('the schedule has no block that can be selected by default')
  return { year: chosen.year, segment: chosen.segment }
}

export interface SegmentListing {
  year: number
  segment: number
  headerName: string
  /** In date order. */
  blocks: readonly TrainingBlock[]
  /** Every block of the segment has ended. */
  past: boolean
  alwaysShow: boolean
  /** The extra-material period: listed, with no days. */
  extraMaterial: boolean
}

function listSegments(blocks: readonly TrainingBlock[], now: Instant): SegmentListing[] {
  // Map.groupBy is ES2024, newer than Node 20 and the domain's lib.
  const bySegment = new Map<number, TrainingBlock[]>()
  for (const block of blocks) {
    bySegment.set(block.segment, [...(bySegment.get(block.segment) ?? []), block])
  }
  return [...bySegment].map(([segment, segmentBlocks]) => {
    const first = segmentBlocks[0] as TrainingBlock
    return {
      year: first.year,
      segment,
      headerName: first.headerName,
      blocks: segmentBlocks,
      past: segmentBlocks.every((block) => isBlockPast(block, now)),
      alwaysShow: segmentBlocks.some((block) => block.alwaysShow),
      extraMaterial: segmentBlocks.some((block) => block.extraMaterial),
    }
  })
}

/**
 * The segments to list when a year is shown: that year's segments in date order, then the
 * segments of other years that are marked alwaysShow.
 */
export function visibleSegments(
  year: number,
  now: Instant,
  from: Schedule = schedule(),
): SegmentListing[] {
  const ofYear = from.blocks.filter((block) => block.year === year)
  const alwaysShown = from.blocks.filter((block) => block.year !== year && block.alwaysShow)
  return [...listSegments(ofYear, now), ...listSegments(alwaysShown, now)]
}

const isStudyDay = (day: Day): day is StudyDay => !day.freeDay

/**
 * The blocks attendance can be recorded for: those with study days, so never the
 * extra-material period. Year, segment and block pickers of the attendance screens list these.
 */
export function attendanceBlocks(from: Schedule = schedule()): readonly TrainingBlock[] {
  return from.blocks.filter((block) => block.numStudyDays > 0)
}

/**
 * The study day that is running or comes next: the first whose end is after `now`. Blocks marked
 * doNotAutoSelect are never chosen automatically, so their days are not "the next training day"
 * (the extra-material period has no days at all); undefined once the last block has ended.
 */
export function nextTrainingDay(now: Instant, from: Schedule = schedule()): StudyDay | undefined {
  const at = toEpoch(now)
  return from.days
    .filter(isStudyDay)
    .find((day) => day.to > at && !from.blockById.get(day.block_id)?.doNotAutoSelect)
}

/**
 * The day the attendance tab opens on: the next training day; after the last one, the latest
 * begun study day of a block the schedule may select; before everything, the last study day.
 * Never a date of the extra-material period, which has no days.
 */
export function attendanceDay(now: Instant, from: Schedule = schedule()): StudyDay | undefined {
  const at = toEpoch(now)
  const days = from.days.filter(isStudyDay)
  return (
    nextTrainingDay(now, from) ??
    days.findLast((day) => day.from <= at && !from.blockById.get(day.block_id)?.doNotAutoSelect) ??
    days.at(-1)
  )
}
