// The person's attendance per programme year on /mojRacun, from the device's one local view
// (marks still waiting to sync count at once), tallied by the same rule as /prisotnosti
// (attendance/stats.ts). The bars per segment are on /prisotnosti.
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { tallyBy } from '@lfit/domain/attendance/stats'
import { schedule } from '@lfit/domain/schedule'
import { useOffline } from '../offline/context'
import { useAttendanceOfParticipant } from '../offline/hooks'

export function MyAttendance({ username }: { username: string }) {
  const { t } = useLingui()
  const { db } = useOffline()
  const shown = useAttendanceOfParticipant(db, username)
  if (shown === undefined) return <p aria-busy="true">{t`Loading…`}</p>
  const days = schedule().dayById
  const byYear = tallyBy(
    shown.flatMap(({ record }) => {
      const day = days.get(record.dayId)
      return day ? [{ key: day.year, mark: record.mark }] : []
    }),
  )
    .filter((group) => group.tally.marked > 0)
    .sort((a, b) => b.key - a.key)
  return (
    <>
      {byYear.length === 0 ? (
        <p data-own-summary="empty">
          <Trans>No attendance recorded yet.</Trans>
        </p>
      ) : (
        <table className="account-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Year</Trans>
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
            {byYear.map(({ key, tally }) => (
              <tr key={key} data-year={key}>
                <th scope="row">{key}</th>
                <td>{tally.attended}</td>
                <td>{tally.absent}</td>
                <td>{tally.excused}</td>
                <td>{tally.percent ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <Link to="/prisotnosti" className="btn btn-text">
          <Trans>My attendance in detail</Trans>
        </Link>
      </p>
    </>
  )
}
