// The reports under /prisotnosti's table (docs/product-rules.md#reports): the attendance matrix
// of the year, or of one of its segments, and the standing per person, exported as CSV or XLSX.
// Shown only to those who see every participant's attendance: the rows are the participants the
// overview lists, the marks and absences come from the one local view (edits still queued
// included) and the figures and standings from the make-up book the server gave this user.
import { useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { absenceOnDay, dayMark } from '@lfit/domain/attendance/day-mark'
import { yearFigures } from '@lfit/domain/attendance/figures'
import { attendanceMatrix, matrixDays, matrixSegments } from '@lfit/domain/reports/matrix'
import { schedule } from '@lfit/domain/schedule'
import { standingRows } from '@lfit/domain/reports/standing'
import { attendanceId } from '@lfit/domain/records/attendance'
import { useMarkWords } from '../attendance/mark-words'
import { ExportButtons } from '../export/ExportButtons'
import { useStandings } from '../makeups/book/use-makeup-book'
import { useOffline } from '../offline/context'
import { useAbsences, useAttendanceOfDays } from '../offline/hooks'
import { matrixTable, standingTable } from './report-tables'
import './reports.css'

export interface ReportPerson {
  username: string
  firstName: string
  lastName: string
}

export function AttendanceReports({
  year,
  participants,
}: {
  year: number
  /** As the overview lists them. */
  participants: readonly ReportPerson[]
}) {
  const { t, i18n } = useLingui()
  const { db } = useOffline()
  const words = useMarkWords()
  const [chosen, setChosen] = useState<{ year: number; segment: number | null }>({
    year,
    segment: null,
  })
  // A segment chosen for another year means the whole of this one.
  const segment = chosen.year === year ? chosen.segment : null
  const calendar = schedule()
  const days = useMemo(() => matrixDays(year, segment, calendar), [year, segment, calendar])
  const marks = useAttendanceOfDays(
    db,
    days.map((d) => d.id),
  )
  const absences = useAbsences(db)
  const standings = useStandings()
  const people = participants.map((p) => ({
    username: p.username,
    name: `${p.firstName} ${p.lastName}`,
  }))
  const dayStrOf = new Map(days.map((day) => [day.id, day.dayStr]))
  // Each cell as the book shows the day (a recorded mark, else an absence reported for it), each
  // person's totals the one set of figures (docs/product-rules.md#attendance-figures).
  const matrix =
    marks &&
    absences &&
    standings &&
    attendanceMatrix(
      days,
      people,
      (dayId, participant) =>
        dayMark(
          marks.get(attendanceId(dayId, participant))?.record.mark ?? null,
          absenceOnDay(
            absences.map(({ record }) => record),
            participant,
            dayStrOf.get(dayId) ?? '',
          ),
        ).mark,
      (participant) => yearFigures(standings.get(participant), year, segment),
    )
  const part = segment === null ? t`year ${year}` : t`year ${year}, segment ${segment}`
  return (
    <section className="attendance-reports" aria-labelledby="reports-title">
      <h2 id="reports-title">
        <Trans>Reports</Trans>
      </h2>
      <div className="report" data-report="matrix">
        <h3>
          <Trans>Attendance matrix</Trans>
        </h3>
        <p>
          <Trans>
            Every participant by every study day, with the marks as letters and the totals per
            person and per day.
          </Trans>
        </p>
        <label className="report-segment">
          <Trans>Segment</Trans>{' '}
          <select
            name="report-segment"
            value={segment ?? ''}
            onChange={(event) =>
              setChosen({
                year,
                segment: event.target.value === '' ? null : Number(event.target.value),
              })
            }
          >
            <option value="">
              <Trans>The whole year</Trans>
            </option>
            {matrixSegments(year).map((s) => (
              <option key={s} value={s}>
                {t`Segment ${s}`}
              </option>
            ))}
          </select>
        </label>
        {matrix === undefined ? (
          <p aria-busy="true">
            <Trans>Loading…</Trans>
          </p>
        ) : (
          <ExportButtons
            table={matrixTable(i18n, matrix, words)}
            screen={`prisotnost-${year}${segment === null ? '' : `-${segment}`}`}
            title={`${t`Attendance`} ${part}`}
          />
        )}
      </div>
      <div className="report" data-report="standing">
        <h3>
          <Trans>Standing per person</Trans>
        </h3>
        <p>
          <Trans>
            Missed, made-up and still to make up days of each participant against the limits, for
            year {year} and the whole programme.
          </Trans>
        </p>
        {standings === undefined ? (
          <p aria-busy="true">
            <Trans>Loading…</Trans>
          </p>
        ) : (
          <ExportButtons
            table={standingTable(
              i18n,
              standingRows(year, people, (username) => standings.get(username)),
            )}
            screen={`stanje-${year}`}
            title={`${t`Standing`} ${t`year ${year}`}`}
          />
        )}
      </div>
    </section>
  )
}
