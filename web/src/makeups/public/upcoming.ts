// The public list of upcoming make-up sessions (POST /api/makeups/upcoming): no personal data,
// only when, where, what each covers and how many places are free. A visitor gets the sessions
// with a free place; someone signed in also the full ones, whose waitlist they can join.
import { z } from 'zod'
import { makeupSessionSchema } from '@lfit/domain/makeups/sessions'
import { api } from '../../api/api'

const upcomingSessionSchema = z.object({
  _id: z.string(),
  dayStr: z.string(),
  fromHour: z.string(),
  toHour: z.string(),
  place: z.string(),
  covers: makeupSessionSchema.shape.covers,
  capacity: z.number().int(),
  free: z.number().int().min(0),
})
export type UpcomingSession = z.output<typeof upcomingSessionSchema>

const upcomingAnswerSchema = z.object({ sessions: z.array(upcomingSessionSchema) })

/** `quiet`: a screen that goes on without the list (offline) wants no error shown for it. */
export async function loadUpcoming(quiet = false): Promise<UpcomingSession[]> {
  const caller = quiet ? 'sync' : 'screen'
  const answer = await api.action('/api/makeups/upcoming', {}, upcomingAnswerSchema, 'read', caller)
  return answer.sessions
}
