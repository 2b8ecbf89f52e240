import { Trans, useLingui } from '@lingui/react/macro'
import type { StudyDay } from '@lfit/domain/schedule'
import { memo } from 'react'
import { formatDay } from '../i18n/date-format'

/**
 * Previous/next study day and a list of the block's days: large targets for a tablet. Memoized:
 * a tap on /ETAB changes neither the days nor the day shown.
 */
export const DayPicker = memo(function DayPicker({
  days,
  value,
  onChange,
}: {
  days: readonly StudyDay[]
  value: string
  onChange: (dayId: string) => void
}) {
  const { t, i18n } = useLingui()
  const index = days.findIndex((d) => d.id === value)
  const day = days[index]
  if (!day) return null
  const ofBlock = days.filter((d) => d.block_id === day.block_id)
  const label = (d: StudyDay) =>
    `${formatDay(i18n.locale, d.dayStr)} · ${t`day ${d.dayInBlock}`} · ${d.fromHour}–${d.toHour}`
  return (
    <div className="day-picker">
      <button
        type="button"
        disabled={index <= 0}
        onClick={() => onChange((days[index - 1] as StudyDay).id)}
        aria-label={t`Previous training day`}
      >
        ‹
      </button>
      <label>
        <span className="visually-hidden">
          <Trans>Training day</Trans>
        </span>
        <select value={value} onChange={(event) => onChange(event.target.value)}>
          {ofBlock.map((d) => (
            <option key={d.id} value={d.id}>
              {label(d)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        disabled={index >= days.length - 1}
        onClick={() => onChange((days[index + 1] as StudyDay).id)}
        aria-label={t`Next training day`}
      >
        ›
      </button>
      <span className="day-picker-segment">
        <Trans>
          Year {day.year}, segment {day.segment}
        </Trans>
      </span>
    </div>
  )
})
