// /prisotnostGraf: one person's attendance across the years, as bars per year and segment.
// A public route by the spec, but it shows data only to a logged-in user, and a participant
// only their own.
import { useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { Trans, useLingui } from '@lingui/react/macro'
import { schedule } from '@lfit/domain/schedule'
import { tallyBy, type AttendanceTally } from '@lfit/domain/attendance/stats'
import { useOffline } from '../offline/context'
import { useParticipants } from '../offline/hooks'
import './attendance.css'

const SEES_OTHERS = ['admin', 'presenceEditor', 'regEditor', 'educator']

function Bar({ label, tally }: { label: string; tally: AttendanceTally }) {
  const { t } = useLingui()
  const percent = tally.percent
  return (
    <div className="graph-row">
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

export function AttendanceGraph() {
  const { db, user } = useOffline()
  const seesOthers = !!user && user.roles.some((r) => SEES_OTHERS.includes(r))
  const participants = useParticipants(db)
  const [chosen, setChosen] = useState<string | null>(null)
  const person = seesOthers ? (chosen ?? participants?.[0]?.username ?? '') : (user?.username ?? '')
  const records =
    useLiveQuery(() => db.attendance.where('participant').equals(person).toArray(), [db, person]) ??
    []
  if (!user)
    return (
      <p>
        <Trans>Sign in to see attendance.</Trans>
      </p>
    )
  const days = schedule().dayById
  const entries = records.flatMap((r) => {
    const day = days.get(r.dayId)
    return day ? [{ day, mark: r.mark }] : []
  })
  const byYear = tallyBy(entries.map((e) => ({ key: e.day.year, mark: e.mark })))
  const bySegment = tallyBy(
    entries.map((e) => ({ key: `${e.day.year}/${e.day.segment}`, mark: e.mark })),
  )
  return (
    <section aria-labelledby="graph-title">
      <h1 id="graph-title">
        <Trans>Attendance graph</Trans>
      </h1>
      {seesOthers && participants && (
        <label>
          <Trans>Person</Trans>{' '}
          <select value={person} onChange={(e) => setChosen(e.target.value)}>
            {participants.map((p) => (
              <option key={p.username} value={p.username}>
                {p.firstName} {p.lastName}
              </option>
            ))}
          </select>
        </label>
      )}
      {entries.length === 0 ? (
        <p>
          <Trans>No attendance recorded yet.</Trans>
        </p>
      ) : (
        <>
          <h2>
            <Trans>By year</Trans>
          </h2>
          {byYear
            .sort((a, b) => a.key - b.key)
            .map((g) => (
              <Bar key={g.key} label={`${g.key}.`} tally={g.tally} />
            ))}
          <h2>
            <Trans>By segment</Trans>
          </h2>
          {bySegment.map((g) => (
            <Bar key={g.key} label={g.key} tally={g.tally} />
          ))}
        </>
      )}
    </section>
  )
}
