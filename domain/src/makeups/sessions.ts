// Make-up sessions and what they cover (docs/product-rules.md#make-ups-and-attendance-rules): a
// session is held on one date, at hours in Ljubljana time, and covers whole segments or single
// study days; attending it makes up the covered days a participant missed. Optionally it stands
// for make-up days (segment 21) of the schedule, whose attendance then counts as its own.
import { z } from 'zod'
import { ATTENDANCE_MARKS, NOTE_MAX_LENGTH, type AttendanceMark } from '../records/attendance'
import { syncedRecordSchema, type SyncedRecord } from '../records/synced'
import { REGULAR_SEGMENTS } from '../schedule/programme'
import { isDayStr, isHourStr } from '../schedule/time'

const dayStr = z.string().refine(isDayStr, 'a calendar date YYYY-MM-DD')
const hourStr = z.string().refine(isHourStr, 'a time HH:MM')
/** `lfit_{YYYYMMDD}`, how attendance and absences name a study day. */
const dayId = z
  .string()
  .regex(/^lfit_\d{8}$/, 'a study day')
  .refine(
    (id) => isDayStr(`${id.slice(5, 9)}-${id.slice(9, 11)}-${id.slice(11, 13)}`),
    'a study day',
  )
const regularSegment = z
  .number()
  .int()
  .refine(
    (segment) => (REGULAR_SEGMENTS as readonly number[]).includes(segment),
    'a segment 1 to 12',
  )

export const MAX_CAPACITY = 500
export const PLACE_MAX_LENGTH = 200

export const makeupSessionSchema = z
  .object({
    _id: z.string().min(1),
    /** The date, in Ljubljana. */
    dayStr,
    /** Wall-clock hours in Ljubljana. */
    fromHour: hourStr,
    toHour: hourStr,
    place: z.string().trim().min(1).max(PLACE_MAX_LENGTH),
    /** How many participants can take part. */
    capacity: z.number().int().min(1).max(MAX_CAPACITY),
    /** What it makes up: every study day of these segments, and these single study days. */
    covers: z
      .object({
        segments: z.array(regularSegment),
        days: z.array(dayId),
      })
      .strict()
      .refine(
        (covers) => covers.segments.length + covers.days.length > 0,
        'a session covers a segment or a day',
      ),
    /** Username of the educator who leads it. */
    educator: z.string().min(1).max(200),
    note: z.string().max(NOTE_MAX_LENGTH),
    /** Make-up days of the schedule (segment 21) it stands for, by day id. */
    scheduleDays: z.array(dayId),
    /** A cancelled session stays listed (those signed up are told) but makes up nothing. */
    cancelled: z.boolean(),
  })
  .strict()
  .refine((session) => session.fromHour < session.toHour, 'hours end after they start')
export type MakeupSession = z.output<typeof makeupSessionSchema>

/** A participant's mark at a make-up session, as a presence editor records it. */
export const makeupAttendanceSchema = z
  .object({
    /** The session's `_id`. */
    session: z.string().min(1),
    /** Username of the participant. */
    participant: z.string().min(1),
    mark: z.enum(ATTENDANCE_MARKS).nullable(),
  })
  .strict()
export type MakeupAttendance = z.output<typeof makeupAttendanceSchema>

/**
 * The synced record of a participant's mark at a make-up session (collection `makeupAttendance`),
 * edited offline on /ETAB like a study day's attendance. Its `_id` is `{sessionId}:{participant}`,
 * so two devices marking one person at one session edit one record.
 */
export interface MakeupAttendanceRecord extends SyncedRecord, MakeupAttendance {
  note: string
}

export function makeupAttendanceId(sessionId: string, participant: string): string {
  return `${sessionId}:${participant}`
}

/** Session ids may hold a colon (an editor may choose one); usernames never do. */
export function parseMakeupAttendanceId(
  id: string,
): { session: string; participant: string } | null {
  const at = id.lastIndexOf(':')
  if (at <= 0 || at === id.length - 1) return null
  return { session: id.slice(0, at), participant: id.slice(at + 1) }
}

/** The fields one make-up attendance edit may change; identity comes from the record id. */
export const makeupAttendanceFieldsSchema = z
  .object({
    mark: z.enum(ATTENDANCE_MARKS).nullable(),
    note: z.string().max(NOTE_MAX_LENGTH),
  })
  .partial()
  .strict()
  .refine((fields) => Object.keys(fields).length > 0, 'an edit changes at least one field')

export const makeupAttendanceRecordSchema: z.ZodType<MakeupAttendanceRecord> =
  syncedRecordSchema.extend({
    session: z.string().min(1),
    participant: z.string().min(1),
    mark: z.enum(ATTENDANCE_MARKS).nullable(),
    note: z.string(),
  })

export function emptyMakeupAttendance(id: string): MakeupAttendanceRecord | null {
  const key = parseMakeupAttendanceId(id)
  if (!key) return null
  return { _id: id, ...key, mark: null, note: '', stamps: {} }
}

/** Only these marks make up a day: the participant was there. */
export const ATTENDED_MARKS: ReadonlySet<AttendanceMark> = new Set(['present', 'late'])

/** The study day as a session sees it. */
export interface CoverableDay {
  id: string
  dayStr: string
  segment: number
}

/** True when the session covers the day, by its segment or by the day itself (cancelled or not). */
export function sessionCovers(
  session: Pick<MakeupSession, 'covers'>,
  day: Pick<CoverableDay, 'id' | 'segment'>,
): boolean {
  return session.covers.segments.includes(day.segment) || session.covers.days.includes(day.id)
}

/**
 * What a participant can still attend to make up `day`: the sessions not cancelled, on `today`
 * or later, that cover it, in date and hour order.
 */
export function upcomingSessionsFor(
  day: Pick<CoverableDay, 'id' | 'segment'>,
  sessions: readonly MakeupSession[],
  today: string,
): MakeupSession[] {
  return sessions
    .filter((s) => !s.cancelled && s.dayStr >= today && sessionCovers(s, day))
    .toSorted(bySessionTime)
}

export function bySessionTime(a: MakeupSession, b: MakeupSession): number {
  return (
    a.dayStr.localeCompare(b.dayStr) ||
    a.fromHour.localeCompare(b.fromHour) ||
    a._id.localeCompare(b._id)
  )
}
