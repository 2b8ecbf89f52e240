import { Trans, useLingui } from '@lingui/react/macro'
import type { StudyDay } from '@lfit/domain/schedule'
import { formatDay } from '../i18n/date-format'

/**
 * The next training day and where it takes place, above the timetable, with a way to the
 * segment it belongs to when another one is shown.
 */
export function NextDaySummary({
  day,
  venue,
  shown,
  onShow,
}: {
  day: StudyDay | undefined
  venue: string | undefined
  shown: boolean
  onShow: (day: StudyDay) => void
}) {
  const { i18n } = useLingui()
  if (!day) {
    return (
      <p className="timetable-next" data-testid="timetable-next">
        <Trans>There are no more training days in the timetable.</Trans>
      </p>
    )
  }
  const date = formatDay(i18n.locale, day.dayStr)
  return (
    <p className="timetable-next" data-testid="timetable-next" data-day={day.id}>
      <Trans>
        Next training day: <strong>{date}</strong>, {day.fromHour}–{day.toHour}
      </Trans>
      {venue && <>, {venue}</>}
      {!shown && (
        <>
          {' '}
          <button type="button" className="btn-link" onClick={() => onShow(day)}>
            <Trans>Show it in the timetable</Trans>
          </button>
        </>
      )}
    </p>
  )
}
