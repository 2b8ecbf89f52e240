import { describe, expect, it } from 'vitest'
import { schedule } from './current'
import { DEFAULT_HOURS, defaultHours, type Day, type StudyDay } from './days'
import { startOfDay } from './time'

function day(dayStr: string): Day {
  const found = schedule().dayById.get(`lfit_${dayStr.replaceAll('-', '')}`)
  if (!found) throw new Error(`no day ${dayStr} in the schedule`)
  return found
}

function studyDay(dayStr: string): StudyDay {
  const found = day(dayStr)
  if (found.freeDay) throw new Error(`${dayStr} is a free day`)
  return found
}

describe('hours and instants of study days', () => {
  it.each([
    ['DST week, first day (Thu)', '2024-10-24', '14:00', '18:00', '12:00', '16:00'],
    ['DST week, middle day (Fri)', '2024-10-25', '09:30', '16:30', '07:30', '14:30'],
    ['DST week, Saturday, last summer-time day', '2024-10-26', '09:30', '16:30', '07:30', '14:30'],
    ['DST week, Sunday: the 25-hour day', '2024-10-27', '09:30', '16:30', '08:30', '15:30'],
    ['DST week, last day (Mon)', '2024-10-28', '09:30', '14:00', '08:30', '13:00'],
    ['special hours on a last day', '2023-04-21', '11:30', '15:30', '09:30', '13:30'],
    ['special hours on a middle day', '2025-04-24', '10:15', '15:45', '08:15', '13:45'],
    ['default hours beside a special day', '2025-04-23', '09:30', '16:30', '07:30', '14:30'],
    ['winter middle day', '2024-02-14', '09:30', '16:30', '08:30', '15:30'],
    ['make-up first day', '2024-09-02', '14:00', '18:00', '12:00', '16:00'],
    ['make-up last day', '2024-09-04', '09:30', '14:00', '07:30', '12:00'],
  ])('%s', (_label, dayStr, fromHour, toHour, fromUtc, toUtc) => {
    const found = studyDay(dayStr)
    expect([found.fromHour, found.toHour]).toEqual([fromHour, toHour])
    const [fromDate, toDate] = [`${dayStr}T${fromUtc}:00Z`, `${dayStr}T${toUtc}:00Z`]
    expect([found.from, found.to]).toEqual([Date.parse(fromDate), Date.parse(toDate)])
  })

  it.each([
    ['default hours', '2024-10-25', false],
    ['2023-04-21 has special hours', '2023-04-21', true],
    ['2025-04-24 has special hours', '2025-04-24', true],
    ['make-up day 1', '2024-09-02', false],
    ['make-up day 2', '2024-09-03', false],
    ['make-up day 3', '2024-09-04', false],
  ])('specialHours flag: %s', (_label, dayStr, special) => {
    expect(studyDay(dayStr).specialHours).toBe(special)
  })

  it.each([
    ['first day', '2024-10-24', DEFAULT_HOURS.firstDay],
    ['middle day', '2024-10-26', DEFAULT_HOURS.middleDay],
    ['last day', '2024-10-28', DEFAULT_HOURS.lastDay],
    ['one-day block: day 1 rule wins', '2024-10-24', DEFAULT_HOURS.firstDay, '2024-10-24'],
  ])('defaultHours: %s', (_label, dayStr, hours, to = '2024-10-28') => {
    expect(defaultHours(dayStr, { from: '2024-10-24', to })).toEqual(hours)
  })
})

describe('free days and weekends', () => {
  it('2023-07-08 is a free day with no hours and no place in the count', () => {
    expect(day('2023-07-08')).toMatchObject({
      id: 'lfit_20230708',
      freeDay: true,
      fromHour: null,
      toHour: null,
      from: null,
      to: null,
      dayInBlock: null,
      dayInSegment: null,
      specialHours: false,
      block_id: 'lfit_year_1_20230703',
      segment: 2,
    })
  })

  it.each([
    ['Friday before the free day', '2023-07-07', 5],
    ['Sunday after the free day: a study day, counted 6th', '2023-07-09', 6],
    ['last day of the block with a free day', '2023-07-12', 9],
    ['Saturday in the DST week', '2024-10-26', 3],
    ['Sunday in the DST week', '2024-10-27', 4],
  ])('%s', (_label, dayStr, dayInBlock) => {
    expect(studyDay(dayStr).dayInBlock).toBe(dayInBlock)
  })
})

