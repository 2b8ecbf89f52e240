// /prisotnostGraf: one person's attendance across the years, as bars per year and segment.
// A public route in the route table (docs/product-rules.md#roles-and-routes), but it shows data only to a logged-in user, and a participant
// only their own. It reads the one local view, so a mark still waiting to sync counts at once.
// Under the bars: the person's missed, made-up and outstanding days and standing.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { schedule } from '@lfit/domain/schedule'
import { syncReadScope } from '@lfit/domain/attendance/permissions'
import { tallyBy, type AttendanceTally } from '@lfit/domain/attendance/stats'
import { StandingSummary } from '../makeups/book/StandingSummary'
import { useOffline } from '../offline/context'
import { useAttendanceOfParticipant, useParticipants } from '../offline/hooks'
import { PersonPicker } from '../person-picker/PersonPicker'
import './attendance.css'

function Bar({ label, tally }: { label: string; tally: AttendanceTally }) {
  const { t } = useLingui()
  const percent = tally.percent
  return (
    <div className="graph-row" data-attended={tally.attended} data-marked={tally.marked}>
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

/** The bars of one person: by year, then by segment (also shown on /prisotnosti to a participant). */
export function PersonAttendanceGraph({ person }: { person: string }) {
  const { t } = useLingui()
  const { db } = useOffline()
  const shown = useAttendanceOfParticipant(db, person)
  const days = schedule().dayById
  // Until the device's records are read, "no attendance" would be a wrong answer.
  if (shown === undefined)
    return (
      <p aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    )
  const entries = shown.flatMap(({ record }) => {
    const day = days.get(record.dayId)
    return day ? [{ day, mark: record.mark }] : []
  })
  if (!entries.some((entry) => entry.mark !== null))
    return (
      <p>
        <Trans>No attendance recorded yet.</Trans>
      </p>
    )
  const byYear = tallyBy(entries.map((e) => ({ key: e.day.year, mark: e.mark })))
  const bySegment = tallyBy(
    entries.map((e) => ({ key: `${e.day.year}/${e.day.segment}`, mark: e.mark })),
  )
  return (
    <div className="person-graph" data-person={person}>
      <h2>
        <Trans>By year</Trans>
      </h2>
      {byYear
        .sort((a, b) => a.key - b.key)
        .map((g) => (
          <Bar key={g.key} label={t`Year ${g.key}`} tally={g.tally} />
        ))}
      <h2>
        <Trans>By segment</Trans>
      </h2>
      {bySegment.map((g) => (
        <Bar key={g.key} label={g.key} tally={g.tally} />
      ))}
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
