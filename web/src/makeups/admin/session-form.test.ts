// The session form reads what an editor typed into exactly the request the server takes, and
// names every mistake next to its field instead of sending it.
import { describe, expect, it } from 'vitest'
import { makeupSessionSchema } from '@lfit/domain/makeups/sessions'
import {
  coverableSegments,
  EMPTY_SESSION_FORM,
  formOf,
  HOUR_OPTIONS,
  readSessionForm,
  scheduleMakeupDays,
  type SessionForm,
} from './session-form'

const FILLED: SessionForm = {
  ...EMPTY_SESSION_FORM,
  dayStr: '2026-12-05',
  place: ' Studio Gibanje ',
  capacity: '10',
  segments: [12, 11],
  educator: 'educator@test.lfit',
}

describe('the make-up session form', () => {
  it('reads a filled form into a session the server accepts, and back', () => {
    const read = readSessionForm(FILLED)
    expect(read.ok).toBe(true)
    if (!read.ok) return
    expect(read.draft).toMatchObject({ place: 'Studio Gibanje', capacity: 10 })
    expect(read.draft.covers).toEqual({ segments: [11, 12], days: [] })
    const session = { ...read.draft, _id: 'x', cancelled: false }
    expect(makeupSessionSchema.safeParse(session).success).toBe(true)
    expect(formOf(session)).toEqual({ ...FILLED, place: 'Studio Gibanje', segments: [11, 12] })
  })

  it.each([
    ['no date', { dayStr: '' }, 'dayStr'],
    ['an end before the start', { fromHour: '13:00', toHour: '10:00' }, 'toHour'],
    ['the same start and end', { fromHour: '10:00', toHour: '10:00' }, 'toHour'],
    ['no place', { place: '   ' }, 'place'],
    ['no places', { capacity: '0' }, 'capacity'],
    ['a fraction of places', { capacity: '2.5' }, 'capacity'],
    ['too many places', { capacity: '501' }, 'capacity'],
    ['nothing covered', { segments: [], days: [] }, 'covers'],
    ['no educator', { educator: ' ' }, 'educator'],
  ])('names %s next to its field', (_, change, field) => {
    const read = readSessionForm({ ...FILLED, ...change })
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(Object.keys(read.errors)).toEqual([field])
  })

  it('offers the twelve regular segments, the make-up days and 24-hour times', () => {
    expect(coverableSegments().map((s) => s.segment)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ])
    expect(scheduleMakeupDays().every((day) => day.segment === 21)).toBe(true)
    expect(HOUR_OPTIONS).toContain('17:45')
    expect(HOUR_OPTIONS.at(-1)).toBe('22:00')
  })
})
