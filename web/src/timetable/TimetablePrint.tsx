// /urnikPrn and /urnik-print: the whole timetable for printing, one year per A4 page, no chrome.
// One line per block (dates, study days, people) plus only the days that differ from the default
// hours, so that even the longest year fits its page and reads well in black and white.
import { Trans, useLingui } from '@lingui/react/macro'
import { DEFAULT_HOURS, schedule, type StudyDay } from '@lfit/domain/schedule'
import { formatDay, formatDayRange } from '../i18n/date-format'
import './timetable.css'

export function TimetablePrint() {
  const { t, i18n } = useLingui()
  const { blocks } = schedule()
  const years = [...new Set(blocks.map((b) => b.year))]
  return (
    <main className="timetable-print">
      {years.map((year) => (
        <section key={year} className="print-year" data-testid="print-year">
          <h1>
            <Trans>Timetable, year {year}</Trans>
          </h1>
          <p className="print-defaults">
            <Trans>
              Hours: first day {DEFAULT_HOURS.firstDay.from}–{DEFAULT_HOURS.firstDay.to}, middle
              days {DEFAULT_HOURS.middleDay.from}–{DEFAULT_HOURS.middleDay.to}, last day{' '}
              {DEFAULT_HOURS.lastDay.from}–{DEFAULT_HOURS.lastDay.to}, unless listed.
            </Trans>
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
              {blocks
                .filter((b) => b.year === year)
                .map((b) => {
                  const special = b.days.filter((d): d is StudyDay => !d.freeDay && d.specialHours)
                  const free = b.days.filter((d) => d.freeDay)
                  const flags = [b.review && t`review`, b.makeup && t`make-up`]
                    .filter(Boolean)
                    .join(', ')
                  return (
                    <tr key={b.block_id}>
                      <td>
                        {b.headerName || b.segment}
                        {flags && ` (${flags})`}
                      </td>
                      <td>{formatDayRange(i18n.locale, b.from, b.to)}</td>
                      <td>{b.numStudyDays}</td>
                      <td>
                        {[b.trainer, ...b.assistants, ...b.alsoAssisting]
                          .filter(Boolean)
                          .join(', ')}
                      </td>
                      <td>
                        {[
                          ...free.map((d) => t`${formatDay(i18n.locale, d.dayStr)} free`),
                          ...special.map(
                            (d) => `${formatDay(i18n.locale, d.dayStr)} ${d.fromHour}–${d.toHour}`,
                          ),
                        ].join('; ') || '—'}
                      </td>
                    </tr>
                  )
                })}
            </tbody>
          </table>
        </section>
      ))}
    </main>
  )
}
