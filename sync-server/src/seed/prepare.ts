// What a start writes into the default database: the calendar (stored once, then loaded as the
// current one, seed/calendar.ts) and its `blocks`/`days` mirrors always, the demo users and their
// data only when the configuration asks for them (development, or DEMO=1); a demo database starts
// on the demo's calendar placed around its first day, or with DEMO_CALENDAR=fixed on the first
// version (docs/0051-living-demo.md). Demo users share a
// published password, so a production start seeds them only with ALLOW_DEMO_IN_PRODUCTION as
// well (config.ts refuses DEMO=1 alone), and then says so loudly.
import { randomBytes } from 'node:crypto'
import type { Config } from '../config'
import type { FileStore } from '../files/port'
import type { Log } from '../http/log'
import { SCHEDULE_DATA } from '@lfit/domain/schedule'
import type { Store } from '../store/port'
import { seedCalendar } from './calendar'
import { seedDemo } from './demo'
import { seedSchedule } from './schedule'

export const DEMO_IN_PRODUCTION_WARNING =
  'DEMO DATA IN PRODUCTION: every demo user logs in with the published password "demo-password"; ' +
  'unset DEMO and ALLOW_DEMO_IN_PRODUCTION before real people use this server'

/** Seeds the database; true when demo data is in use (the welcome lists the demo logins). */
export async function prepareData(
  config: Pick<Config, 'demo' | 'env' | 'certificateSecret' | 'demoCalendar'>,
  store: Store,
  log: Log,
  { now, files }: { now: number; files: FileStore },
): Promise<boolean> {
  if (!config.demo) {
    await seedCalendar(store, SCHEDULE_DATA, now)
    await seedSchedule(store)
    return false
  }
  if (config.env === 'production') log.warn(DEMO_IN_PRODUCTION_WARNING)
  const report = await seedDemo(store, {
    now,
    files,
    // The server resolves its secret before this runs; a test's start without one gets a throwaway.
    certificateSecret: config.certificateSecret ?? randomBytes(32).toString('base64url'),
    ...(config.demoCalendar === 'fixed' ? { firstCalendar: SCHEDULE_DATA } : {}),
  })
  if (report.seeded) log.info('demo data seeded', { ...report })
  return true
}
