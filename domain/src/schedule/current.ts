// The current calendar of this runtime (a server process, a browser tab): every screen, rule and
// export reads it through `schedule()`, so the ~50 callers need not know that staff edit the
// calendar in the app. Until something replaces it, it is the first version, `SCHEDULE_DATA`;
// the server loads the stored calendar at start and after every change, a device after every
// pull that brings one (docs/0047-the-calendar-is-data.md).
import { buildSchedule, type Schedule } from './blocks'
import { SCHEDULE_DATA } from './data'
import type { ScheduleDataInput } from './dataSchema'

type Listener = (current: Schedule) => void

let current: Schedule | undefined
let currentData: ScheduleDataInput = SCHEDULE_DATA
let sequences: ReadonlyMap<string, number> = new Map()
let version = 0
const listeners = new Set<Listener>()

/** The current calendar, derived; the first version until `replaceCalendar` is called. */
export function schedule(): Schedule {
  current ??= buildSchedule(SCHEDULE_DATA)
  return current
}

/**
 * Validates `data` (throws a ZodError when it breaks the calendar's rules, and then nothing
 * changes), derives it, makes it current and tells the listeners. A device or server that has
 * the records passes `eventSequences(records)` too, for the .ics export.
 */
export function replaceCalendar(
  data: ScheduleDataInput,
  /** Each block's calendar-event SEQUENCE by block id (eventSequences); none: all 0. */
  eventSequences: ReadonlyMap<string, number> = new Map(),
): Schedule {
  const next = buildSchedule(data)
  current = next
  currentData = data
  sequences = eventSequences
  version++
  for (const listener of listeners) listener(next)
  return next
}

/** The data the current calendar was derived from (a change is made to a copy of it). */
export function calendarData(): ScheduleDataInput {
  return currentData
}

/** The SEQUENCE of the calendar events of block `blockId`: how often it was changed. */
export function eventSequence(blockId: string): number {
  return sequences.get(blockId) ?? 0
}

/** Calls `listener` after every replace; answers the function that stops it. */
export function onCalendarChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Counts the replaces of this runtime: a React store's snapshot (useSyncExternalStore). */
export function calendarVersion(): number {
  return version
}
