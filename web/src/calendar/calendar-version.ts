// Which calendar the screens show, as a number React can watch: it changes whenever this tab
// takes a new calendar (docs/0049-devices-follow-the-calendar.md). The domain counts its own
// replaces (`calendarVersion`), but its module brings the whole schedule and its schema, which
// the first route does not load (docs/0024): this copy is the few lines the router needs, fed by
// the domain's listener once the schedule's code is here (follow-calendar.ts).
import { useSyncExternalStore } from 'react'

let shown = 0
const listeners = new Set<() => void>()

/** The tab took another calendar: every screen that reads it renders again. */
export function calendarTaken(): void {
  shown++
  for (const listener of listeners) listener()
}

export function subscribeCalendar(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function shownCalendar(): number {
  return shown
}

/** The calendar's number: a component that calls this renders again when the calendar changes. */
export function useCalendarVersion(): number {
  return useSyncExternalStore(subscribeCalendar, shownCalendar, shownCalendar)
}

let started: Promise<void> = Promise.resolve()

/**
 * The start's calendar, taken or given up on, and the schedule made from it: what the home
 * page's next training day waits for when the visitor's start leaves it until the first touch
 * (docs/0052-what-a-visitor-downloads.md); every other start has it before the first screen.
 */
export function calendarStarted(): Promise<void> {
  return started
}

export function startingCalendar(taken: Promise<void>): void {
  started = taken
}
