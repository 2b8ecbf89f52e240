// /urnikPrn and /urnik-print: the timetable for printing, one year per A4 page, no chrome.
// One line per block (dates, study days, people) plus only the days that differ from the default
// hours, so that even the longest year fits its page and reads well in black and white. The
// year choice lives in the URL (`?year=2`), so a link prints the same pages; the controls are
// not printed.
import { useLocation, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { DEFAULT_HOURS, schedule, type StudyDay, type TrainingBlock } from '@lfit/domain/schedule'
import { formatDayRange, formatDayShort } from '../i18n/date-format'
import { segmentName } from './labels'
import { printedYears, printSearchSchema } from './view-model'
import './timetable.css'

export function TimetablePrint() {
  const location = useLocation()
  const navigate = useNavigate()
  const search = printSearchSchema.parse(
    Object.fromEntries(new URLSearchParams(location.searchStr)),
  )
  const allYears = printedYears({})
  const chooseYear = (value: string) =>
    void navigate({
      href: `${location.pathname}${value ? `?year=${value}` : ''}`,
      replace: true,
    })
  return (
    <div className="timetable-print">
      <div className="print-controls">
        <label>
          <Trans>Years to print</Trans>{' '}
          <select
            name="year"
            value={search.year ?? ''}
            onChange={(event) => chooseYear(event.target.value)}
          >
            <option value="">
              <Trans>All years</Trans>
            </option>
            {allYears.map((year) => (
              <option key={year} value={year}>
                <Trans>Year {year}</Trans>
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </button>
      </div>
      {printedYears(search).map((year) => (
        <PrintYear key={year} year={year} />
      ))}
    </div>
  )
}

function PrintYear({ year }: { year: number }) {
  return (
    // On a phone the year's table scrolls inside its section (timetable.css), so the section takes
    // focus for keyboard scrolling and is named by its heading.
    <section
      className="print-year"
      data-testid="print-year"
      tabIndex={0}
      aria-labelledby={`print-year-${year}`}
    >
      <h1 id={`print-year-${year}`}>
        <Trans>Timetable, year {year}</Trans>
      </h1>
      <p className="print-defaults">
        <Trans>
          Hours: first day {DEFAULT_HOURS.firstDay.from}–{DEFAULT_HOURS.firstDay.to}, middle days{' '}
          {DEFAULT_HOURS.middleDay.from}–{DEFAULT_HOURS.middleDay.to}, last day{' '}
          {DEFAULT_HOURS.lastDay.from}–{DEFAULT_HOURS.lastDay.to}, unless listed.
        </Trans>{' '}
        <Trans>Venue</Trans>: {schedule().venue}
      </p>
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
              <Trans>Trainer and assistants</Trans>
            </th>
            <th scope="col">
              <Trans>Exceptions</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {schedule()
            .blocks.filter((b) => b.year === year)
            .map((b) => (
              <PrintBlock key={b.block_id} block={b} />
            ))}
        </tbody>
      </table>
    </section>
  )
}

function PrintBlock({ block: b }: { block: TrainingBlock }) {
  const { t, i18n } = useLingui()
  const special = b.days.filter((d): d is StudyDay => !d.freeDay && d.specialHours)
  const free = b.days.filter((d) => d.freeDay)
  const flags = [b.review && t`review`, b.makeup && t`make-up`].filter(Boolean).join(', ')
  return (
    <tr>
      <td>
        {segmentName(i18n, b)}
        {flags && ` (${flags})`}
      </td>
      <td>{formatDayRange(i18n.locale, b.from, b.to)}</td>
      <td>{b.extraMaterial ? t`none: extra material` : b.numStudyDays}</td>
      <td>{[b.trainer, ...b.assistants, ...b.alsoAssisting].filter(Boolean).join(', ') || '—'}</td>
      <td>
        {[
          ...free.map((d) => t`${formatDayShort(i18n.locale, d.dayStr)} free`),
          ...special.map(
            (d) => `${formatDayShort(i18n.locale, d.dayStr)} ${d.fromHour}–${d.toHour}`,
          ),
        ].join('; ') || '—'}
      </td>
    </tr>
  )
}
