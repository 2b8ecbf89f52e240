// The planner's calls of `/api/calendar` (docs/0049-devices-follow-the-calendar.md): the server
// is the one place that sees every device's recorded work, so every change of the calendar goes
// through it, and a change that meets recorded work is refused (409 `recordedWork`) until the
// editor decides what happens to it. What the server answers, the tab takes as its calendar.
import { z } from 'zod'
import {
  type BlockDataInput,
  type CalendarRecord,
  type DayWork,
  type Decision,
} from '@lfit/domain/schedule'
import { api } from '../api/api'
import { settled, type Settled } from '../app/settled'
import { ApiError } from '../api/client'
import { takeCalendar } from '../calendar/take-calendar'
import { CALENDAR_PATH, readServerCalendar } from '../calendar/server-calendar'

export type { Decision }

const bilingual = z.object({ sl: z.string(), en: z.string() })

const historyEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  user: z.string(),
  action: z.enum(['create', 'update', 'delete', 'programme', 'undo']),
  blockKey: z.string().optional(),
  summary: bilingual,
  undone: z.boolean(),
})
export type HistoryEntry = z.output<typeof historyEntrySchema>

/** The entries the history panel shows. */
export const HISTORY_SHOWN = 30

const historyAnswer = z.object({ entries: z.array(historyEntrySchema) })

/** One day a change would remove, with what is recorded on it. */
const recordedDaySchema: z.ZodType<DayWork> = z.object({
  day: z.string(),
  attendance: z.number(),
  absences: z.number(),
  makeupSessions: z.number(),
  signups: z.number(),
})
export type RecordedDay = DayWork

const recordedWorkSchema = z.object({ days: z.array(recordedDaySchema).min(1) })

export const RECORDED_WORK = 'recordedWork'

/** The days of a refusal for recorded work, or null when `error` is another failure. */
export function recordedWorkOf(error: unknown): RecordedDay[] | null {
  if (!(error instanceof ApiError) || error.code !== RECORDED_WORK) return null
  const parsed = recordedWorkSchema.safeParse(error.details)
  return parsed.success ? parsed.data.days : null
}

/**
 * What the planner shows: the server's calendar records (taken by the tab) and its history, which
 * is shown in its place when it fails, the blocks still planned beside it (docs/0036).
 */
export async function readPlanner(): Promise<{
  records: CalendarRecord[]
  history: Settled<HistoryEntry[]>
}> {
  const historyPath = `${CALENDAR_PATH}/history?limit=${HISTORY_SHOWN}` as const
  const [records, history] = await Promise.all([
    readServerCalendar(),
    settled(api.resource('GET', historyPath, historyAnswer).then(({ entries }) => entries)),
  ])
  takeCalendar(records)
  return { records, history }
}

const withDecision = (recorded: Decision | undefined) => (recorded ? { recorded } : {})
const blockPath = (key: string) => `${CALENDAR_PATH}/blocks/${encodeURIComponent(key)}` as const

/** A change of the calendar, sent by its method (never retried: the server decides it once). */
const change = (
  method: 'POST' | 'PUT' | 'DELETE',
  path: `/api/${string}`,
  payload: unknown,
): Promise<unknown> => api.action(path, payload, z.unknown(), 'write', 'screen', undefined, method)

export async function createBlock(block: BlockDataInput): Promise<void> {
  await change('POST', `${CALENDAR_PATH}/blocks`, { block })
}

export async function updateBlock(
  key: string,
  block: BlockDataInput,
  recorded?: Decision,
): Promise<void> {
  await change('PUT', blockPath(key), { block, ...withDecision(recorded) })
}

export async function deleteBlock(key: string, recorded?: Decision): Promise<void> {
  await change('DELETE', blockPath(key), withDecision(recorded))
}

export async function setProgrammeVenue(venue: string): Promise<void> {
  await change('PUT', `${CALENDAR_PATH}/programme`, { venue })
}

export async function undoChange(id: string, recorded?: Decision): Promise<void> {
  const path = `${CALENDAR_PATH}/history/${encodeURIComponent(id)}/undo` as const
  await change('POST', path, withDecision(recorded))
}
