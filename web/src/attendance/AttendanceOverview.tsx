// /prisotnosti: attendance per participant for one programme year.
import { useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { Trans } from '@lingui/react/macro'
import { defaultSelection, schedule, YEARS } from '@lfit/domain/schedule'
import { tally } from '@lfit/domain/attendance/stats'
import { useOffline } from '../offline/context'
import { useParticipants } from '../offline/hooks'
import './attendance.css'

export function AttendanceOverview({ now = Date.now() }: { now?: number }) {
  const { db, user } = useOffline()
  const [year, setYear] = useState(() => defaultSelection(now).year)
  const participants = useParticipants(db, year) ?? []
  const dayIds = new Set(
    schedule()
      .days.filter((d) => d.year === year)
      .map((d) => d.id),
  )
  const records = useLiveQuery(() => db.attendance.toArray(), [db]) ?? []
  if (!user)
    return (
      <p>
        <Trans>Sign in to see attendance.</Trans>
      </p>
    )
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">
        <Trans>Attendance overview</Trans>
      </h1>
      <label>
        <Trans>Year</Trans>{' '}
        <select value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {YEARS.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
      <table className="attendance-grid">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Participant</Trans>
            </th>
            <th scope="col">
              <Trans>Attended</Trans>
            </th>
            <th scope="col">
              <Trans>Absent</Trans>
            </th>
            <th scope="col">
              <Trans>Excused</Trans>
            </th>
            <th scope="col">%</th>
          </tr>
        </thead>
        <tbody>
          {participants.map((p) => {
            const t = tally(
              records
                .filter((r) => r.participant === p.username && dayIds.has(r.dayId))
                .map((r) => r.mark),
            )
            return (
              <tr key={p.username}>
                <th scope="row">
                  {p.firstName} {p.lastName}
                </th>
                <td>{t.attended}</td>
                <td>{t.absent}</td>
                <td>{t.excused}</td>
                <td>{t.percent ?? '—'}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
