import { z } from 'zod'
import { syncedRecordSchema, type SyncedRecord } from './synced'
import { NOTE_MAX_LENGTH } from './attendance'

/** A stretch of days a participant will miss (or missed), reported ahead or recorded after. */
export interface AbsenceRecord extends SyncedRecord {
  participant: string
  /** First and last day missed, `YYYY-MM-DD`, inclusive. */
  fromDay: string
  toDay: string
  reason: string
  excused: boolean
  /** Deleting keeps a tombstone so that the deletion syncs like any other edit. */
  deleted: boolean
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

export const absenceFieldsSchema = z
  .object({
    participant: z.string().min(1).max(200),
    fromDay: z.string().regex(DAY),
    toDay: z.string().regex(DAY),
    reason: z.string().max(NOTE_MAX_LENGTH),
    excused: z.boolean(),
    deleted: z.boolean(),
  })
  .partial()
  .strict()
  .refine((fields) => Object.keys(fields).length > 0, 'an edit changes at least one field')
  .refine(
    (fields) => !fields.fromDay || !fields.toDay || fields.fromDay <= fields.toDay,
    'an absence ends on or after its first day',
  )

export type AbsenceFields = z.infer<typeof absenceFieldsSchema>

/** A whole absence as the server sends it to devices (an empty day is a record being made). */
export const absenceRecordSchema: z.ZodType<AbsenceRecord> = syncedRecordSchema.extend({
  participant: z.string(),
  fromDay: z.string(),
  toDay: z.string(),
  reason: z.string(),
  excused: z.boolean(),
  deleted: z.boolean(),
})

export function emptyAbsence(id: string): AbsenceRecord {
  return {
    _id: id,
    participant: '',
    fromDay: '',
    toDay: '',
    reason: '',
    excused: false,
    deleted: false,
    stamps: {},
  }
}
