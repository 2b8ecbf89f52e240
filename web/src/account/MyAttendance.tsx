// The person's attendance per programme year on /mojRacun: the one set of figures every screen
// shows (docs/product-rules.md#attendance-figures), from the device's one local view (marks still
// waiting to sync count at once). The bars per segment are on /prisotnosti.
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { yearFigures } from '@lfit/domain/attendance/figures'
import { useStanding } from '../makeups/book/use-makeup-book'

export function MyAttendance({ username }: { username: string }) {
  const { t } = useLingui()
  const standing = useStanding(username)
  if (standing === undefined) return <p aria-busy="true">{t`Loading…`}</p>
  const byYear = standing.years
    .flatMap((year) => {
      const figures = yearFigures(standing, year.year)
      return figures && figures.counted > 0 ? [{ key: year.year, figures }] : []
    })
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
            {byYear.map(({ key, figures }) => (
              <tr key={key} data-year={key}>
                <th scope="row">{key}</th>
                <td>{figures.attended}</td>
                <td>{figures.absent}</td>
                <td>{figures.excused}</td>
                <td>{figures.percent ?? '—'}</td>
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
