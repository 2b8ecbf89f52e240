// The server's calendar (`GET /api/calendar`, open to anyone), taken by this tab when it is newer
// than the one shown (docs/0049-devices-follow-the-calendar.md). Its last answer is kept in the
// browser's cache storage, so a visitor offline gets the calendar they last saw; offline, the
// network is not asked at all.
import { z } from 'zod'
import { calendarRecordSchema, type CalendarRecord } from '@lfit/domain/schedule'
import { api } from '../api/api'
import { takeCalendar } from './take-calendar'

export const CALENDAR_PATH = '/api/calendar'

const calendarAnswerSchema = z.object({ records: z.array(calendarRecordSchema) })

/** The server's calendar records (throws ApiError offline with nothing kept, or refused). */
export async function readServerCalendar() {
  return (await api.resource('GET', CALENDAR_PATH, calendarAnswerSchema)).records
}

/** The cache that keeps the last answer (not a user's: it outlives a logout). */
const KEPT_CACHE = 'lfit-calendar'

async function keepAnswer(records: readonly CalendarRecord[]): Promise<void> {
  if (typeof caches === 'undefined') return
  const cache = await caches.open(KEPT_CACHE)
  await cache.put(CALENDAR_PATH, new Response(JSON.stringify({ records })))
}

async function keptAnswer(): Promise<CalendarRecord[] | null> {
  if (typeof caches === 'undefined') return null
  const kept = await (await caches.open(KEPT_CACHE)).match(CALENDAR_PATH)
  if (!kept) return null
  const parsed = calendarAnswerSchema.safeParse(await kept.json())
  return parsed.success ? parsed.data.records : null
}

/**
 * Takes the server's calendar, or offline (or when the server cannot be reached) the last one it
 * answered; false when there is none or it is the calendar shown.
 */
export async function takeServerCalendar(): Promise<boolean> {
  const answered = navigator.onLine === false ? null : await readServerCalendar().catch(() => null)
  if (answered) void keepAnswer(answered).catch(() => undefined)
  const records = answered ?? (await keptAnswer().catch(() => null))
  return records ? takeCalendar(records) : false
}
