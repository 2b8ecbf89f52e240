// The tab takes a calendar given as records (its database's, the server's) when it is another and
// not older than the one shown, tells the screens once, and keeps its calendar when the records
// make none (docs/0049-devices-follow-the-calendar.md). Also how the device's table is followed.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import {
  calendarRecordsFromData,
  SCHEDULE_DATA,
  schedule,
  type CalendarRecord,
} from '@lfit/domain/schedule'
import { LocalDatabase } from '../offline/database'
import { shownCalendar, subscribeCalendar } from './calendar-version'
import { followDeviceCalendar } from './device-calendar'
import { takeCalendar } from './take-calendar'

/** The first version's records, every field stamped at `hlc`, plus a block in March 2031. */
function calendarAt(hlc: string, to = '2031-03-07'): CalendarRecord[] {
  const stamp = { hlc, user: 'admin@demo.test', deviceId: 'calendar-server' }
  const first = calendarRecordsFromData(SCHEDULE_DATA)
  const added: CalendarRecord = {
    ...(first[1] as CalendarRecord & { kind: 'block' }),
    _id: 'cal_spring',
    year: 1,
    segment: 1,
    from: '2031-03-03',
    to,
    freeDays: ['2031-03-05'],
    specialHours: {},
    review: false,
  }
  return [...first, added].map((record) => ({ ...record, stamps: { kind: stamp } }))
}

const hasDay = (dayStr: string) => schedule().days.some((day) => day.dayStr === dayStr)

const opened: LocalDatabase[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await db.delete()
  }
})

describe('taking a calendar', () => {
  it('takes another calendar, tells the screens once, and not the same one again', () => {
    let told = 0
    const stop = subscribeCalendar(() => told++)
    const before = shownCalendar()
    expect(hasDay('2031-03-04')).toBe(false)
    expect(takeCalendar(calendarAt('0000000002000:00000:s'))).toBe(true)
    expect(hasDay('2031-03-04')).toBe(true)
    expect(schedule().dayById.get('lfit_20310305')?.freeDay).toBe(true)
    expect(takeCalendar(calendarAt('0000000002000:00000:s'))).toBe(false)
    expect([told, shownCalendar() - before]).toEqual([1, 1])
    stop()
  })

  it('leaves a later calendar for an older answer, and takes a newer one', () => {
    expect(takeCalendar(calendarAt('0000000003000:00000:s', '2031-03-08'))).toBe(true)
    expect(takeCalendar(calendarAt('0000000001000:00000:s', '2031-03-09'))).toBe(false)
    expect(hasDay('2031-03-09')).toBe(false)
    expect(takeCalendar(calendarAt('0000000004000:00000:s', '2031-03-09'))).toBe(true)
    expect(hasDay('2031-03-09')).toBe(true)
  })

  it('keeps its calendar when the records make none (no block, or a broken rule)', () => {
    const shown = schedule()
    expect(takeCalendar([])).toBe(false)
    const broken = calendarAt('0000000009000:00000:s').map((record) =>
      record._id === 'cal_spring' ? { ...record, freeDays: ['2031-03-03'] } : record,
    )
    expect(takeCalendar(broken)).toBe(false)
    expect(schedule()).toBe(shown)
  })

  it('follows the device table: a pull that stores a newer calendar is taken', async () => {
    const db = new LocalDatabase(`calendar-${Math.random()}`)
    opened.push(db)
    followDeviceCalendar(db)
    const changed = new Promise<void>((resolve) => {
      const stop = subscribeCalendar(() => {
        stop()
        resolve()
      })
    })
    await db.calendar.bulkPut(calendarAt('0000000010000:00000:s', '2031-03-14'))
    await changed
    expect(hasDay('2031-03-14')).toBe(true)
  })
})
