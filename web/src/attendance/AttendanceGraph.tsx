// /prisotnostGraf: one person's attendance across the years, as bars per year and segment.
// A public route in the route table (docs/product-rules.md#roles-and-routes), but it shows data only to a logged-in user, and a participant
// only their own. The bars are the one set of figures (docs/product-rules.md#attendance-figures)
// from the one local view, so a mark still waiting to sync counts at once.
// Under the bars: the person's missed, made-up and outstanding days and standing.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { syncReadScope } from '@lfit/domain/attendance/permissions'
import { yearFigures, type AttendanceFigures } from '@lfit/domain/attendance/figures'
import type { YearFigures } from '@lfit/domain/makeups/standing'
import { StandingSummary } from '../makeups/book/StandingSummary'
import { useStanding } from '../makeups/book/use-makeup-book'
import { useOffline } from '../offline/context'
import { useParticipants } from '../offline/hooks'
import { PersonPicker } from '../person-picker/PersonPicker'
import './attendance.css'

function Bar({ label, figures }: { label: string; figures: AttendanceFigures }) {
  const { t } = useLingui()
  const percent = figures.percent
  return (
    <div className="graph-row" data-attended={figures.attended} data-marked={figures.counted}>
      <span className="graph-label">{label}</span>
      <span
        className="graph-bar"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? 0}
        aria-valuetext={percent === null ? t`no marked days` : `${percent} %`}
      >
        <span style={{ width: `${percent ?? 0}%` }} />
      </span>
      <span className="graph-value">{percent === null ? '—' : `${percent} %`}</span>
    </div>
  )
}

/** The segments of a year with a day that counts, in order. */
function segmentsOf(year: YearFigures): number[] {
  const days = [...year.present, ...year.late, ...year.missed]
  return [...new Set(days.map((day) => day.segment))].toSorted((a, b) => a - b)
}

/** The bars of one person: by year, then by segment (also shown on /prisotnosti to a participant). */
export function PersonAttendanceGraph({ person }: { person: string }) {
  const { t } = useLingui()
  const standing = useStanding(person)
  // Until the standing is worked out, "no attendance" would be a wrong answer.
  if (standing === undefined)
    return (
      <p aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    )
  // The one set of figures (docs/product-rules.md#attendance-figures), per year and segment.
  const years = standing.years.flatMap((year) => {
    const figures = yearFigures(standing, year.year)
    return figures && figures.counted > 0 ? [{ year, figures }] : []
  })
  if (years.length === 0)
    return (
      <p>
        <Trans>No attendance recorded yet.</Trans>
      </p>
    )
  return (
    <div className="person-graph" data-person={person}>
      <h2>
        <Trans>By year</Trans>
      </h2>
      {years.map(({ year, figures }) => (
        <Bar key={year.year} label={t`Year ${year.year}`} figures={figures} />
      ))}
      <h2>
        <Trans>By segment</Trans>
      </h2>
      {years.flatMap(({ year }) =>
        segmentsOf(year).map((segment) => {
          const figures = yearFigures(standing, year.year, segment)
          return figures ? (
            <Bar
              key={`${year.year}/${segment}`}
              // In words: "4/12" reads as a date.
              label={t`Segment ${segment} (year ${year.year})`}
              figures={figures}
            />
          ) : null
        }),
      )}
    </div>
  )
}

export function AttendanceGraph() {
  const { t } = useLingui()
  const { db, user } = useOffline()
  const seesOthers = !!user && syncReadScope(user).kind === 'all'
  const participants = useParticipants(db)
  const [chosen, setChosen] = useState<string | null>(null)
  const person = seesOthers ? (chosen ?? participants?.[0]?.username ?? '') : (user?.username ?? '')
  if (!user)
    return (
      <p>
        <Trans>Sign in to see attendance.</Trans>
      </p>
    )
  return (
    <section aria-labelledby="graph-title">
      <h1 id="graph-title">
        <Trans>Attendance graph</Trans>
      </h1>
      {seesOthers && participants && (
        <PersonPicker label={t`Person`} people={participants} value={person} onChange={setChosen} />
      )}
      <PersonAttendanceGraph person={person} />
      {person && (
        <section className="graph-standing" aria-labelledby="graph-standing-title">
          <h2 id="graph-standing-title">
            <Trans>Missed days and make-ups</Trans>
          </h2>
          <StandingSummary participant={person} signUpLink={person === user.username} />
        </section>
      )}
    </section>
  )
}
