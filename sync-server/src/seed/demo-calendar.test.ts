// The demo calendar is valid and lively whatever day the demo is first seeded on: a block holds
// today, study days come in the next two weeks, there are past and future blocks, blocks never
// share a date, each year's segments are its own and advance with time, and dates roll over
// month, leap-day, year and DST boundaries as the calendar does.
import { describe, expect, it } from 'vitest'
import {
  addDays,
  buildSchedule,
  epochToZoned,
  isoWeekday,
  type StudyDay,
} from '@lfit/domain/schedule'
import { demoCalendar } from './demo-calendar'

const TODAYS = [
  ['a Monday', '2026-11-30', 1],
  ['a Sunday', '2026-11-29', 7],
  ['29 February', '2028-02-29', 2],
  ['the day summer time starts', '2026-03-29', 7],
  ['the day summer time ends', '2026-10-25', 7],
  ['31 December', '2026-12-31', 4],
  ['1 January', '2027-01-01', 5],
] as const

describe.each(TODAYS)('the demo calendar seeded on %s (%s)', (_name, today, weekday) => {
  const data = demoCalendar(today)
  const calendar = buildSchedule(data)
  const studyDays = calendar.days.filter((day): day is StudyDay => !day.freeDay)

  it('is a valid calendar (the one schema every calendar passes)', () => {
    expect(isoWeekday(today)).toBe(weekday)
    expect(calendar.blocks.length).toBe(data.blocks.length)
  })

  it("has a block running today, with past days before it and today's sheet", () => {
    const current = calendar.blocks.find((block) => block.from <= today && today <= block.to)
    expect(current?.days.filter((day) => day.dayStr < today).length).toBe(2)
    const todays = studyDays.find((day) => day.dayStr === today)
    expect(todays?.year).toBe(current?.year)
  })

  it('has study days in each of the coming two weeks, of more than one year', () => {
    const coming = studyDays.filter((day) => day.dayStr > today && day.dayStr <= addDays(today, 14))
    expect(coming.filter((day) => day.dayStr <= addDays(today, 7)).length).toBeGreaterThan(0)
    expect(coming.filter((day) => day.dayStr > addDays(today, 7)).length).toBeGreaterThan(0)
    expect(new Set(coming.map((day) => day.year)).size).toBeGreaterThan(1)
  })

  it('has past blocks and future blocks of every programme year 1 to 4', () => {
    for (const year of [1, 2, 3, 4]) {
      const blocks = calendar.blocks.filter((block) => block.year === year && !block.makeup)
      expect(blocks.some((block) => block.to < today)).toBe(true)
      expect(blocks.some((block) => block.from > today)).toBe(true)
    }
    expect(calendar.blocks.some((block) => block.makeup && block.from > today)).toBe(true)
    expect(calendar.blocks.some((block) => block.extraMaterial && block.from > today)).toBe(true)
  })

  it('never lets two blocks share a date', () => {
    const byStart = calendar.blocks.toSorted((a, b) => a.from.localeCompare(b.from))
    for (let i = 1; i < byStart.length; i++) {
      expect((byStart[i]?.from ?? '') > (byStart[i - 1]?.to ?? '')).toBe(true)
    }
    expect(new Set(calendar.days.map((day) => day.id)).size).toBe(calendar.days.length)
  })

  it("keeps each year's segments its own and in order over time", () => {
    for (const year of [1, 2, 3, 4]) {
      const segments = calendar.blocks
        .filter((block) => block.year === year && !block.makeup)
        .map((block) => block.segment)
      expect(segments.every((s) => s > (year - 1) * 3 && s <= year * 3)).toBe(true)
      expect(segments).toEqual(segments.toSorted((a, b) => a - b))
      // Each segment opens with its first block, which is not a review.
      const firsts = calendar.blocks.filter((b) => b.year === year && b.days[0]?.dayInSegment === 1)
      expect(firsts.every((block) => !block.review)).toBe(true)
    }
  })

  it('counts its days date by date across months, leap days, years and DST', () => {
    for (const block of calendar.blocks.filter((b) => !b.extraMaterial)) {
      block.days.forEach((day, offset) => {
        expect(day.dayStr).toBe(addDays(block.from, offset))
        expect(day.id).toBe(`lfit_${day.dayStr.replaceAll('-', '')}`)
      })
      expect(block.days.at(-1)?.dayStr).toBe(block.to)
    }
    // Hours are Ljubljana wall-clock hours on every day, the day the clocks change too.
    for (const day of studyDays) {
      expect(epochToZoned(day.from)).toEqual({ dayStr: day.dayStr, hourStr: day.fromHour })
      expect(epochToZoned(day.to)).toEqual({ dayStr: day.dayStr, hourStr: day.toHour })
    }
  })

  it('shows a free day and special hours in a coming block', () => {
    expect(calendar.days.some((day) => day.freeDay && day.dayStr > today)).toBe(true)
    expect(studyDays.some((day) => day.specialHours && day.dayStr > today)).toBe(true)
  })
})

it('is the same calendar for the same day and moves with the day', () => {
  expect(demoCalendar('2026-11-29')).toEqual(demoCalendar('2026-11-29'))
  const [first] = demoCalendar('2026-11-29').blocks
  const [next] = demoCalendar('2026-11-30').blocks
  expect(next?.from).toBe(addDays(first?.from ?? '', 1))
})
