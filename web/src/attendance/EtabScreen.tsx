// /ETAB, the electronic tab: a presence editor marks the day's participants on a studio tablet,
// with or without network. Every tap is written to the device's outbox before it shows.
import { useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { attendanceDay, schedule, type StudyDay } from '@lfit/domain/schedule'
import { attendanceId, type AttendanceMark } from '@lfit/domain/records/attendance'
import { useOffline } from '../offline/context'
import { useAttendanceOfDay, useParticipants } from '../offline/hooks'
import { countMarks, nextTapMark } from './marks'
import { DayPicker } from './DayPicker'
import { EtabHelp } from './EtabHelp'
import { SyncNotices } from '../offline/SyncNotices'
import { NoteField } from './NoteField'
import './attendance.css'

const studyDays = (): StudyDay[] => schedule().days.filter((day): day is StudyDay => !day.freeDay)

export function EtabScreen({ now = Date.now() }: { now?: number }) {
  const { t } = useLingui()
  const { db, edit } = useOffline()
  const days = useMemo(studyDays, [])
  const [dayId, setDayId] = useState(() => attendanceDay(now)?.id ?? '')
  const day = days.find((d) => d.id === dayId)
  const participants = useParticipants(db, day?.year)
  const shown = useAttendanceOfDay(db, dayId)
  const [noteFor, setNoteFor] = useState<string | null>(null)

  if (!day) return null
  const marks = (participants ?? []).map((p) => shown?.get(p.username)?.record.mark ?? null)
  const counts = countMarks(marks)
  const setMark = (username: string, mark: AttendanceMark | null) =>
    edit('attendance', attendanceId(day.id, username), { mark })

  const markLabel: Record<AttendanceMark, string> = {
    present: t`Present`,
    absent: t`Absent`,
    late: t`Late`,
    excused: t`Excused`,
  }

  return (
    <section className="etab" aria-labelledby="etab-title" data-day={day.id}>
      <header className="etab-header">
        <h1 id="etab-title">
          <Trans>Attendance</Trans>
        </h1>
        <DayPicker days={days} value={day.id} onChange={setDayId} />
        <EtabHelp />
      </header>
      <p className="etab-counts" role="status" aria-live="polite">
        <Trans>
          Present: {counts.present} · Absent: {counts.absent} · Late: {counts.late} · Excused:{' '}
          {counts.excused} · Not marked: {counts.unmarked}
        </Trans>
      </p>
      {/* Edits that did not apply as made, right where the editor works, until dismissed. */}
      <SyncNotices db={db} />
      {participants && participants.length === 0 && (
        <p>
          <Trans>No participants of year {day.year} on this device yet. Sync when online.</Trans>
        </p>
      )}
      <ul className="etab-list">
        {(participants ?? []).map((person) => {
          const entry = shown?.get(person.username)
          const mark = entry?.record.mark ?? null
          const name = `${person.firstName} ${person.lastName}`
          return (
            <li
              key={person.username}
              className="etab-row"
              data-participant={person.username}
              data-mark={mark ?? 'none'}
              data-pending={entry?.pending ?? 0}
            >
              <button
                type="button"
                className="etab-person"
                aria-label={t`${name}: ${mark ? markLabel[mark] : t`not marked`}. Tap to change.`}
                onClick={() => void setMark(person.username, nextTapMark(mark))}
              >
                <span className="etab-name">{name}</span>
                <span className="etab-mark">{mark ? markLabel[mark] : '—'}</span>
                {entry && entry.pending > 0 && (
                  <span className="etab-pending" title={t`Waiting to sync`}>
                    ⟳
                  </span>
                )}
              </button>
              <div className="etab-actions">
                {(['late', 'excused'] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    aria-pressed={mark === m}
                    onClick={() => void setMark(person.username, mark === m ? null : m)}
                  >
                    {markLabel[m]}
                  </button>
                ))}
                <button
                  type="button"
                  aria-expanded={noteFor === person.username}
                  onClick={() => setNoteFor(noteFor === person.username ? null : person.username)}
                >
                  <Trans>Note</Trans>
                </button>
              </div>
              {(noteFor === person.username || entry?.record.note) && (
                <NoteField
                  label={t`Note for ${name}`}
                  value={entry?.record.note ?? ''}
                  editing={noteFor === person.username}
                  onSave={async (note) => {
                    await edit('attendance', attendanceId(day.id, person.username), { note })
                    setNoteFor(null)
                  }}
                />
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
