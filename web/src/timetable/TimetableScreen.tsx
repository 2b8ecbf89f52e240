// /urnik: the timetable. The choice of year, segment and view lives in the URL so a link can be
// shared; everything comes from the schedule built into the app, so it works offline.
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { studyDayEvents, type StudyDaySummary } from '@lfit/domain/calendar/study-days'
import { downloadCalendar } from './calendar-export'
import { formatDay } from '../i18n/date-format'
import { segmentName } from './labels'
import { NextDaySummary } from './NextDaySummary'
import { OverviewTable } from './OverviewTable'
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
  // Calendar events are titled in the reader's language, like the timetable.
  const summary: StudyDaySummary = (day, block) =>
    `LFIT ${segmentName(i18n, block)}, ${t`day ${day.dayInBlock}`}`
  return (
    <section className="timetable-screen" aria-labelledby="timetable-title">
      <h1 id="timetable-title">
        <Trans>Timetable</Trans>
      </h1>
      <p className="timetable-venue" data-testid="timetable-venue">
        <Trans>Venue</Trans>: {view.venue}{' '}
        <Link to="/lokacija">
          <Trans>How to get there</Trans>
        </Link>
      </p>
      {view.view !== 'next' && (
        <NextDaySummary
          day={view.nextDay}
          venue={view.nextDayVenue}
          shown={view.nextDayShown}
          onShow={(day) => onSearch({ year: day.year, segment: day.segment, view: 'segment' })}
        />
      )}
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
                {segmentName(i18n, s)}
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
            downloadCalendar('lfit-timetable.ics', t`LFIT timetable`, studyDayEvents({ summary }))
          }
        >
          <Trans>Add the whole programme to your calendar (.ics)</Trans>
        </button>{' '}
        <button
          type="button"
          onClick={() =>
            downloadCalendar(
              `lfit-timetable-year-${view.year}.ics`,
              t`LFIT timetable – year ${view.year}`,
              studyDayEvents({ year: view.year, summary }),
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
              {view.nextDayVenue && <p className="next-day-venue">{view.nextDayVenue}</p>}
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
        <OverviewTable tables={view.tables} />
      ) : (
        view.tables.map((table) => (
          <SegmentTableView
            key={`${table.listing.year}-${table.listing.segment}`}
            table={table}
            venue={view.venue}
          />
        ))
      )}
    </section>
  )
}
