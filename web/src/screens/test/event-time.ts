// The time of a logged event: today's wall clock to the second (the log is of this session, so
// the day is today; the date is added for anything older).
export function formatEventTime(locale: string, at: number, now = Date.now()): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString()
  return new Intl.DateTimeFormat(locale === 'sl' ? 'sl-SI' : 'en-GB', {
    ...(sameDay ? {} : { day: 'numeric', month: 'long', year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(at)
}
