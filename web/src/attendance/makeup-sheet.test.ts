import { describe, expect, it } from 'vitest'
import type { MakeupSession } from '@lfit/domain/makeups/sessions'
import { defaultSession } from './makeup-sheet'

const session = (_id: string, dayStr: string, cancelled = false): MakeupSession => ({
  _id,
  dayStr,
  fromHour: '10:00',
  toHour: '12:00',
  place: 'Studio',
  capacity: 5,
  covers: { segments: [3], days: [] },
  educator: 'edu',
  note: '',
  scheduleDays: [],
  cancelled,
})

describe('the make-up session /ETAB opens first', () => {
  it.each([
    ['today’s', [session('past', '2026-11-20'), session('today', '2026-11-25')], 'today'],
    [
      'the next when none is today',
      [session('next', '2026-12-01'), session('later', '2026-12-09')],
      'next',
    ],
    [
      'the last held when none is to come',
      [session('a', '2026-11-01'), session('b', '2026-11-20')],
      'b',
    ],
    [
      'never a cancelled one',
      [session('off', '2026-11-25', true), session('next', '2026-11-30')],
      'next',
    ],
    ['none without sessions', [], undefined],
  ] as const)('%s', (_label, sessions, expected) => {
    expect(defaultSession(sessions, '2026-11-25')?._id).toBe(expected)
  })
})
