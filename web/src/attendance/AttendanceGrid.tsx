// /prisotnost: participants × study days of one block. Cells are buttons in a roving grid:
// arrow keys move, P/A/L/E set a mark, Delete or Backspace clears, so a whole block can be
// entered from the keyboard.
import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { defaultSelection, schedule, type StudyDay } from '@lfit/domain/schedule'
import { attendanceId, type AttendanceMark } from '@lfit/domain/records/attendance'
import { tally } from '@lfit/domain/attendance/stats'
import { formatDay, formatDayShort } from '../i18n/date-format'
import { useOffline } from '../offline/context'
import { useAttendanceOfDays, useParticipants } from '../offline/hooks'
import { SegmentPicker, defaultBlockChoice, type BlockChoice } from './SegmentPicker'
import './attendance.css'

const KEY_MARKS: Record<string, AttendanceMark | null> = {
  p: 'present',
  a: 'absent',
  l: 'late',
  e: 'excused',
  Delete: null,
  Backspace: null,
}
const SHORT: Record<AttendanceMark, string> = { present: 'P', absent: 'A', late: 'L', excused: 'E' }

export function AttendanceGrid({ now = Date.now() }: { now?: number }) {
  const { t, i18n } = useLingui()
  const { db, edit } = useOffline()
  const [choice, setChoice] = useState<BlockChoice>(() =>
    defaultBlockChoice(defaultSelection(now), now),
  )
  const days = useMemo(
    () =>
      (schedule().blockById.get(choice.blockId)?.days ?? []).filter(
        (d): d is StudyDay => !d.freeDay,
      ),
    [choice.blockId],
  )
  const dayIds = useMemo(() => days.map((d) => d.id), [days])
  const participants = useParticipants(db, choice.year) ?? []
  const shown = useAttendanceOfDays(db, dayIds)
  const [focus, setFocus] = useState<[number, number]>([0, 0])
  const table = useRef<HTMLTableElement>(null)

  const markOf = (username: string, dayId: string) =>
    shown?.get(attendanceId(dayId, username))?.record.mark ?? null
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
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
    if (key in KEY_MARKS) {
      event.preventDefault()
      void edit('attendance', attendanceId(dayId, username), { mark: KEY_MARKS[key] ?? null })
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
      <p className="grid-help">
        <Trans>
          Arrow keys move between cells; P, A, L, E mark present, absent, late, excused; Delete
          clears.
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
              const marks = days.map((d) => markOf(person.username, d.id))
              const personTally = tally(marks)
              return (
                <tr key={person.username}>
                  <th scope="row">
                    {person.firstName} {person.lastName}
                  </th>
                  {days.map((d, col) => {
                    const mark = marks[col] ?? null
                    return (
                      <td key={d.id}>
                        <button
                          type="button"
                          data-cell={`${row}-${col}`}
                          data-participant={person.username}
                          data-day={d.id}
                          data-mark={mark ?? 'none'}
                          tabIndex={focus[0] === row && focus[1] === col ? 0 : -1}
                          aria-label={t`${person.firstName} ${person.lastName}, ${formatDay(i18n.locale, d.dayStr)}: ${mark ?? '—'}`}
                          onFocus={() => setFocus([row, col])}
                          onKeyDown={(e) => onKey(e, row, col, person.username, d.id)}
                          onClick={() =>
                            void edit('attendance', attendanceId(d.id, person.username), {
                              mark: cycle(mark),
                            })
                          }
                        >
                          {mark ? SHORT[mark] : '·'}
                        </button>
                      </td>
                    )
                  })}
                  <td>{personTally.percent ?? '—'}</td>
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
                      ['present', 'late'].includes(markOf(p.username, d.id) ?? ''),
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
