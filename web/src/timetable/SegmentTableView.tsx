import { Trans, useLingui } from '@lingui/react/macro'
import { formatDay, formatDayRange } from '../i18n/date-format'
import type { SegmentTable } from './view-model'

/** One segment: its blocks with every date, hours, people and flags, and the gaps between. */
export function SegmentTableView({ table }: { table: SegmentTable }) {
  const { t, i18n } = useLingui()
  const range = (from: string, to: string) => formatDayRange(i18n.locale, from, to)
  const { listing } = table
  return (
    <section
      className="segment-table"
      aria-label={t`Year ${listing.year}, segment ${listing.segment}`}
    >
      <h2>
        {listing.headerName || t`Segment ${listing.segment}`}{' '}
        <small>
          <Trans>year {listing.year}</Trans>
        </small>
      </h2>
      {table.rows.map((row) =>
        row.kind === 'gap' ? (
          <p key={`gap-${row.gap.from}`} className="timetable-gap">
            <Trans>
              Free: {range(row.gap.from, row.gap.to)} ({row.gap.numCalendarDays} days)
            </Trans>
          </p>
        ) : (
          <table key={row.block.block_id} className="timetable">
            <caption>
              {range(row.block.from, row.block.to)} · <Trans>Trainer</Trans>: {row.block.trainer}
              {row.block.assistants.length > 0 && (
                <>
                  {' '}
                  · <Trans>Assistants</Trans>: {row.block.assistants.join(', ')}
                </>
              )}
              {row.block.alsoAssisting.length > 0 && (
                <>
                  {' '}
                  · <Trans>Also assisting</Trans>: {row.block.alsoAssisting.join(', ')}
                </>
              )}
              {row.block.review && (
                <span className="flag">
                  {' '}
                  <Trans>review</Trans>
                </span>
              )}
              {row.block.makeup && (
                <span className="flag">
                  {' '}
                  <Trans>make-up</Trans>
                </span>
              )}
              {row.block.comment && (
                <span className="timetable-comment"> · {row.block.comment}</span>
              )}
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>Day</Trans>
                </th>
                <th scope="col">
                  <Trans>Hours</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {row.days.map((day) => (
                <tr key={day.id} className={day.free ? 'free-day' : undefined}>
                  <td>{formatDay(i18n.locale, day.dayStr)}</td>
                  <td>{day.free ? <Trans>free day</Trans> : day.dayInBlock}</td>
                  <td>
                    {day.hours ?? '—'}
                    {day.specialHours && (
                      <span className="flag">
                        {' '}
                        <Trans>special hours</Trans>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ),
      )}
    </section>
  )
}
