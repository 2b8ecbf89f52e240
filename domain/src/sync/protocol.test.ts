import { describe, expect, it } from 'vitest'
import {
  decodeCursor,
  encodeCursor,
  mutationSchema,
  noChanges,
  pullRequestSchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  SYNC_COLLECTIONS,
  SYNC_PROTOCOL_VERSION,
} from './protocol'
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

  it('an answer with no changes names every collection and nothing in it', () => {
    const answer = { v: 1, changes: noChanges(), cursor: 'e1:0', more: false, reset: false }
    expect(pullResponseSchema.safeParse(answer).success).toBe(true)
    expect(Object.keys(answer.changes)).toEqual([...SYNC_COLLECTIONS])
    expect(Object.values(answer.changes).every((records) => records.length === 0)).toBe(true)
  })

  it('a pull without a cursor asks for everything', () => {
    expect(pullRequestSchema.parse({ v: 1, cursor: null })).toEqual({ v: 1, cursor: null })
    expect(
      pullRequestSchema.safeParse({ v: 1, cursor: null, collections: ['users'] }).success,
    ).toBe(false)
  })

  it.each([
    ['push without a version', pushRequestSchema, { batch: [] }],
    ['push of another version', pushRequestSchema, { v: 2, batch: [] }],
    ['pull without a version', pullRequestSchema, { cursor: null }],
    ['pull of another version', pullRequestSchema, { v: 0, cursor: null }],
  ])('every request carries the protocol version: %s is refused', (_label, schema, body) => {
    expect(schema.safeParse(body).success).toBe(false)
  })

  const changes = {
    attendance: [
      {
        _id: 'lfit_20261116:ana@demo.test',
        dayId: 'lfit_20261116',
        participant: 'ana@demo.test',
        mark: 'present',
        note: '',
        stamps: { mark: { hlc: valid.hlc, user: 'eva@demo.test', deviceId: 'tablet-1' } },
      },
    ],
    absences: [],
    makeupAttendance: [],
    materials: [],
    library: [],
    mediaNotes: [],
    mediaProgress: [],
    calendar: [],
  }
  const answer = { v: SYNC_PROTOCOL_VERSION, changes, cursor: 'e:1', more: false, reset: true }

  it.each([
    ['a well-formed answer', answer, true],
    ['an answer of another version', { ...answer, v: 2 }, false],
    ['a collection missing', { ...answer, changes: { attendance: [] } }, false],
    [
      'a record with a mark the app does not know',
      { ...answer, changes: { ...changes, attendance: [{ ...changes.attendance[0], mark: 'x' }] } },
      false,
    ],
    [
      'a record without stamps',
      {
        ...answer,
        changes: { ...changes, attendance: [{ ...changes.attendance[0], stamps: undefined }] },
      },
      false,
    ],
  ])('pull answer schema: %s', (_label, body, ok) => {
    expect(pullResponseSchema.safeParse(body).success).toBe(ok)
  })

  it.each([
    ['applied', { id: 'm1', status: 'applied' }, true],
    ['rejected with a bilingual reason', rejectedAnswer({ sl: 'ne', en: 'no' }), true],
    ['rejected without the Slovenian half', rejectedAnswer({ en: 'no' }), false],
    ['an unknown status', { id: 'm1', status: 'maybe' }, false],
  ])('push answer schema: %s', (_label, result, ok) => {
    expect(pushResponseSchema.safeParse({ v: 1, results: [result] }).success).toBe(ok)
  })
})

function rejectedAnswer(message: Record<string, string>) {
  return { id: 'm1', status: 'rejected', reason: { code: 'forbidden', message }, permanent: true }
}
