import { describe, expect, it } from 'vitest'
import { emptyLibraryItem, type LibraryItemRecord } from '@lfit/domain/materials/material'
import { libraryProblems, preparedLibraryItem, yearOf } from './library-draft'

const base: LibraryItemRecord = { ...emptyLibraryItem('b1'), title: 'Telo in dih', year: 1998 }

describe('the library item form rules', () => {
  it.each<[string, Partial<LibraryItemRecord>, Record<string, string>]>([
    ['a titled book', {}, {}],
    ['no title', { title: '   ' }, { title: 'titleMissing' }],
    ['an unknown year', { year: 0 }, {}],
    ['next year (announced)', { year: 2027 }, {}],
    ['years ahead', { year: 2030 }, { year: 'yearInvalid' }],
    ['before printing', { year: 1200 }, { year: 'yearInvalid' }],
    ['not a number', { year: Number.NaN }, { year: 'yearInvalid' }],
  ])('%s', (_, change, problems) => {
    expect(libraryProblems({ ...base, ...change }, 2026)).toEqual(problems)
  })

  it.each([
    ['', 0],
    [' 1998 ', 1998],
    ['19x8', Number.NaN],
    ['-5', Number.NaN],
  ])('the year typed as "%s" is %d', (text, year) => {
    expect(yearOf(text)).toBe(year)
  })

  it('saves texts trimmed, the language in lower case and each tag once', () => {
    expect(
      preparedLibraryItem({
        ...base,
        title: ' Telo ',
        language: ' SL ',
        tags: ['dih', 'Dih', ' glas ', ''],
      }),
    ).toMatchObject({ title: 'Telo', language: 'sl', tags: ['dih', 'glas'] })
  })
})
