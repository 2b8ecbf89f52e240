import { Trans, useLingui } from '@lingui/react/macro'
import type { StudyDay } from '@lfit/domain/schedule'
import { memo } from 'react'
import { formatDay } from '../i18n/date-format'
import type { EtabSearch } from './etab-search'

/**
 * Year, segment, and the training day with previous/next: large targets for a tablet. The choices
 * come from the schedule's study days, so a segment without study days is never offered.
 * Memoized: a tap on /ETAB changes neither the days nor the day shown.
 */
export const DayPicker = memo(function DayPicker({
  days,
  value,
  onChange,
}: {
  days: readonly StudyDay[]
  value: StudyDay
  onChange: (choice: EtabSearch) => void
}) {
  const { t, i18n } = useLingui()
  const index = days.indexOf(value)
  const years = [...new Set(days.map((d) => d.year))]
  const ofYear = days.filter((d) => d.year === value.year)
  const segments = [...new Set(ofYear.map((d) => d.segment))]
  const ofSegment = ofYear.filter((d) => d.segment === value.segment)
  const label = (d: StudyDay) =>
    `${formatDay(i18n.locale, d.dayStr)} · ${t`day ${d.dayInBlock}`} · ${d.fromHour}–${d.toHour}`
  const go = (d: StudyDay | undefined) => d && onChange({ day: d.dayStr })
  return (
    <div className="day-picker">
      <label className="day-picker-choice">
        <span>
          <Trans>Year</Trans>
        </span>
        <select
          name="year"
          value={value.year}
          onChange={(event) => onChange({ year: Number(event.target.value) })}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </label>
      <label className="day-picker-choice">
        <span>
          <Trans>Segment</Trans>
        </span>
        <select
          name="segment"
          value={value.segment}
          onChange={(event) => onChange({ year: value.year, segment: Number(event.target.value) })}
        >
          {segments.map((segment) => (
            <option key={segment} value={segment}>
              {segment}
            </option>
          ))}
        </select>
      </label>
      <div className="day-picker-day">
        <button
          type="button"
          disabled={index <= 0}
          onClick={() => go(days[index - 1])}
          aria-label={t`Previous training day`}
        >
          ‹
        </button>
        <label>
          <span className="visually-hidden">
            <Trans>Training day</Trans>
          </span>
          <select
            name="day"
            value={value.dayStr}
            onChange={(event) => onChange({ day: event.target.value })}
          >
            {ofSegment.map((d) => (
              <option key={d.id} value={d.dayStr}>
                {label(d)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={index >= days.length - 1}
          onClick={() => go(days[index + 1])}
          aria-label={t`Next training day`}
        >
          ›
        </button>
      </div>
    </div>
  )
})
