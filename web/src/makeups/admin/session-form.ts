// The session form's model (/nadomescanja): what the editor fills in, read into the request the
// server takes, with each mistake named next to its field before anything is sent. What a session
// can cover comes from the schedule: regular segments, their study days, and the make-up days of
// segment 21 it can stand for.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { MAX_CAPACITY, PLACE_MAX_LENGTH, type MakeupSession } from '@lfit/domain/makeups/sessions'
import { NOTE_MAX_LENGTH } from '@lfit/domain/records/attendance'
import { MAKEUP_SEGMENT, REGULAR_SEGMENTS, schedule, type StudyDay } from '@lfit/domain/schedule'
import type { SessionDraft } from './admin-api'

export interface SessionForm {
  dayStr: string
  fromHour: string
  toHour: string
  place: string
  capacity: string
  segments: number[]
  days: string[]
  educator: string
  note: string
  scheduleDays: string[]
}

export type SessionFormErrors = Partial<Record<keyof SessionForm | 'covers', MessageDescriptor>>

export const EMPTY_SESSION_FORM: SessionForm = {
  dayStr: '',
  fromHour: '10:00',
  toHour: '13:00',
  place: '',
  capacity: '12',
  segments: [],
  days: [],
  educator: '',
  note: '',
  scheduleDays: [],
}

/** Every quarter hour from 07:00 to 22:00, in 24-hour time. */
export const HOUR_OPTIONS: readonly string[] = Array.from({ length: 61 }, (_, i) => {
  const minutes = 7 * 60 + i * 15
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
})

export function formOf(session: MakeupSession): SessionForm {
  return {
    dayStr: session.dayStr,
    fromHour: session.fromHour,
    toHour: session.toHour,
    place: session.place,
    capacity: String(session.capacity),
    segments: [...session.covers.segments],
    days: [...session.covers.days],
    educator: session.educator,
    note: session.note,
    scheduleDays: [...session.scheduleDays],
  }
}

/** The request, or the mistakes by field (nothing is sent while there are any). */
export function readSessionForm(
  form: SessionForm,
): { ok: true; draft: SessionDraft } | { ok: false; errors: SessionFormErrors } {
  const errors: SessionFormErrors = {}
  if (!form.dayStr) errors.dayStr = msg`Enter the date, e.g. 5. 12. 2026`
  if (form.fromHour >= form.toHour) errors.toHour = msg`The session ends after it starts`
  const place = form.place.trim()
  if (!place) errors.place = msg`Enter the place`
  else if (place.length > PLACE_MAX_LENGTH) errors.place = msg`The place is too long`
  const capacity = Number(form.capacity)
  if (!/^\d+$/.test(form.capacity.trim()) || capacity < 1 || capacity > MAX_CAPACITY) {
    errors.capacity = msg`A whole number of places from 1 to 500`
  }
  if (form.segments.length + form.days.length === 0) {
    errors.covers = msg`Choose the segments or days the session covers`
  }
  if (!form.educator.trim()) errors.educator = msg`Choose the educator`
  if (form.note.length > NOTE_MAX_LENGTH) errors.note = msg`The note is too long`
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    draft: {
      dayStr: form.dayStr,
      fromHour: form.fromHour,
      toHour: form.toHour,
      place,
      capacity,
      covers: { segments: form.segments.toSorted((a, b) => a - b), days: form.days.toSorted() },
      educator: form.educator.trim(),
      note: form.note.trim(),
      scheduleDays: form.scheduleDays.toSorted(),
    },
  }
}

const studyDays = (segment: number): StudyDay[] =>
  schedule()
    .blocks.filter((block) => block.segment === segment)
    .flatMap((block) => block.days)
    .filter((day): day is StudyDay => !day.freeDay)

/** The regular segments with their programme year, for the "covers" choice. */
export function coverableSegments(): { segment: number; year: number }[] {
  return REGULAR_SEGMENTS.flatMap((segment) => {
    const block = schedule().blocks.find((b) => b.segment === segment)
    return block ? [{ segment, year: block.year }] : []
  })
}

/** A segment's study days, which a session can cover one by one. */
export const studyDaysOfSegment = (segment: number): StudyDay[] => studyDays(segment)

/** The make-up days of the schedule (segment 21), which a session can stand for. */
export const scheduleMakeupDays = (): StudyDay[] => studyDays(MAKEUP_SEGMENT)
