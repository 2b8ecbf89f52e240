// The rules of the editors' lists: which rows a search finds and in which order they stand.
// Every editor screen describes its columns once (what a column shows, searches and sorts by)
// and gets the same search and sort.

export type SortValue = string | number | null

export interface Column<R> {
  key: string
  /** The column's heading. */
  label: string
  /** What the cell shows and the search reads. */
  text: (row: R) => string
  /** What the column sorts by, when not its text (a date as epoch ms, a size in bytes). */
  sortBy?: (row: R) => SortValue
}

export interface ListSort {
  column: string
  direction: 'asc' | 'desc'
}

/** Folds case and diacritics, so "crnko" finds "Črnko" on a keyboard without them. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** Rows with every word of the query in one of their columns' text (or in `extra`). */
export function searchRows<R>(
  rows: readonly R[],
  columns: readonly Column<R>[],
  query: string,
  extra: (row: R) => string = () => '',
): R[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...rows]
  return rows.filter((row) => {
    const text = fold([...columns.map((column) => column.text(row)), extra(row)].join(' '))
    return words.every((word) => text.includes(word))
  })
}

/** Sorted for `locale` (Slovenian puts č after c, numbers by value); empty values last. */
export function sortRows<R>(
  rows: readonly R[],
  columns: readonly Column<R>[],
  sort: ListSort,
  locale: string,
): R[] {
  const column = columns.find((candidate) => candidate.key === sort.column)
  if (!column) return [...rows]
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })
  const sign = sort.direction === 'asc' ? 1 : -1
  const valueOf = column.sortBy ?? column.text
  return [...rows].sort((a, b) => {
    const x = valueOf(a)
    const y = valueOf(b)
    const xEmpty = x === null || x === ''
    const yEmpty = y === null || y === ''
    if (xEmpty || yEmpty) return xEmpty === yEmpty ? 0 : xEmpty ? 1 : -1
    const order =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : collator.compare(String(x), String(y))
    return sign * order
  })
}

/** The sort after a click on a column's heading: that column ascending, or the other way. */
export function nextSort(current: ListSort, column: string): ListSort {
  if (current.column !== column) return { column, direction: 'asc' }
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
}
