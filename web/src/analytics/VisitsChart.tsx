// Visits per day as bars: an SVG drawn to the width of the page, its numbers also in words for a
// screen reader (the image's label) and in the table beside it.
import { useLingui } from '@lingui/react/macro'
import { formatDay } from '../i18n/date-format'

const HEIGHT = 220
const AXIS = 24

export function VisitsChart({ days }: { days: readonly { day: string; visits: number }[] }) {
  const { t, i18n } = useLingui()
  const most = Math.max(1, ...days.map((day) => day.visits))
  const width = Math.max(days.length * 12, 360)
  const step = width / Math.max(days.length, 1)
  const first = days[0]
  const last = days[days.length - 1]
  const busiest = days.reduce((top, day) => (day.visits > top.visits ? day : top), {
    day: '',
    visits: 0,
  })
  const label =
    first && last
      ? t`Visits per day from ${formatDay(i18n.locale, first.day)} to ${formatDay(i18n.locale, last.day)}; at most ${busiest.visits} in a day`
      : t`No days in this span`
  return (
    <figure className="visits-chart">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT + AXIS}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        <line x1={0} y1={HEIGHT} x2={width} y2={HEIGHT} className="visits-axis" />
        {days.map((day, index) => {
          const height = (day.visits / most) * (HEIGHT - 8)
          return (
            <rect
              key={day.day}
              data-day={day.day}
              data-visits={day.visits}
              x={index * step + step * 0.15}
              y={HEIGHT - height}
              width={step * 0.7}
              height={height}
              className="visits-bar"
            >
              <title>{`${formatDay(i18n.locale, day.day)}: ${day.visits}`}</title>
            </rect>
          )
        })}
      </svg>
      <figcaption className="visits-chart-caption">
        <span>{first ? formatDay(i18n.locale, first.day) : ''}</span>
        <span>{t`Most in a day: ${busiest.visits}`}</span>
        <span>{last ? formatDay(i18n.locale, last.day) : ''}</span>
      </figcaption>
    </figure>
  )
}
