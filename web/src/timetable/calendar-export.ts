// The study days as iCalendar events, generated in the browser so the export works offline.
import { toICalendar, type CalendarEvent } from '@lfit/domain/calendar/ics'
import { schedule, type StudyDay } from '@lfit/domain/schedule'

export function studyDayEvents(
  year?: number,
  labels = { segment: 'Segment', day: 'day' },
): CalendarEvent[] {
  const { days, blockById } = schedule()
  return days
    .filter((d): d is StudyDay => !d.freeDay && (year === undefined || d.year === year))
    .map((day) => {
      const block = blockById.get(day.block_id)
      const people = block ? [block.trainer, ...block.assistants].filter(Boolean).join(', ') : ''
      return {
        uid: `${day.id}@lfit`,
        start: day.from,
        end: day.to,
        summary: `LFIT ${day.headerName || `${labels.segment} ${day.segment}`}, ${labels.day} ${day.dayInBlock}`,
        description: people,
      }
    })
}

export function downloadCalendar(fileName: string, name: string, events: CalendarEvent[]): void {
  const text = toICalendar({ name, events, now: Date.now() })
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
