import { describe, expect, it } from 'vitest'
import {
  filterApplications,
  foldText,
  type ApplicationFilter,
  type ApplicationRow,
} from './applications'

// A tiny language for rows: "id year project status appliedAt First Last email".
function row(source: string): ApplicationRow {
  const [id, year, project, status, appliedAt, firstName, lastName, email] = source.split(
    /\s+/,
  ) as string[]
  return {
    id: id as string,
    person: email as string,
    firstName: firstName as string,
    lastName: lastName as string,
    email: email as string,
    phone: '38641123456',
    year: Number(year),
    ...(project === '-' ? {} : { project: project as ApplicationRow['project'] }),
    status: status as ApplicationRow['status'],
    appliedAt: `2026-11-${appliedAt}T10:00:00.000Z`,
    history: [],
  }
}

const ROWS = [
  row('a 1 LFIT2024 applied 05 Ana Novak ana@example.com'),
  row('b 1 - applied 03 Luka Šimić luka@example.com'),
  row('c 2 LFIT2025 accepted 01 Maja Kranjc maja.k@example.org'),
  row('d 2 LFIT2025 declined 04 Ana Zupan zupan@example.com'),
  row('e 3 - withdrawn 02 Eva Novak eva@example.com'),
  row('f 1 LFIT2024 applied 03 Ana Horvat horvat@example.com'),
]

describe('filtering and searching applications', () => {
  it.each<{ label: string; filter: ApplicationFilter; ids: string[] }>([
    {
      label: 'no filter: all, oldest application first, ties by surname',
      filter: {},
      ids: ['c', 'e', 'f', 'b', 'd', 'a'],
    },
    { label: 'by year', filter: { year: 1 }, ids: ['f', 'b', 'a'] },
    { label: 'by project', filter: { project: 'LFIT2025' }, ids: ['c', 'd'] },
    { label: 'without a project', filter: { project: 'none' }, ids: ['e', 'b'] },
    { label: 'by status', filter: { status: 'applied' }, ids: ['f', 'b', 'a'] },
    { label: 'year and status together', filter: { year: 2, status: 'declined' }, ids: ['d'] },
    { label: 'a status nobody has', filter: { status: 'completed' }, ids: [] },
    { label: 'search by first name', filter: { search: 'ana' }, ids: ['f', 'd', 'a'] },
    { label: 'search by surname, any case', filter: { search: 'NOVAK' }, ids: ['e', 'a'] },
    { label: 'search ignores accents', filter: { search: 'simic' }, ids: ['b'] },
    { label: 'search with accents finds plain text too', filter: { search: 'Šimić' }, ids: ['b'] },
    { label: 'search by e-mail', filter: { search: 'example.org' }, ids: ['c'] },
    { label: 'every word must match', filter: { search: 'ana novak' }, ids: ['a'] },
    {
      label: 'blank search shows all',
      filter: { search: '   ' },
      ids: ['c', 'e', 'f', 'b', 'd', 'a'],
    },
    { label: 'search and filter together', filter: { search: 'ana', year: 1 }, ids: ['f', 'a'] },
  ])('$label', ({ filter, ids }) => {
    expect(filterApplications(ROWS, filter).map((r) => r.id)).toEqual(ids)
  })

  it('does not reorder the given list', () => {
    const given = [...ROWS]
    filterApplications(given, {})
    expect(given.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
  })

  it.each([
    ['Šimić', 'simic'],
    ['ČŽŠ', 'czs'],
    ['Ana', 'ana'],
  ])('folds %s to %s', (given, folded) => {
    expect(foldText(given)).toBe(folded)
  })
})
