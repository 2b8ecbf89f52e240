// Answers packed from already packed items decode exactly as the same array packed whole, at
// every msgpack array header size.
import { describe, expect, it } from 'vitest'
import { isPlainData, PackedArray, pack, packedItem, unpack } from './msgpack'

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

describe('isPlainData', () => {
  const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) })
  it.each([
    ['a plain document', { query: { participant: 'a@b.c', n: 1 }, opts: { limit: 50 } }, true],
    [
      'arrays, dates, null and undefined',
      { a: [1, 'x', null], d: new Date(0), u: undefined },
      true,
    ],
    ['a null-prototype object', Object.assign(Object.create(null) as object, { a: 1 }), true],
    ['a __proto__ key', JSON.parse('{"a":{"__proto__":{"x":1}}}') as unknown, false],
    ['a RegExp deep inside', { a: [{ b: /x/ }] }, false],
    ['a class instance', { a: new Map() }, false],
    ['a number that is not finite', { a: { b: Number.NaN } }, false],
    ['an invalid date', { a: new Date(Number.NaN) }, false],
    ['a function', { a: () => 1 }, false],
    ['nesting at the limit', nested(24), true],
    ['nesting past the limit', nested(25), false],
  ])('%s', (_label, value, plain) => {
    expect(isPlainData(value)).toBe(plain)
  })
})
