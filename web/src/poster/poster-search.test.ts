import { describe, expect, it } from 'vitest'
import { defaultSelection } from '@lfit/domain/schedule'
import { posterChoice, posterHref } from './poster-search'

// 1 March 2024: the default year is the one the timetable opens on then.
const NOW = Date.UTC(2024, 2, 1, 12)
const DEFAULT_YEAR = defaultSelection(NOW).year

describe('posterChoice', () => {
  it.each([
    ['year and size', '?year=2&size=A3', { year: 2, size: 'A3' }],
    ['only a year: A4', '?year=3', { year: 3, size: 'A4' }],
    ['nothing: the default year on A4', '', { year: DEFAULT_YEAR, size: 'A4' }],
    ['a year with no blocks', '?year=5&size=A3', { year: DEFAULT_YEAR, size: 'A3' }],
    ['a year out of range', '?year=9', { year: DEFAULT_YEAR, size: 'A4' }],
    ['not a number', '?year=two', { year: DEFAULT_YEAR, size: 'A4' }],
    ['a size the poster has not', '?year=1&size=A5', { year: 1, size: 'A4' }],
  ])('%s (%s)', (_label, search, expected) => {
    expect(posterChoice(search, NOW)).toEqual(expected)
  })

  it('round-trips through its link', () => {
    const choice = { year: 4, size: 'A3' } as const
    expect(posterChoice(posterHref(choice).split('?')[1] ?? '', NOW)).toEqual(choice)
  })
})
