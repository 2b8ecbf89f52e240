import { z } from 'zod'
import { syncedRecordSchema, type SyncedRecord } from './synced'

/** What a presence editor can mark for a participant on a study day. */
export const ATTENDANCE_MARKS = ['present', 'absent', 'late', 'excused'] as const
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number]

export const NOTE_MAX_LENGTH = 500

export interface AttendanceRecord extends SyncedRecord {
  /** `lfit_{YYYYMMDD}` of the study day. */
  dayId: string
  /** Username of the participant. */
  participant: string
  /** null clears a mark made by mistake. */
  mark: AttendanceMark | null
  note: string
}

const DAY_ID = /^lfit_\d{8}$/

// The key is derived from day and participant, so two devices marking the same person on the
// same day edit one record instead of creating two.
export function attendanceId(dayId: string, participant: string): string {
  return `${dayId}:${participant}`
}

export function parseAttendanceId(id: string): { dayId: string; participant: string } | null {
  const at = id.indexOf(':')
  if (at < 0) return null
  const dayId = id.slice(0, at)
  const participant = id.slice(at + 1)
  if (!DAY_ID.test(dayId) || participant.length === 0) return null
  return { dayId, participant }
}

/** The fields an attendance edit may change; identity comes from the record id. */
export const attendanceFieldsSchema = z
  .object({
    mark: z.enum(ATTENDANCE_MARKS).nullable(),
    note: z.string().max(NOTE_MAX_LENGTH),
  })
  .partial()
  .strict()
  .refine((fields) => Object.keys(fields).length > 0, 'an edit changes at least one field')

export type AttendanceFields = z.infer<typeof attendanceFieldsSchema>

/** A whole attendance record as the server sends it to devices. */
export const attendanceRecordSchema: z.ZodType<AttendanceRecord> = syncedRecordSchema.extend({
  dayId: z.string(),
  participant: z.string(),
  mark: z.enum(ATTENDANCE_MARKS).nullable(),
  note: z.string(),
})

export function emptyAttendance(id: string): AttendanceRecord | null {
  const key = parseAttendanceId(id)
  if (!key) return null
  return { _id: id, ...key, mark: null, note: '', stamps: {} }
}