describe('fields of every day', () => {
  it.each([
    ['a first day', '2023-04-17', 'lfit_20230417', 1, 1, 'Segment 1'],
    ['the free day', '2023-07-08', 'lfit_20230708', 1, 2, 'Segment 2'],
    ['a make-up day', '2024-09-03', 'lfit_20240903', 2, 21, 'Make-up days'],
  ])('%s', (_label, dayStr, id, year, segment, headerName) => {
    expect(day(dayStr)).toMatchObject({ id, dayStr, year, segment, headerName })
    expect(day(dayStr).date).toBe(startOfDay(dayStr))
  })

  it.each([
    ['first day of segment 1', '2023-04-17', 1],
    ['first day of the second block continues the count', '2023-05-22', 6],
    ['last day of segment 1', '2023-05-26', 10],
    ['last day of segment 2, free day not counted', '2023-07-12', 9],
    ['make-up segment counts on its own', '2024-09-04', 3],
    ['second block of segment 6', '2024-11-18', 6],
    ['second block of segment 8 after a 4-day block', '2025-05-19', 5],
  ])('dayInSegment: %s', (_label, dayStr, dayInSegment) => {
    expect(studyDay(dayStr).dayInSegment).toBe(dayInSegment)
  })

  it.each([
    ['start of year 1', '2023-04-17', true, true],
    ['second block of a segment', '2023-05-22', false, false],
    ['second day of a year', '2023-04-18', false, false],
    ['second segment of year 1', '2023-07-03', false, true],
    ['start of year 2', '2024-02-12', true, true],
    ['make-up segment', '2024-09-02', false, true],
    ['start of year 3', '2025-02-10', true, true],
    ['start of year 4', '2026-02-09', true, true],
  ])('firstOfYear, firstOfSegment: %s', (_label, dayStr, firstOfYear, firstOfSegment) => {
    expect(studyDay(dayStr)).toMatchObject({ firstOfYear, firstOfSegment })
  })

  it.each([
    ['first block of a segment', '2023-04-18', false],
    ['second block of a segment', '2023-05-23', true],
    ['single block of segment 2', '2023-07-04', false],
    ['make-up block', '2024-09-03', false],
  ])('review: %s', (_label, dayStr, review) => {
    expect(day(dayStr).review).toBe(review)
  })

  it('each year and each segment has exactly one first day', () => {
    const days = schedule().days
    // Year 5 holds only the extra-material period, which has no days.
    expect(days.filter((d) => d.firstOfYear).map((d) => d.year)).toEqual([1, 2, 3, 4])
    const segments = days.filter((d) => d.firstOfSegment).map((d) => d.segment)
    expect(segments).toEqual([1, 2, 3, 4, 5, 21, 6, 7, 8, 9, 10, 11, 12])
  })
})

describe('the extra-material period has no days (docs/product-rules.md#schedule)', () => {
  it.each([
    ['its first date', '2026-12-01'],
    ['a weekday across the year end', '2027-01-01'],
    ['a Saturday', '2027-03-13'],
    ['its last date', '2027-06-30'],
  ])('%s is no day of the schedule', (_label, dayStr) => {
    expect(schedule().dayById.get(`lfit_${dayStr.replaceAll('-', '')}`)).toBeUndefined()
  })

  it('no day of the schedule is in segment 99, in year 5 or in 2027', () => {
    const { days } = schedule()
    expect(days.filter((d) => d.segment === 99 || d.year === 5 || d.dayStr >= '2027')).toEqual([])
  })
})
