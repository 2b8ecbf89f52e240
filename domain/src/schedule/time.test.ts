import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  addDays,
  compactDate,
  daysBetween,
  epochToZoned,
  isDayStr,
  isHourStr,
  isoWeekday,
  localDayStr,
  startOfDay,
  zonedDay,
  zonedTimeToEpoch,
} from './time'

const HOUR = 3_600_000

describe('Ljubljana wall-clock time to an instant', () => {
  it.each([
    ['winter time is UTC+1', '2024-01-15', '14:00', '2024-01-15T13:00:00Z'],
    ['summer time is UTC+2, the day before it ends', '2024-10-26', '09:30', '2024-10-26T07:30:00Z'],
    ['the 25-hour day, after the change', '2024-10-27', '09:30', '2024-10-27T08:30:00Z'],
    ['the 25-hour day starts in summer time', '2024-10-27', '00:00', '2024-10-26T22:00:00Z'],
    ['02:30 occurs twice on 2024-10-27: the first', '2024-10-27', '02:30', '2024-10-27T00:30:00Z'],
    ['03:00 after the clocks went back', '2024-10-27', '03:00', '2024-10-27T02:00:00Z'],
    ['the day before summer time starts 2025', '2025-03-29', '09:30', '2025-03-29T08:30:00Z'],
    ['the 23-hour day 2025, after the change', '2025-03-30', '09:30', '2025-03-30T07:30:00Z'],
    ['02:30 does not exist on 2025-03-30: 03:30', '2025-03-30', '02:30', '2025-03-30T01:30:00Z'],
    ['the day before summer time starts 2026', '2026-03-28', '09:30', '2026-03-28T08:30:00Z'],
    ['the 23-hour day 2026, after the change', '2026-03-29', '09:30', '2026-03-29T07:30:00Z'],
    ['late evening across the UTC date', '2026-12-31', '23:30', '2026-12-31T22:30:00Z'],
  ])('%s', (_label, dayStr, hourStr, iso) => {
    expect(zonedTimeToEpoch(dayStr, hourStr)).toBe(Date.parse(iso))
  })

  it('reads back as the same wall-clock time on every day of a year with both changes', () => {
    // Every date but the one whose 02:30 the spring change skips, at hours either side of it.
    for (let day = '2025-01-01'; day < '2026-01-01'; day = addDays(day, 1)) {
      for (const hourStr of ['00:00', '02:30', '09:30', '23:30']) {
        if (day === '2025-03-30' && hourStr === '02:30') continue
        expect(epochToZoned(zonedTimeToEpoch(day, hourStr))).toEqual({ dayStr: day, hourStr })
      }
    }
  })

  it.each([
    ['a date that does not exist', '2023-02-30', '09:30'],
    ['an unpadded date', '2023-4-1', '09:30'],
    ['an unpadded hour', '2023-04-01', '9:30'],
    ['hour 24', '2023-04-01', '24:00'],
  ])('rejects %s', (_label, dayStr, hourStr) => {
    expect(() => zonedTimeToEpoch(dayStr, hourStr)).toThrow(RangeError)
  })
})

describe("one date's wall-clock times to instants (the schedule's days)", () => {
  it('gives what zonedTimeToEpoch gives, on every date of the programme and around each change', () => {
    // 2023 to 2027: both changes of five years, the days either side of each, the skipped and
    // the repeated hour, and the evening that is already the next day in UTC.
    for (let day = '2023-01-01'; day < '2028-01-01'; day = addDays(day, 1)) {
      const at = zonedDay(day)
      for (const hourStr of ['00:00', '01:59', '02:00', '02:30', '03:00', '09:30', '23:59']) {
        expect(at(hourStr), `${day} ${hourStr}`).toBe(zonedTimeToEpoch(day, hourStr))
      }
    }
  })

  it('rejects a time that is not HH:MM, as zonedTimeToEpoch does', () => {
    expect(() => zonedDay('2024-01-15')('9:30')).toThrow(RangeError)
    expect(() => zonedDay('2024-10-27')('24:00')).toThrow(RangeError)
    expect(() => zonedDay('2023-02-30')).toThrow(RangeError)
  })
})

