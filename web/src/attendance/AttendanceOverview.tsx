// /prisotnosti: attendance per participant for one programme year. Those who keep or read the
// attendance book see every participant of the year; a participant sees their own summary and
// graph and is told why the others are not there. The figures are the one set every screen shows
// (docs/product-rules.md#attendance-figures), from the one local view, so marks still waiting to
// sync are counted at once.
import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { attendanceDay, defaultSelection, YEARS } from '@lfit/domain/schedule'
import { syncReadScope } from '@lfit/domain/attendance/permissions'
import { yearFigures, type AttendanceFigures } from '@lfit/domain/attendance/figures'
import { useStanding, useStandings } from '../makeups/book/use-makeup-book'
import { useOffline } from '../offline/context'
import { useSession } from '../session/session'
import { useParticipant, useParticipants } from '../offline/hooks'
import { AttendanceReports } from '../reports/AttendanceReports'
import { PersonAttendanceGraph } from './AttendanceGraph'
import './attendance.css'
import './attendance-views.css'

/** The year the attendance book is being kept for: that of the day /ETAB opens on. */
export function currentYear(now: number): number {
  return attendanceDay(now)?.year ?? defaultSelection(now).year
}

function YearSelect({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  return (
    <label className="overview-year">
      <Trans>Year</Trans>{' '}
      <select name="year" value={year} onChange={(e) => onChange(Number(e.target.value))}>
        {YEARS.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    </label>
  )
}

/**
 * Each participant's figures for `year`: the one set (docs/product-rules.md#attendance-figures),
 * from the standings worked out on this device. Undefined until they are: zeros shown meanwhile
 * would be wrong figures.
 */
function useYearFigures(year: number) {
  const standings = useStandings()
  if (standings === undefined) return undefined
  return (participant: string): AttendanceFigures | null =>
    yearFigures(standings.get(participant), year)
}

const loading = (
  <p aria-busy="true">
    <Trans>Loading…</Trans>
  </p>
)

function Everyone({ now }: { now: number }) {
  const { db } = useOffline()
  const [year, setYear] = useState(() => currentYear(now))
  const participants = useParticipants(db, year)
  const figuresOf = useYearFigures(year)
  if (participants === undefined || figuresOf === undefined)
    return (
      <>
        <YearSelect year={year} onChange={setYear} />
        {loading}
      </>
    )
  return (
    <>
      <YearSelect year={year} onChange={setYear} />
      <table className="attendance-grid attendance-overview">
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
            const f = figuresOf(p.username)
            return (
              <tr key={p.username} data-participant={p.username} data-attended={f?.attended ?? 0}>
                <th scope="row">
                  {p.firstName} {p.lastName}
                </th>
                <td>{f?.attended ?? '—'}</td>
                <td>{f?.absent ?? '—'}</td>
                <td>{f?.excused ?? '—'}</td>
                <td>{f?.percent ?? '—'}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {participants.length === 0 && (
        <p>
          <Trans>No participants of year {year} on this device yet.</Trans>
        </p>
      )}
      <AttendanceReports year={year} participants={participants} />
    </>
  )
}

function OwnYear({ username, year }: { username: string; year: number }) {
  const [chosen, setChosen] = useState<number | null>(null)
  const shownYear = chosen ?? year
  const standing = useStanding(username)
  const own = standing && yearFigures(standing, shownYear)
  return (
    <>
      <p className="overview-scope">
        <Trans>
          You see only your own attendance. The attendance of other participants is kept by the
          presence editors.
        </Trans>
      </p>
      <YearSelect year={shownYear} onChange={setChosen} />
      {own === undefined ? (
        loading
      ) : own === null || own.counted === 0 ? (
        <p data-own-summary="empty">
          <Trans>No attendance recorded for year {shownYear} yet.</Trans>
        </p>
      ) : (
        <dl className="own-summary" data-own-summary={own.attended}>
          <div>
            <dt>
              <Trans>Attended</Trans>
            </dt>
            <dd>{own.attended}</dd>
          </div>
          <div>
            <dt>
              <Trans>Absent</Trans>
            </dt>
            <dd>{own.absent}</dd>
          </div>
          <div>
            <dt>
              <Trans>Excused</Trans>
            </dt>
            <dd>{own.excused}</dd>
          </div>
          <div>
            <dt>%</dt>
            <dd>{own.percent ?? '—'}</dd>
          </div>
        </dl>
      )}
      <PersonAttendanceGraph person={username} />
    </>
  )
}

export function AttendanceOverview({ now = Date.now() }: { now?: number }) {
  const { db, user } = useOffline()
  // Their own year: from the session, or from the participant list the device keeps.
  const sessionYear = useSession().user?.year
  const self = useParticipant(db, user?.username ?? '')
  const ownYear = sessionYear ?? (self === undefined ? undefined : (self?.year ?? currentYear(now)))
  if (!user)
    return (
      <p>
        <Trans>Sign in to see attendance.</Trans>
      </p>
    )
  const scope = syncReadScope(user).kind
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">
        {scope === 'own' ? <Trans>My attendance</Trans> : <Trans>Attendance overview</Trans>}
      </h1>
      {scope === 'all' && <Everyone now={now} />}
      {scope === 'own' && ownYear !== undefined && (
        <OwnYear username={user.username} year={ownYear} />
      )}
      {scope === 'none' && (
        <p>
          <Trans>
            Attendance is shown to participants and to those who keep the attendance book.
          </Trans>
        </p>
      )}
    </section>
  )
}
