// Answers packed from already packed items decode exactly as the same array (or map) packed
// whole, at every msgpack header size.
import { describe, expect, it } from 'vitest'
import { isPlainData, PackedArray, PackedMap, pack, packedItem, unpack } from './msgpack'

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

describe('PackedMap', () => {
  it.each([0, 1, 15, 16, 65_535, 65_536])('answers %i keys as one map, in their order', (count) => {
    const entries = Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]))
    const bytes = pack(new PackedMap(entries))
    expect(unpack(bytes)).toEqual(entries)
    expect(Object.keys(unpack(bytes) as object)).toEqual(Object.keys(entries))
  })

  it('holds packed arrays and maps beside plain values (a pull answer)', () => {
    const records = [
      { _id: 'a', stamps: { mark: { hlc: 'h' } } },
      { _id: 'b', note: '' },
    ]
    const answer = { v: 1, changes: { attendance: records, absences: [] }, more: false }
    const packed = new PackedMap({
      v: 1,
      changes: new PackedMap({
        attendance: new PackedArray(records.map((record) => packedItem(record))),
        absences: new PackedArray([]),
      }),
      more: false,
    })
    expect(unpack(pack(packed))).toEqual(answer)
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
