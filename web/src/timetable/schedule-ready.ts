// The programme's schedule, made ready before the app takes over a page that shows it (the home
// page's next training day, the timetable), in steps that each run as a task of their own: the
// schedule's code, the browser's time-zone data, the data's schema, then the schedule itself.
// Done inside the screen's first render instead, or when its code loads, they are one long task
// that holds a slow phone's main thread (Total Blocking Time, docs/0024).
import type { RouteDef } from '@lfit/domain/access/routes'
import { nextTask } from '../app/next-task'

/** The first screens that derive the schedule while they render. */
const SHOWS_SCHEDULE = new Set(['/', '/urnik'])

export function showsSchedule(route: RouteDef): boolean {
  return SHOWS_SCHEDULE.has(route.path)
}

export async function prepareSchedule(): Promise<void> {
  const { localDayStr, schedule, scheduleDataSchema } = await import('@lfit/domain/schedule')
  await nextTask()
  // The first date read on the programme's wall clock loads the browser's time-zone data.
  localDayStr(Date.now())
  await nextTask()
  scheduleDataSchema()
  await nextTask()
  schedule()
}
