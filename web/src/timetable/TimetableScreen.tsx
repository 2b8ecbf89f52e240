// /urnik: the timetable. The choice of year, segment and view lives in the URL so a link can be
// shared; everything comes from the schedule built into the app, so it works offline.
import { Trans, useLingui } from '@lingui/react/macro'
import { formatDay, formatDayRange } from '../i18n/date-format'
import { downloadCalendar, studyDayEvents } from './calendar-export'
import { SegmentTableView } from './SegmentTableView'
import { timetable, TIMETABLE_VIEWS, type TimetableSearch, type TimetableView } from './view-model'
import './timetable.css'

export function TimetableScreen({
  search,
  onSearch,
  now = Date.now(),
}: {
  search: TimetableSearch
  onSearch: (next: TimetableSearch) => void
  now?: number
}) {
  const { t, i18n } = useLingui()
  const view = timetable(now, search)
  const viewLabel: Record<TimetableView, string> = {
    segment: t`Segment`,
    year: t`Year`,
    header: t`Overview`,
    next: t`Next day`,
  }
  const labels = { segment: t`Segment`, day: t`day` }
  return (
    <section className="timetable-screen" aria-labelledby="timetable-title">
      <h1 id="timetable-title">
        <Trans>Timetable</Trans>
      </h1>
      <div className="timetable-controls">
        <label>
          <Trans>Year</Trans>{' '}
          <select
            value={view.year}
            onChange={(e) =>
              onSearch({ ...search, year: Number(e.target.value), segment: undefined })
            }
          >
            {view.years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label>
          <Trans>Segment</Trans>{' '}
          <select
            value={view.segment}
            onChange={(e) =>
              onSearch({ ...search, year: view.year, segment: Number(e.target.value) })
            }
          >
            {view.segments.map((s) => (
              <option key={`${s.year}-${s.segment}`} value={s.segment}>
                {s.segment}
                {s.headerName ? ` · ${s.headerName}` : ''}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label={t`View`} className="timetable-views">
          {TIMETABLE_VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view.view === v}
              onClick={() => onSearch({ ...search, view: v })}
            >
              {viewLabel[v]}
            </button>
          ))}
        </div>
      </div>
      <p className="timetable-export">
        <button
          type="button"
          onClick={() =>
            downloadCalendar(
              'lfit-timetable.ics',
              t`LFIT timetable`,
              studyDayEvents(undefined, labels),
            )
          }
        >
          <Trans>Add the whole programme to your calendar (.ics)</Trans>
        </button>{' '}
        <button
          type="button"
          onClick={() =>
            downloadCalendar(
              `lfit-timetable-year-${view.year}.ics`,
              t`LFIT timetable, year ${view.year}`,
              studyDayEvents(view.year, labels),
            )
          }
        >
          <Trans>Add year {view.year} to your calendar (.ics)</Trans>
        </button>
      </p>
      {view.view === 'next' ? (
        <div className="next-day" data-testid="next-day">
          {view.nextDay ? (
            <>
              <h2>
                <Trans>Next training day</Trans>
              </h2>
              <p className="next-day-date">{formatDay(i18n.locale, view.nextDay.dayStr)}</p>
              <p className="next-day-hours">
                {view.nextDay.fromHour}–{view.nextDay.toHour}
              </p>
              <p>
                <Trans>
                  Year {view.nextDay.year}, segment {view.nextDay.segment}, day{' '}
                  {view.nextDay.dayInBlock}
                </Trans>
              </p>
            </>
          ) : (
            <p>
              <Trans>There are no more training days in the timetable.</Trans>
            </p>
          )}
        </div>
      ) : view.view === 'header' ? (
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
            {view.tables.flatMap((table) =>
              table.listing.blocks.map((b) => (
                <tr key={b.block_id}>
                  <td>{b.segment}</td>
                  <td>{formatDayRange(i18n.locale, b.from, b.to)}</td>
                  <td>{b.numStudyDays}</td>
                  <td>{b.trainer}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      ) : (
        view.tables.map((table) => (
          <SegmentTableView key={`${table.listing.year}-${table.listing.segment}`} table={table} />
        ))
      )}
    </section>
  )
}
