import { Trans, useLingui } from '@lingui/react/macro'
import { formatDayRange } from '../i18n/date-format'
import { segmentName } from './labels'
import type { SegmentTable } from './view-model'

/** One line per block of the listed segments; the extra-material period has no study days. */
export function OverviewTable({ tables }: { tables: SegmentTable[] }) {
  const { t, i18n } = useLingui()
  return (
    <table className="timetable">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Segment</Trans>
          </th>
          <th scope="col">
            <Trans>Dates</Trans>
          </th>
          <th scope="col">
            <Trans>Study days</Trans>
          </th>
          <th scope="col">
            <Trans>Trainer</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {tables.flatMap(({ listing }) =>
          listing.blocks.map((b) => (
            <tr key={b.block_id}>
              <td>{segmentName(i18n, listing)}</td>
              <td>{formatDayRange(i18n.locale, b.from, b.to)}</td>
              <td>
                {b.extraMaterial ? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">{t`no study days`}</span>
                  </>
                ) : (
                  b.numStudyDays
                )}
              </td>
              <td>{b.trainer || '—'}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  )
}
