// /ETAB, the electronic tab: a presence editor marks the day's participants on a studio tablet,
// with or without network. Every tap is written to the device's outbox before it shows.
import { memo, useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { attendanceDay, schedule, type StudyDay } from '@lfit/domain/schedule'
import { attendanceId, type AttendanceMark } from '@lfit/domain/records/attendance'
import { useOffline, type Offline } from '../offline/context'
import type { LocalParticipant } from '../offline/database'
import { useAttendanceOfDay, useParticipants } from '../offline/hooks'
import { countMarks, nextTapMark } from './marks'
import { DayPicker } from './DayPicker'
import { EtabHelp } from './EtabHelp'
import { SyncNotices } from '../offline/SyncNotices'
import { NoteField } from './NoteField'
import './attendance.css'

const studyDays = (): StudyDay[] => schedule().days.filter((day): day is StudyDay => !day.freeDay)

interface RowProps {
  dayId: string
  person: LocalParticipant
  mark: AttendanceMark | null
  note: string
  pending: number
  editingNote: boolean
  setNoteFor: (username: string | null) => void
  edit: Offline['edit']
}

/**
 * One participant's row. Memoized on plain values: a tap re-renders the row it changed, not the
 * whole list (what a tap costs on a slow tablet).
 */
const EtabRow = memo(function EtabRow({
  dayId,
  person,
  mark,
  note,
  pending,
  editingNote,
  setNoteFor,
  edit,
}: RowProps) {
  const { t } = useLingui()
  const recordId = attendanceId(dayId, person.username)
  const setMark = (next: AttendanceMark | null) => edit('attendance', recordId, { mark: next })
  const markLabel: Record<AttendanceMark, string> = {
    present: t`Present`,
    absent: t`Absent`,
    late: t`Late`,
    excused: t`Excused`,
  }
  const name = `${person.firstName} ${person.lastName}`
  return (
    <li
      className="etab-row"
      data-participant={person.username}
      data-mark={mark ?? 'none'}
      data-pending={pending}
    >
      <button
        type="button"
        className="etab-person"
        aria-label={t`${name}: ${mark ? markLabel[mark] : t`not marked`}. Tap to change.`}
        onClick={() => void setMark(nextTapMark(mark))}
      >
        <span className="etab-name">{name}</span>
        <span className="etab-mark">{mark ? markLabel[mark] : '—'}</span>
        {pending > 0 && (
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
            onClick={() => void setMark(mark === m ? null : m)}
          >
            {markLabel[m]}
          </button>
        ))}
        <button
          type="button"
          aria-expanded={editingNote}
          onClick={() => setNoteFor(editingNote ? null : person.username)}
        >
          <Trans>Note</Trans>
        </button>
      </div>
      {(editingNote || note) && (
        <NoteField
          label={t`Note for ${name}`}
          value={note}
          editing={editingNote}
          onSave={async (text) => {
            await edit('attendance', recordId, { note: text })
            setNoteFor(null)
          }}
        />
      )}
    </li>
  )
})

export function EtabScreen({ now = Date.now() }: { now?: number }) {
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
          return (
            <EtabRow
              key={person.username}
              dayId={day.id}
              person={person}
              mark={entry?.record.mark ?? null}
              note={entry?.record.note ?? ''}
              pending={entry?.pending ?? 0}
              editingNote={noteFor === person.username}
              setNoteFor={setNoteFor}
              edit={edit}
            />
          )
        })}
      </ul>
    </section>
  )
}