describe('instant to Ljubljana wall-clock time', () => {
  it.each([
    ['summer time', '2024-10-26T07:30:00Z', '2024-10-26', '09:30'],
    ['first 02:30 of the 25-hour day', '2024-10-27T00:30:00Z', '2024-10-27', '02:30'],
    ['second 02:30 of the 25-hour day', '2024-10-27T01:30:00Z', '2024-10-27', '02:30'],
    ['just after summer time starts', '2025-03-30T01:00:00Z', '2025-03-30', '03:00'],
    [
      'already tomorrow in Ljubljana, not yet in UTC',
      '2024-10-26T22:30:00Z',
      '2024-10-27',
      '00:30',
    ],
    ['new year in Ljubljana first', '2026-12-31T23:15:00Z', '2027-01-01', '00:15'],
  ])('%s', (_label, iso, dayStr, hourStr) => {
    expect(epochToZoned(Date.parse(iso))).toEqual({ dayStr, hourStr })
    expect(epochToZoned(new Date(iso))).toEqual({ dayStr, hourStr })
    expect(localDayStr(Date.parse(iso))).toBe(dayStr)
  })
})

describe('calendar days', () => {
  it.each([
    ['end of summer time: 25 hours', '2024-10-27', 25],
    ['start of summer time 2025: 23 hours', '2025-03-30', 23],
    ['start of summer time 2026: 23 hours', '2026-03-29', 23],
    ['an ordinary day: 24 hours', '2024-10-26', 24],
  ])('%s', (_label, dayStr, hours) => {
    expect(startOfDay(addDays(dayStr, 1)) - startOfDay(dayStr)).toBe(hours * HOUR)
  })

  it.each([
    ['across the 25-hour day', '2024-10-27', 1, '2024-10-28'],
    ['across the 23-hour day, backwards', '2025-03-31', -1, '2025-03-30'],
    ['across a month end', '2023-07-31', 1, '2023-08-01'],
    ['across a year end', '2026-12-31', 1, '2027-01-01'],
    ['onto a leap day', '2024-02-28', 1, '2024-02-29'],
    ['a whole block of extra material', '2026-12-01', 211, '2027-06-30'],
    ['zero days', '2024-10-27', 0, '2024-10-27'],
  ])('addDays %s', (_label, dayStr, days, expected) => {
    expect(addDays(dayStr, days)).toBe(expected)
    expect(daysBetween(dayStr, expected)).toBe(days)
  })

  it.each([
    ['Monday, a block start', '2023-04-17', 1],
    ['Saturday, the free day of segment 2', '2023-07-08', 6],
    ['Sunday, the 25-hour day', '2024-10-27', 7],
    ['Friday after a year end', '2027-01-01', 5],
  ])('isoWeekday of %s', (_label, dayStr, weekday) => {
    expect(isoWeekday(dayStr)).toBe(weekday)
  })

  it.each([
    ['an ordinary date', '2024-10-27', true],
    ['a leap day', '2024-02-29', true],
    ['no leap day in 2023', '2023-02-29', false],
    ['a month 13', '2023-13-01', false],
    ['a timestamp', '2023-04-17T00:00', false],
    ['empty', '', false],
  ])('isDayStr: %s', (_label, value, valid) => {
    expect(isDayStr(value)).toBe(valid)
  })

  it.each([
    ['midnight', '00:00', true],
    ['last minute', '23:59', true],
    ['unpadded', '9:30', false],
    ['minute 60', '09:60', false],
  ])('isHourStr: %s', (_label, value, valid) => {
    expect(isHourStr(value)).toBe(valid)
  })

  it('writes YYYYMMDD for ids and refuses a non-date', () => {
    expect(compactDate('2026-12-01')).toBe('20261201')
    expect(() => compactDate('2026-12-32')).toThrow(RangeError)
  })
})

describe('the time-zone data', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.resetModules()
  })

  it('is asked for on first use, not when the module loads (a task of its own on a phone)', async () => {
    const Made = Intl.DateTimeFormat
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Made>
    ) {
      return new Made(...args)
    })
    vi.resetModules()
    const time = await import('./time')
    expect(made).not.toHaveBeenCalled()
    expect(time.localDayStr(Date.parse('2024-07-01T10:00:00Z'))).toBe('2024-07-01')
    time.localDayStr(Date.parse('2024-12-31T23:30:00Z'))
    expect(made).toHaveBeenCalledTimes(1)
  })
})
