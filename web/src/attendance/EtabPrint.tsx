// The paper fallback of /ETAB (`?print=day` or `?print=segment` beside the day): the sign-in
// sheet of the day, or the class list of the day's segment, for an A4 page, made from this
// device's own data (participants, marks, recorded absences), so it prints offline too. Built like
// the timetable's print view (web/src/timetable/TimetablePrint.tsx): headings in the screen's
// language, a few controls on screen that are not printed, the choice kept in the address.
// docs/product-rules.md#attendance.
import { useMemo, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { absenceOnDay, dayMark, type DayMark } from '@lfit/domain/attendance/day-mark'
import { ATTENDANCE_MARKS, attendanceId } from '@lfit/domain/records/attendance'
import { schedule, type StudyDay } from '@lfit/domain/schedule'
import { formatDay, formatDayShort } from '../i18n/date-format'
import { useOffline } from '../offline/context'
import type { LocalParticipant } from '../offline/database'
import { useAbsences, useAttendanceOfDays, useParticipants } from '../offline/hooks'
import { segmentName } from '../timetable/labels'
import { etabSearchOf, type EtabPrintKind } from './etab-search'
import { useMarkWords } from './mark-words'
import './etab-print.css'

export function EtabPrint({ day, kind }: { day: StudyDay; kind: EtabPrintKind }) {
  const { db } = useOffline()
  const participants = useParticipants(db, day.year)
  const days = useMemo(
    () =>
      kind === 'day'
        ? [day]
        : schedule().days.filter(
            (d): d is StudyDay => !d.freeDay && d.year === day.year && d.segment === day.segment,
          ),
    [day, kind],
  )
  const dayIds = useMemo(() => days.map((d) => d.id), [days])
  const records = useAttendanceOfDays(db, dayIds)
  const absences = useAbsences(db)
  const absenceRecords = useMemo(() => (absences ?? []).map((shown) => shown.record), [absences])
  const markOf = (username: string, of: StudyDay): DayMark =>
    dayMark(
      records?.get(attendanceId(of.id, username))?.record.mark ?? null,
      absenceOnDay(absenceRecords, username, of.dayStr),
    )
  const ready = participants !== undefined && records !== undefined && absences !== undefined
  return (
    <div className="etab-paper" data-print={kind} data-ready={ready}>
      <div className="print-controls">
        <Link className="btn" to="/ETAB" search={etabSearchOf(day)}>
          <Trans>Back to the sheet</Trans>
        </Link>
        <Link
          className="btn"
          to="/ETAB"
          search={{ ...etabSearchOf(day), print: kind === 'day' ? 'segment' : 'day' }}
          replace
        >
          {kind === 'day' ? (
            <Trans>Class list of the segment</Trans>
          ) : (
            <Trans>Sign-in sheet of the day</Trans>
          )}
        </Link>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </button>
      </div>
      {ready &&
        (kind === 'day' ? (
          <SignInSheet day={day} people={participants} markOf={markOf} />
        ) : (
          <ClassList day={day} days={days} people={participants} markOf={markOf} />
        ))}
    </div>
  )
}

interface SheetProps {
  day: StudyDay
  people: readonly LocalParticipant[]
  markOf: (username: string, day: StudyDay) => DayMark
}

function SheetHeading({ day, title }: { day: StudyDay; title: ReactNode }) {
  const { i18n } = useLingui()
  const segment = segmentName(i18n, { segment: day.segment, extraMaterial: false })
  const year = day.year
  const venue = schedule().venue
  return (
    <header className="etab-paper-heading">
      <h1>{title}</h1>
      <p>
        <Trans>
          Year {year} · {segment} · Venue: {venue}
        </Trans>
      </p>
    </header>
  )
}

function SignInSheet({ day, people, markOf }: SheetProps) {
  const { i18n } = useLingui()
  const { names } = useMarkWords()
  const date = formatDay(i18n.locale, day.dayStr)
  const { fromHour, toHour } = day
  const count = people.length
  return (
    <section className="etab-paper-page" aria-labelledby="etab-paper-title">
      <SheetHeading
        day={day}
        title={
          <span id="etab-paper-title">
            <Trans>
              Sign-in sheet, {date}, {fromHour}–{toHour}
            </Trans>
          </span>
        }
      />
      <table className="etab-paper-table">
        <thead>
          <tr>
            <th scope="col" className="etab-paper-number">
              #
            </th>
            <th scope="col" className="etab-paper-name">
              <Trans>Name</Trans>
            </th>
            <th scope="col" className="etab-paper-year">
              <Trans>Year</Trans>
            </th>
            <th scope="col">
              <Trans>Known so far</Trans>
            </th>
            <th scope="col" className="etab-paper-signature">
              <Trans>Signature</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {people.map((person, index) => {
            const { mark, absence } = markOf(person.username, day)
            return (
              <tr key={person.username} data-participant={person.username}>
                <td className="etab-paper-number">{index + 1}</td>
                <td>
                  {person.firstName} {person.lastName}
                </td>
                <td className="etab-paper-year">{person.year ?? day.year}</td>
                <td>
                  {mark ? names[mark] : ''}
                  {absence?.reason ? ` (${absence.reason})` : ''}
                </td>
                <td className="etab-paper-signature" />
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className="etab-paper-foot">
        <Trans>
          Participants: {count}. Printed from this device’s data; marks made after printing are not
          on it.
        </Trans>
      </p>
    </section>
  )
}

function ClassList({ day, days, people, markOf }: SheetProps & { days: readonly StudyDay[] }) {
  const { i18n } = useLingui()
  const { letters, names } = useMarkWords()
  const segment = segmentName(i18n, { segment: day.segment, extraMaterial: false })
  const count = people.length
  const year = day.year
  const legend = ATTENDANCE_MARKS.map((mark) => `${letters[mark]} ${names[mark]}`).join(', ')
  return (
    <section className="etab-paper-page etab-paper-wide" aria-labelledby="etab-paper-title">
      <SheetHeading
        day={day}
        title={
          <span id="etab-paper-title">
            <Trans>
              Class list, year {year}, {segment}
            </Trans>
          </span>
        }
      />
      <table className="etab-paper-table">
        <thead>
          <tr>
            <th scope="col" className="etab-paper-number">
              #
            </th>
            <th scope="col" className="etab-paper-name">
              <Trans>Name</Trans>
            </th>
            <th scope="col" className="etab-paper-year">
              <Trans>Year</Trans>
            </th>
            {days.map((d) => (
              <th key={d.id} scope="col" className="etab-paper-day">
                {formatDayShort(i18n.locale, d.dayStr)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {people.map((person, index) => (
            <tr key={person.username} data-participant={person.username}>
              <td className="etab-paper-number">{index + 1}</td>
              <td>
                {person.firstName} {person.lastName}
              </td>
              <td className="etab-paper-year">{person.year ?? day.year}</td>
              {days.map((d) => {
                const { mark } = markOf(person.username, d)
                return (
                  <td key={d.id} className="etab-paper-day">
                    {mark ? letters[mark] : ''}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="etab-paper-foot">
        <Trans>
          Participants: {count}. Marks known so far: {legend}. An empty box is for the signature.
        </Trans>
      </p>
    </section>
  )
}
