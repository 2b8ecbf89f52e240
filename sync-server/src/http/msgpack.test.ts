// Answers packed from already packed items decode exactly as the same array packed whole, at
// every msgpack array header size.
import { describe, expect, it } from 'vitest'
import { PackedArray, pack, packedItem, unpack } from './msgpack'

describe('PackedArray', () => {
  it.each([0, 1, 15, 16, 65_535, 65_536])('answers %i items as one array', (count) => {
    const items = Array.from({ length: count }, (_, i) => ({ _id: `r${i}`, n: i, tags: ['a'] }))
    const bytes = pack(new PackedArray(items.map((item) => packedItem(item))))
    expect(unpack(bytes)).toEqual(items)
  })

  it('keeps each item in bytes of its own', () => {
    const first = packedItem({ a: 'first' })
    packedItem({ a: 'second' })
    expect(unpack(first)).toEqual({ a: 'first' })
  })
})
