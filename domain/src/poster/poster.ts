// What the wall poster of one programme year shows (docs/product-rules.md#poster): the year's
// training blocks in date order with their dates and hours, read from the one schedule, and the
// people who teach them. The extra-material period has no days and is not training: it is left
// off a poster of training dates.
import { schedule as programmeSchedule, type Schedule, type TrainingBlock } from '../schedule'

/** Consecutive study days of a block with the same hours, or one free day inside it. */
export type HoursRun =
  | { kind: 'study'; from: string; to: string; fromHour: string; toHour: string }
  | { kind: 'free'; day: string }

export interface PosterBlock {
  block: TrainingBlock
  /** The block's days in order, study days with equal hours run together. */
  hours: HoursRun[]
}

export interface PosterTeachers {
  /** The trainers of the year's blocks, in order of first appearance, each once. */
  trainers: string[]
  /** Assistants (also-assisting included) who are not trainers, in order, each once. */
  assistants: string[]
}

export interface Poster {
  year: number
  blocks: PosterBlock[]
  teachers: PosterTeachers
  venue: string
}

export function hoursRuns(block: TrainingBlock): HoursRun[] {
  const runs: HoursRun[] = []
  for (const day of block.days) {
    if (day.freeDay) {
      runs.push({ kind: 'free', day: day.dayStr })
      continue
    }
    const last = runs.at(-1)
    if (last?.kind === 'study' && last.fromHour === day.fromHour && last.toHour === day.toHour) {
      last.to = day.dayStr
    } else {
      runs.push({
        kind: 'study',
        from: day.dayStr,
        to: day.dayStr,
        fromHour: day.fromHour,
        toHour: day.toHour,
      })
    }
  }
  return runs
}

function teachersOf(blocks: readonly TrainingBlock[]): PosterTeachers {
  const named = (names: string[]) => [...new Set(names.map((n) => n.trim()).filter(Boolean))]
  const trainers = named(blocks.map((b) => b.trainer))
  const assistants = named(blocks.flatMap((b) => [...b.assistants, ...b.alsoAssisting])).filter(
    (name) => !trainers.includes(name),
  )
  return { trainers, assistants }
}

/** The poster of `year`; a year with no blocks gives an empty poster. */
export function posterOf(year: number, from: Schedule = programmeSchedule()): Poster {
  const blocks = from.blocks.filter((b) => b.year === year && !b.extraMaterial)
  return {
    year,
    blocks: blocks.map((block) => ({ block, hours: hoursRuns(block) })),
    teachers: teachersOf(blocks),
    venue: from.venue,
  }
}

/** The years that have a poster: those with at least one training block. */
export function posterYears(from: Schedule = programmeSchedule()): number[] {
  return [...new Set(from.blocks.filter((b) => !b.extraMaterial).map((b) => b.year))].toSorted(
    (a, b) => a - b,
  )
}

/** The public page the poster's QR code opens: the timetable at the app's address. */
export function timetableUrl(origin: string, year: number): string {
  return `${origin.replace(/\/+$/, '')}/urnik?year=${year}`
}
