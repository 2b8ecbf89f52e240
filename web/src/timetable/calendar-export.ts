// Saves the study days (built by the domain, web/src has no copy) as an .ics file, generated
// in the browser so the export works offline.
import { toICalendar, type CalendarEvent } from '@lfit/domain/calendar/ics'

export function downloadCalendar(fileName: string, name: string, events: CalendarEvent[]): void {
  const text = toICalendar({ name, events, now: Date.now() })
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
