import { describe, expect, it } from 'vitest'
import { madeUpOtherwiseSchema } from './made-up-otherwise'
import { makeupAttendanceSchema, makeupSessionSchema } from './sessions'

const valid = {
  _id: 'm1',
  dayStr: '2026-12-05',
  fromHour: '10:00',
  toHour: '13:00',
  place: 'Studio Gibanje, Ljubljana',
  capacity: 12,
  covers: { segments: [11], days: ['lfit_20261116'] },
  educator: 'educator@demo.test',
  note: '',
  scheduleDays: [],
  cancelled: false,
}

describe('a make-up session', () => {
  it('accepts a complete session', () => {
    expect(makeupSessionSchema.parse(valid)).toEqual(valid)
  })

  it.each([
    { label: 'covering nothing', change: { covers: { segments: [], days: [] } } },
    { label: 'covering the make-up segment', change: { covers: { segments: [21], days: [] } } },
    { label: 'covering extra material', change: { covers: { segments: [99], days: [] } } },
    {
      label: 'covering no real day',
      change: { covers: { segments: [], days: ['lfit_20260230'] } },
    },
    { label: 'covering a day by date', change: { covers: { segments: [], days: ['2026-11-16'] } } },
    { label: 'ending before it starts', change: { fromHour: '13:00', toHour: '10:00' } },
    { label: 'at no real hour', change: { fromHour: '24:00' } },
    { label: 'on no real date', change: { dayStr: '2026-02-30' } },
    { label: 'with no place', change: { place: '  ' } },
    { label: 'with no places to take', change: { capacity: 0 } },
    { label: 'with half a place', change: { capacity: 1.5 } },
    { label: 'with no educator', change: { educator: '' } },
    { label: 'with a note too long', change: { note: 'x'.repeat(501) } },
    { label: 'standing for a day that is no day', change: { scheduleDays: ['tomorrow'] } },
    { label: 'with an unknown field', change: { waitlist: [] } },
  ])('refuses one $label', ({ change }) => {
    expect(makeupSessionSchema.safeParse({ ...valid, ...change }).success).toBe(false)
  })
})

describe('attendance at a make-up session', () => {
  it.each([
    { mark: 'present', ok: true },
    { mark: 'late', ok: true },
    { mark: null, ok: true },
    { mark: 'here', ok: false },
  ])('mark $mark: accepted $ok', ({ mark, ok }) => {
    const record = { session: 'm1', participant: 'p1@demo.test', mark }
    expect(makeupAttendanceSchema.safeParse(record).success).toBe(ok)
  })
})

describe('made up otherwise', () => {
  const record = {
    participant: 'p1@demo.test',
    dayId: 'lfit_20261116',
    by: 'makeupEditor@demo.test',
    at: '2026-11-25T10:00:00Z',
    note: 'studied the recordings of the day',
  }

  it.each([
    { label: 'a complete record', change: {}, ok: true },
    { label: 'no note: the note is the only trace of how', change: { note: '   ' }, ok: false },
    { label: 'a day by date', change: { dayId: '2026-11-16' }, ok: false },
    { label: 'no editor', change: { by: '' }, ok: false },
  ])('$label', ({ change, ok }) => {
    expect(madeUpOtherwiseSchema.safeParse({ ...record, ...change }).success).toBe(ok)
  })
})
