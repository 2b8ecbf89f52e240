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
let version = 0
const listeners = new Set<Listener>()

/** The current calendar, derived; the first version until `replaceCalendar` is called. */
export function schedule(): Schedule {
  current ??= buildSchedule(SCHEDULE_DATA)
  return current
}

/**
 * Validates `data` (throws a ZodError when it breaks the calendar's rules, and then nothing
 * changes), derives it, makes it current and tells the listeners.
 */
export function replaceCalendar(data: ScheduleDataInput): Schedule {
  const next = buildSchedule(data)
  current = next
  currentData = data
  version++
  for (const listener of listeners) listener(next)
  return next
}

/** The data the current calendar was derived from (a change is made to a copy of it). */
export function calendarData(): ScheduleDataInput {
  return currentData
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
