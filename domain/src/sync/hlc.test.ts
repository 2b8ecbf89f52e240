import { describe, expect, it } from 'vitest'
import { compareHlc, decodeHlc, encodeHlc, isEncodedHlc, observeHlc, tickHlc } from './hlc'

describe('hybrid logical clock', () => {
  it.each([
    [
      'later wall time sorts later',
      { wall: 2, counter: 0, node: 'a' },
      { wall: 10, counter: 0, node: 'a' },
    ],
    [
      'same wall, higher counter sorts later',
      { wall: 5, counter: 1, node: 'z' },
      { wall: 5, counter: 2, node: 'a' },
    ],
    [
      'same wall and counter: node breaks the tie',
      { wall: 5, counter: 1, node: 'a' },
      { wall: 5, counter: 1, node: 'b' },
    ],
    [
      'counter 9 vs 10 compares numerically, not as text',
      { wall: 5, counter: 9, node: 'a' },
      { wall: 5, counter: 10, node: 'a' },
    ],
  ])('%s', (_label, earlier, later) => {
    expect(compareHlc(encodeHlc(earlier), encodeHlc(later))).toBe(-1)
    expect(compareHlc(encodeHlc(later), encodeHlc(earlier))).toBe(1)
  })

  it('round-trips through its encoding, node names with colons included', () => {
    const hlc = { wall: 1_700_000_000_000, counter: 42, node: 'tablet:studio-1' }
    expect(decodeHlc(encodeHlc(hlc))).toEqual(hlc)
    expect(isEncodedHlc(encodeHlc(hlc))).toBe(true)
    expect(isEncodedHlc('yesterday')).toBe(false)
  })

  it.each([
    [
      'clock moved forward: counter resets',
      { wall: 100, counter: 3, node: 'a' },
      200,
      { wall: 200, counter: 0, node: 'a' },
    ],
    [
      'same millisecond: counter grows',
      { wall: 100, counter: 3, node: 'a' },
      100,
      { wall: 100, counter: 4, node: 'a' },
    ],
    [
      'device clock went back: stays ahead of what it issued',
      { wall: 100, counter: 3, node: 'a' },
      50,
      { wall: 100, counter: 4, node: 'a' },
    ],
    ['first edit on a device', null, 7, { wall: 7, counter: 0, node: 'a' }],
  ])('tick: %s', (_label, last, now, expected) => {
    expect(tickHlc(last, now, 'a')).toEqual(expected)
  })

  it('an edit made after seeing a remote edit from a fast clock sorts after it', () => {
    const remote = { wall: 10_000, counter: 5, node: 'fast' }
    const local = observeHlc({ wall: 100, counter: 0, node: 'slow' }, remote, 200, 'slow')
    const next = tickHlc(local, 300, 'slow')
    expect(compareHlc(encodeHlc(next), encodeHlc(remote))).toBe(1)
  })
})
