import { describe, expect, it } from 'vitest'
import { attendanceDay, schedule, type StudyDay } from '@lfit/domain/schedule'
import { etabSearchOf, parseEtabSearch, resolveEtabDay } from './etab-search'

const days = schedule().days.filter((d): d is StudyDay => !d.freeDay)
const first = days[0] as StudyDay
const later = days.find((d) => d.year !== first.year) as StudyDay

describe('the /ETAB search in the URL', () => {
  it.each([
    [
      'numbers and a date',
      { year: 2, segment: 5, day: '2026-11-17' },
      { year: 2, segment: 5, day: '2026-11-17' },
    ],
    ['strings of numbers', { year: '3', segment: '7' }, { year: 3, segment: 7 }],
    ['garbage is dropped', { year: 'x', segment: -1, day: '17.11.2026' }, {}],
    ['objects and arrays are dropped', { year: { a: 1 }, day: ['2026-11-17'] }, {}],
    ['fractions are dropped', { year: 1.5 }, {}],
    ['unknown keys are dropped', { lang: 'EN' }, {}],
    ['a make-up session', { makeup: 'm-2026-12-05' }, { makeup: 'm-2026-12-05' }],
    ['an empty or overlong make-up id is dropped', { makeup: '' }, {}],
    ['a make-up id that is not text is dropped', { makeup: ['m-1'] }, {}],
    [
      'the day’s sign-in sheet',
      { day: '2026-11-17', print: 'day' },
      { day: '2026-11-17', print: 'day' },
    ],
    ['the segment’s class list', { print: 'segment' }, { print: 'segment' }],
    ['another paper is dropped', { print: 'week' }, {}],
  ] as const)('%s', (_label, raw, parsed) => {
    expect(parseEtabSearch(raw)).toEqual(parsed)
  })
})

describe('the day /ETAB shows', () => {
  const now = first.from
  const fallback = attendanceDay(now)
  it('is the day named', () => {
    expect(resolveEtabDay({ day: later.dayStr }, days, fallback, now)).toBe(later)
  })
  it('falls back to the default day for a date that is no training day', () => {
    expect(resolveEtabDay({ day: '1999-01-01' }, days, fallback, now)).toBe(fallback)
    expect(resolveEtabDay({ year: 42 }, days, fallback, now)).toBe(fallback)
  })
  it('for a year alone, opens its first day not yet over', () => {
    const shown = resolveEtabDay({ year: later.year }, days, fallback, now)
    expect(shown?.year).toBe(later.year)
  })
  it('for a segment, opens a day of that segment', () => {
    const shown = resolveEtabDay({ year: later.year, segment: later.segment }, days, fallback, now)
    expect([shown?.year, shown?.segment]).toEqual([later.year, later.segment])
  })
  it('names year, segment and day in the URL', () => {
    expect(parseEtabSearch(etabSearchOf(later))).toEqual({
      year: later.year,
      segment: later.segment,
      day: later.dayStr,
    })
  })
})
