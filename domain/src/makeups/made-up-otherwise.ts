// "Made up otherwise" (docs/product-rules.md#make-ups-and-attendance-rules): an editor records that
// a participant made up a missed study day without a session, for example by studying the day's
// recordings, and says how in a note.
import { z } from 'zod'
import { NOTE_MAX_LENGTH } from '../records/attendance'

export const madeUpOtherwiseSchema = z
  .object({
    /** Username of the participant. */
    participant: z.string().min(1).max(200),
    /** `lfit_{YYYYMMDD}` of the study day made up. */
    dayId: z.string().regex(/^lfit_\d{8}$/, 'a study day'),
    /** Username of the editor who recorded it. */
    by: z.string().min(1),
    /** ISO 8601 date-time of the record. */
    at: z.string().min(1),
    /** How the day was made up: required, it is the only trace of it. */
    note: z.string().trim().min(1).max(NOTE_MAX_LENGTH),
  })
  .strict()
export type MadeUpOtherwise = z.output<typeof madeUpOtherwiseSchema>

/** One record per participant and day: recording it again replaces the note. */
export function madeUpOtherwiseId(dayId: string, participant: string): string {
  return `${dayId}:${participant}`
}
