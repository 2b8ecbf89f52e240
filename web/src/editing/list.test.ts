import { describe, expect, it } from 'vitest'
import { nextSort, searchRows, sortRows, type Column } from './list'

interface Row {
  title: string
  size: number | null
}

const columns: Column<Row>[] = [
  { key: 'title', label: 'Title', text: (row) => row.title },
  { key: 'size', label: 'Size', text: (row) => `${row.size ?? ''}`, sortBy: (row) => row.size },
]

const rows: Row[] = [
  { title: 'Črnko: dihanje', size: 20 },
  { title: 'Cankar, branje', size: 3 },
  { title: 'Zvok', size: null },
  { title: 'dihanje 2', size: 100 },
]

describe('searching an editor list', () => {
  it.each([
    ['', 4],
    ['crnko', 1],
    ['DIHANJE', 2],
    ['dihanje crnko', 1],
    ['  zvok  ', 1],
    ['nothing', 0],
  ])('"%s" finds %i rows, ignoring case and diacritics', (query, count) => {
    expect(searchRows(rows, columns, query)).toHaveLength(count)
  })

  it('also searches the extra text a screen gives (a description not shown as a column)', () => {
    expect(
      searchRows(rows, columns, 'breath', (row) => (row.title === 'Zvok' ? 'breath' : '')),
    ).toEqual([rows[2]])
  })
})

describe('sorting an editor list', () => {
  it.each([
    ['title', 'asc', 'sl', ['Cankar, branje', 'Črnko: dihanje', 'dihanje 2', 'Zvok']],
    ['title', 'desc', 'sl', ['Zvok', 'dihanje 2', 'Črnko: dihanje', 'Cankar, branje']],
    ['size', 'asc', 'en', ['Cankar, branje', 'Črnko: dihanje', 'dihanje 2', 'Zvok']],
    ['size', 'desc', 'en', ['dihanje 2', 'Črnko: dihanje', 'Cankar, branje', 'Zvok']],
  ] as const)('by %s %s (%s): empty values last', (column, direction, locale, titles) => {
    expect(sortRows(rows, columns, { column, direction }, locale).map((row) => row.title)).toEqual(
      titles,
    )
  })

  it('a click on the sorted column turns it around; on another sorts that one ascending', () => {
    expect(nextSort({ column: 'title', direction: 'asc' }, 'title')).toEqual({
      column: 'title',
      direction: 'desc',
    })
    expect(nextSort({ column: 'title', direction: 'desc' }, 'size')).toEqual({
      column: 'size',
      direction: 'asc',
    })
  })
})
