// The programme's study days as calendar events, for the timetable's .ics export. Only study
// days become events: free days and the extra-material period have no hours, so a calendar
// never shows them as training (docs/product-rules.md#schedule).
import {
  eventSequence,
  schedule,
  type Schedule,
  type StudyDay,
  type TrainingBlock,
} from '../schedule'
import type { CalendarEvent } from './ics'

/** The event title of a study day, in the reader's language (the web app passes its own). */
export type StudyDaySummary = (day: StudyDay, block: TrainingBlock) => string

const englishSummary: StudyDaySummary = (day) => `LFIT ${day.headerName}, day ${day.dayInBlock}`

/** The study days of one programme year, or of the whole programme, in date order. */
export function studyDayEvents(
  options: { year?: number; summary?: StudyDaySummary } = {},
  from: Schedule = schedule(),
): CalendarEvent[] {
  const { year, summary = englishSummary } = options
  return from.blocks
    .filter((block) => year === undefined || block.year === year)
    .flatMap((block) =>
      block.days
        .filter((day): day is StudyDay => !day.freeDay)
        .map((day) => ({
          uid: `${day.id}@lfit`,
          sequence: eventSequence(block.block_id),
          start: day.from,
          end: day.to,
          summary: summary(day, block),
          description: [block.trainer, ...block.assistants].filter(Boolean).join(', '),
          location: block.venue,
        })),
    )
}
