import { describe, expect, it } from 'vitest'
import { formatSize } from './size'

describe('a file size as people read it', () => {
  it.each([
    ['en', 0, '0 B'],
    ['sl', 999, '999 B'],
    ['en', 840_000, '840 kB'],
    ['en', 12_500_000, '12.5 MB'],
    ['sl', 12_500_000, '12,5 MB'],
    ['en', 200_000_000, '200 MB'],
    ['sl', 1_250_000_000, '1,3 GB'],
  ])('%s: %i bytes → %s', (locale, bytes, text) => {
    expect(formatSize(locale, bytes).replace(/\s/g, ' ')).toBe(text)
  })
})
