import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, mutationSchema, pullRequestSchema } from './protocol'
import { encodeHlc } from './hlc'

const valid = {
  id: 'm-0001-abcdef',
  collection: 'attendance',
  recordId: 'lfit_20261116:participant01@demo.test',
  hlc: encodeHlc({ wall: 1, counter: 0, node: 'tablet-1' }),
  deviceId: 'tablet-1',
  fields: { mark: 'present' },
}

describe('sync protocol', () => {
  it.each([
    ['epoch with a colon', 'a:b', 7],
    ['seq zero', 'e1', 0],
  ])('cursor round-trips: %s', (_label, epoch, seq) => {
    expect(decodeCursor(encodeCursor(epoch, seq))).toEqual({ epoch, seq })
  })

  it.each([
    ['no separator', 'abc'],
    ['negative', 'e:-1'],
    ['not a number', 'e:x'],
    ['empty epoch', ':5'],
  ])('a malformed cursor is refused: %s', (_label, cursor) => {
    expect(decodeCursor(cursor)).toBeNull()
  })

  it.each([
    ['a valid edit', valid, true],
    ['unknown collection', { ...valid, collection: 'users' }, false],
    ['short id', { ...valid, id: 'x' }, false],
    ['a timestamp that is not a clock', { ...valid, hlc: '2026-11-16' }, false],
    ['an extra key the protocol does not know', { ...valid, user: 'admin' }, false],
  ])('mutation schema: %s', (_label, input, ok) => {
    expect(mutationSchema.safeParse(input).success).toBe(ok)
  })

  it('a pull without a cursor asks for everything', () => {
    expect(pullRequestSchema.parse({ cursor: null })).toEqual({ cursor: null })
    expect(pullRequestSchema.safeParse({ cursor: null, collections: ['users'] }).success).toBe(
      false,
    )
  })
})
