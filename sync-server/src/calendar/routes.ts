// /api/calendar: the programme's calendar as records, for everyone (visitors read the timetable
// too), and its changes, for its editors (docs/access-policy.md#calendar,
// docs/0047-the-calendar-is-data.md).
import { Hono } from 'hono'
import { calendarData } from '@lfit/domain/schedule'
import type { AppEnv } from '../http/env'
import { answer } from '../http/msgpack'
import { seedCalendar } from '../seed/calendar'
import type { Store } from '../store/port'
import { readCalendarRecords } from './records'

export interface CalendarDeps {
  stores: () => Promise<Store>
  clock: () => number
}

export function createCalendarRoutes(deps: CalendarDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()

  routes.get('/', async (c) => {
    const store = await deps.stores()
    let records = await readCalendarRecords(store)
    // A database started before the calendar was data has it stored at its first read.
    if (records.length === 0) {
      await seedCalendar(store, calendarData(), deps.clock())
      records = await readCalendarRecords(store)
    }
    return answer(c, {
      records: records.filter((record) => record.kind === 'programme' || !record.deleted),
    })
  })

  return routes
}
