// The next training day with its hours and venue: what a participant opening the site wants first.
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { nextTrainingDay, schedule } from '@lfit/domain/schedule'
import { formatDay } from '../i18n/date-format'
import { useCalendarVersion } from '../calendar/calendar-version'

export function NextTrainingDay({ now = Date.now() }: { now?: number }) {
  const { i18n } = useLingui()
  // Another calendar taken: the day is read again (the home page does not render it anew,
  // HomeScreen.tsx, docs/0049).
  useCalendarVersion()
  const day = nextTrainingDay(now)
  const venue = day && schedule().blockById.get(day.block_id)?.venue
  return (
    <section className="card next-training-day" aria-labelledby="next-day-title">
      <h2 id="next-day-title">
        <Trans>Next training day</Trans>
      </h2>
      {day ? (
        <p data-day={day.id}>
          <strong>{formatDay(i18n.locale, day.dayStr)}</strong>
          <br />
          <Trans>
            {day.fromHour}–{day.toHour}, year {day.year}, segment {day.segment}, day{' '}
            {day.dayInBlock}
          </Trans>
          {venue && (
            <>
              <br />
              {venue}
            </>
          )}
        </p>
      ) : (
        <p>
          <Trans>The programme has no more training days.</Trans>
        </p>
      )}
      <Link to="/urnik" className="btn">
        <Trans>Timetable</Trans>
      </Link>
    </section>
  )
}
