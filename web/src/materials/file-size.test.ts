import { describe, expect, it } from 'vitest'
import { formatFileSize } from './file-size'

describe('formatFileSize', () => {
  it.each([
    ['en', 0, '0 B'],
    ['en', 999, '999 B'],
    ['en', 1500, '1.5 kB'],
    ['sl', 1500, '1,5 kB'],
    ['en', 12_345_678, '12 MB'],
    ['sl', 2_500_000_000, '2,5 GB'],
  ] as const)('%s %d → %s', (locale, bytes, shown) => {
    expect(formatFileSize(locale, bytes)).toBe(shown)
  })
})
