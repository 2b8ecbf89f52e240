import { describe, expect, it } from 'vitest'
import { matchesName, searchKey } from './name-search'

describe('search by name', () => {
  it.each([
    ['Ziga', 'Žiga Novak', true],
    ['žiga', 'Ziga Novak', true],
    ['CRN', 'Ana Črnigoj', true],
    ['sest', 'Maja Šest', true],
    ['Dord', 'Đorđe Ilić', true],
    ['ilic', 'Đorđe Ilić', true],
    ['  ana  ', 'Ana Kos', true],
    ['ana kos', 'Ana Kos', true],
    ['kos ana', 'Ana Kos', true],
    ['nov', 'Ana Kos', false],
    ['', 'Ana Kos', true],
    ['Müller', 'Jan Muller', true],
  ] as const)('%j finds %j: %s', (query, name, expected) => {
    expect(matchesName(searchKey(query), name)).toBe(expected)
  })
})
