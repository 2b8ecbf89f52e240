import { afterEach, describe, expect, it } from 'vitest'
import { buildSchedule } from './blocks'
import {
  calendarData,
  calendarVersion,
  eventSequence,
  onCalendarChange,
  replaceCalendar,
  schedule,
} from './current'
import { SCHEDULE_DATA } from './data'

const MARIBOR = { ...SCHEDULE_DATA, venue: 'Studio Gibanje, Maribor' }

afterEach(() => {
  replaceCalendar(SCHEDULE_DATA)
})

describe('the current calendar of a runtime', () => {
  it('is the first version until something replaces it', () => {
    expect(schedule().days).toEqual(buildSchedule(SCHEDULE_DATA).days)
  })

  it('is replaced, counted and told to its listeners', () => {
    const seen: string[] = []
    const stop = onCalendarChange((current) => seen.push(current.venue))
    const before = calendarVersion()
    replaceCalendar(MARIBOR, new Map([['lfit_year_4_20261116', 3]]))
    stop()
    replaceCalendar(SCHEDULE_DATA)
    expect(seen).toEqual(['Studio Gibanje, Maribor'])
    expect(calendarVersion()).toBe(before + 2)
  })

  it('keeps what it derived from and the events’ sequences', () => {
    replaceCalendar(MARIBOR, new Map([['lfit_year_4_20261116', 3]]))
    expect(schedule().venue).toBe('Studio Gibanje, Maribor')
    expect(calendarData()).toBe(MARIBOR)
    expect(eventSequence('lfit_year_4_20261116')).toBe(3)
    expect(eventSequence('lfit_year_1_20230417')).toBe(0)
  })

  it('refuses data that breaks the rules and stays as it was', () => {
    const before = calendarVersion()
    const broken = { ...SCHEDULE_DATA, venue: ' ' }
    expect(() => replaceCalendar(broken)).toThrow('a venue names a place')
    expect(calendarVersion()).toBe(before)
    expect(schedule().venue).toBe(SCHEDULE_DATA.venue)
  })
})
