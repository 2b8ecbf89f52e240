import { describe, expect, it } from 'vitest'
import ICAL from 'ical.js'
import { schedule, type StudyDay } from '../schedule'
import { toICalendar } from './ics'
import { studyDayEvents } from './study-days'

/** The events of an exported calendar, read back by a real iCalendar parser. */
function exported(year?: number) {
  const text = toICalendar({ name: 'LFIT', events: studyDayEvents({ year }), now: 0 })
  const calendar = new ICAL.Component(ICAL.parse(text))
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
}

const studyDays = () => schedule().days.filter((day): day is StudyDay => !day.freeDay)

describe('the timetable as an .ics file', () => {
  it('the whole programme: one event per study day, none in 2027 or for extra material', () => {
    const events = exported()
    expect(events).toHaveLength(studyDays().length)
    expect(events.filter((e) => e.startDate.year >= 2027)).toEqual([])
    // The extra-material period runs 2026-12-01 to 2027-06-30: no event inside it.
    const period = schedule().blocks.find((b) => b.segment === 99)
    expect(period).toBeDefined()
    const inPeriod = events.filter((e) => e.startDate.toJSDate().getTime() >= period!.startsAt)
    expect(inPeriod).toEqual([])
    expect(events.at(-1)?.uid).toBe('lfit_20261120@lfit')
  })

  it.each([
    [1, 29],
    [2, 33],
    [4, 30],
    [5, 0],
  ])('year %i has %i events', (year, count) => {
    expect(exported(year)).toHaveLength(count)
  })

  it('an event carries the venue, the hours and the people of its day', () => {
    const [first] = exported(1)
    expect(first?.location).toBe(schedule().venue)
    expect(first?.summary).toBe('LFIT Segment 1, day 1')
    expect(first?.description).toBe('Ana Zorec, Dan Petek, Eva Rozmanič')
    expect(first?.startDate.toJSDate().getTime()).toBe(Date.parse('2023-04-17T12:00:00Z'))
  })

  it('free days are no events', () => {
    expect(exported(1).map((e) => e.uid)).not.toContain('lfit_20230708@lfit')
  })
})
