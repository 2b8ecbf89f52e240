import { describe, expect, it } from 'vitest'
import { zonedTimeToEpoch } from '@lfit/domain/schedule/time'
import {
  formatDateTime,
  formatDay,
  formatDayRange,
  formatDayShort,
  formatWeekday,
} from './date-format'

describe('formatDay', () => {
  it.each([
    ['en', '2026-11-17', 'Tue 17 Nov 2026'],
    ['sl', '2026-11-17', 'tor., 17. 11. 2026'],
    ['en', '2027-01-03', 'Sun 3 Jan 2027'],
    ['sl', '2027-01-03', 'ned., 3. 1. 2027'],
    ['en', '2027-05-10', 'Mon 10 May 2027'],
    ['sl', '2027-05-13', 'čet., 13. 5. 2027'],
    ['en', '2028-02-29', 'Tue 29 Feb 2028'],
    ['sl', '2026-12-05', 'sob., 5. 12. 2026'],
  ])('%s %s → %s', (locale, dayStr, text) => {
    expect(formatDay(locale, dayStr)).toBe(text)
  })

  it('reads an instant on the programme clock: 23:30 UTC in winter is the next day there', () => {
    expect(formatDay('en', Date.UTC(2026, 10, 16, 23, 30))).toBe('Tue 17 Nov 2026')
    expect(formatDay('sl', zonedTimeToEpoch('2026-11-17', '00:00'))).toBe('tor., 17. 11. 2026')
  })

  it('shows a text that is not a date as it is', () => {
    expect(formatDay('en', '')).toBe('')
  })
})

describe('formatDateTime', () => {
  it.each([
    ['en', '2026-11-17', '14:05', 'Tue 17 Nov 2026, 14:05'],
    ['sl', '2026-11-17', '14:05', 'tor., 17. 11. 2026, 14:05'],
    ['en', '2027-07-01', '09:30', 'Thu 1 Jul 2027, 09:30'],
    ['sl', '2027-03-28', '23:59', 'ned., 28. 3. 2027, 23:59'],
  ])('%s %s %s', (locale, dayStr, hour, text) => {
    expect(formatDateTime(locale, zonedTimeToEpoch(dayStr, hour))).toBe(text)
  })
})

describe('formatDayRange and formatWeekday', () => {
  it.each([
    ['en', '2026-11-17', '2026-11-19', 'Tue 17 Nov 2026 – Thu 19 Nov 2026'],
    ['sl', '2026-11-17', '2026-11-19', 'tor., 17. 11. 2026 – čet., 19. 11. 2026'],
    ['en', '2026-11-17', '2026-11-17', 'Tue 17 Nov 2026'],
  ])('%s %s..%s', (locale, from, to, text) => {
    expect(formatDayRange(locale, from, to)).toBe(text)
  })

  it('writes a short day without the year, day first', () => {
    expect(formatDayShort('en', '2026-11-07')).toBe('7 Nov')
    expect(formatDayShort('sl', '2026-11-07')).toBe('7. 11.')
  })

  it('names the weekday in the language', () => {
    expect(formatWeekday('en', '2026-11-22')).toBe('Sun')
    expect(formatWeekday('sl', '2026-11-22')).toBe('ned.')
  })

  it('never writes a month-first numeric date', () => {
    for (const locale of ['en', 'sl'])
      for (let day = 1; day <= 28; day++) {
        const text = formatDay(locale, `2026-11-${String(day).padStart(2, '0')}`)
        expect(text).not.toMatch(/\b11\/\d{1,2}\/\d{2,4}\b/)
      }
  })
})
