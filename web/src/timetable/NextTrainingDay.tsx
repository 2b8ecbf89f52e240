// The next training day with its hours: what a participant opening the site wants first.
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { nextTrainingDay } from '@lfit/domain/schedule'
import { formatDay } from '../i18n/date-format'

export function NextTrainingDay({ now = Date.now() }: { now?: number }) {
  const { i18n } = useLingui()
  const day = nextTrainingDay(now)
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
