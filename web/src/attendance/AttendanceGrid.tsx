// /prisotnost: participants × study days of one block. Cells are buttons in a roving grid:
// arrow keys move, a mark's letter sets it, Delete or Backspace clears, so a whole block can be
// entered from the keyboard. The letters are the language's own (a legend says which is which),
// and the keys follow them.
import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { defaultSelection, schedule, type StudyDay } from '@lfit/domain/schedule'
import {
  ATTENDANCE_MARKS,
  attendanceId,
  type AttendanceMark,
} from '@lfit/domain/records/attendance'
import { figuresOfDays } from '@lfit/domain/attendance/figures'
import { absenceOnDay, dayMark, type DayMark } from '@lfit/domain/attendance/day-mark'
import { formatDay, formatDayShort } from '../i18n/date-format'
import { useOffline } from '../offline/context'
import { useAbsences, useAttendanceOfDays, useParticipants } from '../offline/hooks'
import { useMarkWords } from './mark-words'
import { useStandings } from '../makeups/book/use-makeup-book'
import { SegmentPicker, defaultBlockChoice, type BlockChoice } from './SegmentPicker'
import './attendance.css'
import './attendance-views.css'

const CLEAR_KEYS = ['Delete', 'Backspace']

/** The mark a key sets: a mark's letter (any case), or null for a clearing key. */
function markOfKey(
  key: string,
  letters: Record<AttendanceMark, string>,
): AttendanceMark | null | undefined {
  if (CLEAR_KEYS.includes(key)) return null
  return ATTENDANCE_MARKS.find((mark) => letters[mark].toLowerCase() === key.toLowerCase())
}

export function AttendanceGrid({ now = Date.now() }: { now?: number }) {
  const { t, i18n } = useLingui()
  const { names, letters } = useMarkWords()
  const { db, edit } = useOffline()
  const [choice, setChoice] = useState<BlockChoice>(() =>
    defaultBlockChoice(defaultSelection(now), now),
  )
  const calendar = schedule()
  const days = useMemo(
    () =>
      (calendar.blockById.get(choice.blockId)?.days ?? []).filter((d): d is StudyDay => !d.freeDay),
    [calendar, choice.blockId],
  )
  const dayIds = useMemo(() => days.map((d) => d.id), [days])
  const blockDays = useMemo(() => new Set(dayIds), [dayIds])
  // The % column is the one set of figures over the block's days
  // (docs/product-rules.md#attendance-figures).
  const standings = useStandings()
  const participants = useParticipants(db, choice.year) ?? []
  const shown = useAttendanceOfDays(db, dayIds)
  const absences = useAbsences(db)
  const absenceRecords = useMemo(() => (absences ?? []).map((a) => a.record), [absences])
  const [focus, setFocus] = useState<[number, number]>([0, 0])
  const table = useRef<HTMLTableElement>(null)

  const recordedMark = (username: string, dayId: string) =>
    shown?.get(attendanceId(dayId, username))?.record.mark ?? null
  // A day with an absence recorded and no mark shows the absence (docs/product-rules.md#attendance).
  const markOf = (username: string, day: StudyDay): DayMark =>
    dayMark(recordedMark(username, day.id), absenceOnDay(absenceRecords, username, day.dayStr))
  const move = (row: number, col: number) => {
    const r = Math.max(0, Math.min(participants.length - 1, row))
    const c = Math.max(0, Math.min(days.length - 1, col))
    setFocus([r, c])
    table.current?.querySelector<HTMLButtonElement>(`[data-cell="${r}-${c}"]`)?.focus()
  }
  const onKey = (
    event: KeyboardEvent,
    row: number,
    col: number,
    username: string,
    dayId: string,
  ) => {
    const arrows: Record<string, [number, number]> = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
    }
    const target = arrows[event.key]
    if (target) {
      event.preventDefault()
      move(...target)
      return
    }
    const mark = markOfKey(event.key, letters)
    if (mark !== undefined) {
      event.preventDefault()
      void edit('attendance', attendanceId(dayId, username), { mark })
    }
  }
  const cycle = (mark: AttendanceMark | null): AttendanceMark | null =>
    mark === null
      ? 'present'
      : mark === 'present'
        ? 'absent'
        : mark === 'absent'
          ? 'late'
          : mark === 'late'
            ? 'excused'
            : null

  return (
    <section aria-labelledby="grid-title">
      <h1 id="grid-title">
        <Trans>Attendance by block</Trans>
      </h1>
      <SegmentPicker value={choice} onChange={setChoice} />
      <ul className="grid-legend" aria-label={t`Legend`}>
        {ATTENDANCE_MARKS.map((mark) => (
          <li key={mark} data-mark={mark}>
            <abbr title={names[mark]}>{letters[mark]}</abbr> {names[mark]}
          </li>
        ))}
        <li>
          <abbr title={t`Not marked`}>·</abbr> <Trans>Not marked</Trans>
        </li>
      </ul>
      <p className="grid-help">
        <Trans>
          Arrow keys move between cells; a mark's letter sets it; Delete clears. A tap moves a cell
          to the next mark.
        </Trans>
      </p>
      <div className="grid-scroll">
        <table ref={table} className="attendance-grid" role="grid">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Participant</Trans>
              </th>
              {days.map((d) => (
                <th key={d.id} scope="col">
                  {formatDayShort(i18n.locale, d.dayStr)}
                </th>
              ))}
              <th scope="col">%</th>
            </tr>
          </thead>
          <tbody>
            {participants.map((person, row) => {
              const marks = days.map((d) => markOf(person.username, d))
              const figures = figuresOfDays(standings?.get(person.username), choice.year, blockDays)
              return (
                <tr key={person.username}>
                  <th scope="row">
                    {person.firstName} {person.lastName}
                  </th>
                  {days.map((d, col) => {
                    const shownMark = marks[col]
                    const mark = shownMark?.mark ?? null
                    const reason = shownMark?.absence
                      ? shownMark.absence.reason || t`absence recorded`
                      : null
                    const name = `${person.firstName} ${person.lastName}`
                    const markName = mark ? names[mark] : t`Not marked`
                    return (
                      <td key={d.id}>
                        <button
                          type="button"
                          data-cell={`${row}-${col}`}
                          data-participant={person.username}
                          data-day={d.id}
                          data-mark={mark ?? 'none'}
                          data-from-absence={shownMark?.fromAbsence ?? false}
                          title={reason ?? undefined}
                          tabIndex={focus[0] === row && focus[1] === col ? 0 : -1}
                          aria-label={
                            reason
                              ? t`${name}, ${formatDay(i18n.locale, d.dayStr)}: ${markName} (${reason})`
                              : t`${name}, ${formatDay(i18n.locale, d.dayStr)}: ${markName}`
                          }
                          onFocus={() => setFocus([row, col])}
                          onKeyDown={(e) => onKey(e, row, col, person.username, d.id)}
                          onClick={() =>
                            void edit('attendance', attendanceId(d.id, person.username), {
                              mark: cycle(recordedMark(person.username, d.id)),
                            })
                          }
                        >
                          {mark ? letters[mark] : '·'}
                        </button>
                      </td>
                    )
                  })}
                  <td>{figures?.percent ?? '—'}</td>
                </tr>
              )
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">
                <Trans>Present per day</Trans>
              </th>
              {days.map((d) => (
                <td key={d.id}>
                  {
                    participants.filter((p) =>
                      ['present', 'late'].includes(markOf(p.username, d).mark ?? ''),
                    ).length
                  }
                </td>
              ))}
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  )
}
