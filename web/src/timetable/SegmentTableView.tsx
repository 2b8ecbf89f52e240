import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { formatDay, formatDayRange } from '../i18n/date-format'
import { blockComment, segmentName } from './labels'
import type { DayRow, SegmentTable, TimetableRow } from './view-model'

/**
 * One segment: its blocks with every date, hours, people and flags, and the gaps between; the
 * extra-material period as its dates only. Today and the next training day carry a badge.
 */
export function SegmentTableView({ table, venue }: { table: SegmentTable; venue: string }) {
  const { t, i18n } = useLingui()
  const { listing } = table
  return (
    <section
      className="segment-table"
      aria-label={t`Year ${listing.year}, segment ${listing.segment}`}
    >
      <h2>
        {segmentName(i18n, listing)}{' '}
        <small>
          <Trans>year {listing.year}</Trans>
        </small>
      </h2>
      {table.rows.map((row) => (
        <RowView key={rowKey(row)} row={row} venue={venue} />
      ))}
    </section>
  )
}

const rowKey = (row: TimetableRow) =>
  row.kind === 'gap' ? `gap-${row.gap.from}` : row.block.block_id

function RowView({ row, venue }: { row: TimetableRow; venue: string }) {
  const { i18n } = useLingui()
  if (row.kind === 'gap') {
    const days = row.gap.numCalendarDays
    return (
      <p className="timetable-gap">
        <Trans>
          Free: {formatDayRange(i18n.locale, row.gap.from, row.gap.to)} (
          <Plural value={days} one="# day" other="# days" />)
        </Trans>
      </p>
    )
  }
  const { block } = row
  const period = formatDayRange(i18n.locale, block.from, block.to)
  if (row.kind === 'period') {
    return (
      <p className="timetable-period" data-testid="extra-material-period">
        <Trans>
          <strong>Extra material</strong>, {period}: a period of extra material, with no study days.
        </Trans>
      </p>
    )
  }
  const comment = blockComment(i18n, block)
  const studyDays = block.numStudyDays
  const freeDays = block.numFreeDays
  return (
    <table className="timetable">
      <caption>
        {formatDayRange(i18n.locale, block.from, block.to)} ·{' '}
        <Plural value={studyDays} one="# study day" other="# study days" />
        {freeDays > 0 && (
          <>
            , <Plural value={freeDays} one="# free day" other="# free days" />
          </>
        )}{' '}
        · <Trans>Trainer</Trans>: {block.trainer}
        {block.assistants.length > 0 && (
          <>
            {' '}
            · <Trans>Assistants</Trans>: {block.assistants.join(', ')}
          </>
        )}
        {block.alsoAssisting.length > 0 && (
          <>
            {' '}
            · <Trans>Also assisting</Trans>: {block.alsoAssisting.join(', ')}
          </>
        )}
        {block.venue !== venue && (
          <>
            {' '}
            · <Trans>Venue</Trans>: {block.venue}
          </>
        )}
        {block.review && (
          <span className="flag">
            {' '}
            <Trans>review</Trans>
          </span>
        )}
        {block.makeup && (
          <span className="flag">
            {' '}
            <Trans>make-up</Trans>
          </span>
        )}
        {comment && <span className="timetable-comment"> · {comment}</span>}
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
          <DayRowView key={day.id} day={day} />
        ))}
      </tbody>
    </table>
  )
}

function DayRowView({ day }: { day: DayRow }) {
  const { i18n } = useLingui()
  const className = [day.free && 'free-day', day.today && 'is-today', day.next && 'is-next']
    .filter(Boolean)
    .join(' ')
  return (
    <tr
      className={className || undefined}
      aria-current={day.today ? 'date' : undefined}
      data-day={day.id}
    >
      <td>
        {formatDay(i18n.locale, day.dayStr)}
        {day.today && (
          <span className="day-badge">
            <Trans>Today</Trans>
          </span>
        )}
        {day.next && (
          <span className="day-badge day-badge-next">
            <Trans>Next training day</Trans>
          </span>
        )}
      </td>
      <td>{day.free ? <Trans>free day</Trans> : day.dayInBlock}</td>
      <td className="timetable-hours">
        {day.hours ?? '—'}
        {day.specialHours && (
          <span className="flag">
            {' '}
            <Trans>special hours</Trans>
          </span>
        )}
      </td>
    </tr>
  )
}
