// The server's calendar (`GET /api/calendar`, open to anyone), taken by this tab when it is newer
// than the one shown (docs/0049-devices-follow-the-calendar.md). The service worker keeps its last
// answer, so a visitor offline gets the calendar they last saw (vite.config.ts).
import { z } from 'zod'
import { calendarRecordSchema } from '@lfit/domain/schedule'
import { api } from '../api/api'
import { takeCalendar } from './take-calendar'

export const CALENDAR_PATH = '/api/calendar'

const calendarAnswerSchema = z.object({ records: z.array(calendarRecordSchema) })

/** The server's calendar records (throws ApiError offline with nothing kept, or refused). */
export async function readServerCalendar() {
  return (await api.resource('GET', CALENDAR_PATH, calendarAnswerSchema)).records
}

/** Takes the server's calendar; false when it was not read or is the calendar shown. */
export async function takeServerCalendar(): Promise<boolean> {
  try {
    return takeCalendar(await readServerCalendar())
  } catch {
    return false
  }
}
