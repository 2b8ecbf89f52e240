import { Trans, useLingui } from '@lingui/react/macro'
import type { StudyDay } from '@lfit/domain/schedule'
import { memo, type ReactNode } from 'react'
import { formatDay } from '../i18n/date-format'
import type { EtabSearch } from './etab-search'

/**
 * Year, segment, and the training day with previous/next, then the day's place in its block and
 * its hours: large targets for a tablet. The choices come from the schedule's study days, so a
 * segment without study days is never offered. Memoized: a tap on /ETAB changes neither the
 * days nor the day shown.
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
  const go = (d: StudyDay | undefined) => d && onChange({ day: d.dayStr })
  return (
    <div className="day-picker">
      <NumberChoice
        name="year"
        label={<Trans>Year</Trans>}
        value={value.year}
        options={years}
        onChange={(year) => onChange({ year })}
      />
      <NumberChoice
        name="segment"
        label={<Trans>Segment</Trans>}
        value={value.segment}
        options={segments}
        onChange={(segment) => onChange({ year: value.year, segment })}
      />
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
            {/* The date only: the chosen day's place in its block and its hours are written beside
                the select (below it on a phone). With all three in the option the chosen day did
                not fit a 390 px phone's select ("pon., 17. 4. 2023 · 1. dan ·"), hiding the hours
                until opened. */}
            {ofSegment.map((d) => (
              <option key={d.id} value={d.dayStr}>
                {formatDay(i18n.locale, d.dayStr)}
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
      <p className="day-picker-when">
        {t`day ${value.dayInBlock}`} · {value.fromHour}–{value.toHour}
      </p>
    </div>
  )
})

/** A labelled select of numbers (the year, the segment). */
function NumberChoice({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string
  label: ReactNode
  value: number
  options: readonly number[]
  onChange: (value: number) => void
}) {
  return (
    <label className="day-picker-choice">
      <span>{label}</span>
      <select name={name} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  )
}
