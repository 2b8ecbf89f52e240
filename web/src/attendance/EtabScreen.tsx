// /ETAB, the electronic tab: a presence editor marks the day's participants on a studio tablet,
// with or without network. Every tap is written to the device's outbox before it shows.
import { memo, useCallback, useEffect, useMemo, useState } from 'react'
import { mergeEdits, type FieldEdit } from '@lfit/domain/attendance/merge'
import { Trans, useLingui } from '@lingui/react/macro'
import { attendanceDay, schedule, type StudyDay } from '@lfit/domain/schedule'
import {
  attendanceId,
  emptyAttendance,
  type AttendanceMark,
  type AttendanceRecord,
} from '@lfit/domain/records/attendance'
import { useOffline } from '../offline/context'
import type { LocalParticipant } from '../offline/database'
import type { Shown } from '../offline/local-view'
import { useAttendanceOfDay, useParticipants } from '../offline/hooks'
import { countMarks, nextTapMark } from './marks'
import { DayPicker } from './DayPicker'
import { EtabHelp } from './EtabHelp'
import { SyncNotices } from '../offline/SyncNotices'
import { NoteField } from './NoteField'
import './attendance.css'

const studyDays = (): StudyDay[] => schedule().days.filter((day): day is StudyDay => !day.freeDay)

interface RowProps {
  person: LocalParticipant
  mark: AttendanceMark | null
  note: string
  pending: number
  editingNote: boolean
  setNoteFor: (username: string | null) => void
  save: (username: string, fields: Record<string, unknown>) => Promise<void>
}

/**
 * One participant's row. Memoized on plain values: a tap re-renders the row it changed, not the
 * whole list (what a tap costs on a slow tablet).
 */
const EtabRow = memo(function EtabRow({
  person,
  mark,
  note,
  pending,
  editingNote,
  setNoteFor,
  save,
}: RowProps) {
  const { t } = useLingui()
  const setMark = (next: AttendanceMark | null) => save(person.username, { mark: next })
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
        <span className="etab-name">{name}</span>{' '}
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
            await save(person.username, { note: text })
            setNoteFor(null)
          }}
        />
      )}
    </li>
  )
})

/** An edit this screen wrote, until the live view of its day has caught up with it. */
interface Written {
  id: string
  dayId: string
  participant: string
  edit: FieldEdit
}

/**
 * Whether the live view has caught up with `w`: it shows it queued, or its record is stamped at
 * least as late on every field (synced, or overwritten by a later edit). Either way the view
 * alone is right from then on, also when the edit is refused later.
 */
function holds(entry: Shown<AttendanceRecord> | undefined, w: Written): boolean {
  if (!entry) return false
  if (entry.queued.includes(w.id)) return true
  return Object.keys(w.edit.fields).every((field) => {
    const stamp = entry.record.stamps[field]
    return stamp !== undefined && stamp.hlc >= w.edit.hlc
  })
}

export function EtabScreen({ now = Date.now() }: { now?: number }) {
  const { db, queue, user } = useOffline()
  const days = useMemo(studyDays, [])
  const [dayId, setDayId] = useState(() => attendanceDay(now)?.id ?? '')
  const day = days.find((d) => d.id === dayId)
  const participants = useParticipants(db, day?.year)
  const shown = useAttendanceOfDay(db, dayId)
  const [noteFor, setNoteFor] = useState<string | null>(null)
  // Edits on disk that the live query does not show yet: shown as soon as they are written, so a
  // tap does not wait for the day to be read again; dropped once the live view holds them.
  const [written, setWritten] = useState<readonly Written[]>([])
  useEffect(() => {
    if (!shown) return
    setWritten((list) => {
      const left = list.filter((w) => w.dayId === dayId && !holds(shown.get(w.participant), w))
      // The same list when nothing was dropped: no render for nothing.
      return left.length === list.length ? list : left
    })
  }, [shown, dayId])
  const save = useCallback(
    async (participant: string, fields: Record<string, unknown>) => {
      const { id, hlc, deviceId } = await queue(
        'attendance',
        attendanceId(dayId, participant),
        fields,
      )
      const by = user?.username ?? ''
      setWritten((list) => [
        ...list,
        { id, dayId, participant, edit: { hlc, deviceId, fields, user: by } },
      ])
    },
    [queue, dayId, user?.username],
  )

  if (!day) return null
  const rows = (participants ?? []).map((person) => {
    const entry = shown?.get(person.username)
    const extra = written.filter(
      (w) => w.dayId === day.id && w.participant === person.username && !holds(entry, w),
    )
    const base = entry?.record ?? emptyAttendance(attendanceId(day.id, person.username))
    const record =
      extra.length && base
        ? mergeEdits(
            base,
            extra.map((w) => w.edit),
          )
        : entry?.record
    return { person, record, pending: (entry?.pending ?? 0) + extra.length }
  })
  const counts = countMarks(rows.map(({ record }) => record?.mark ?? null))
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
        {rows.map(({ person, record, pending }) => (
          <EtabRow
            key={person.username}
            person={person}
            mark={record?.mark ?? null}
            note={record?.note ?? ''}
            pending={pending}
            editingNote={noteFor === person.username}
            setNoteFor={setNoteFor}
            save={save}
          />
        ))}
      </ul>
    </section>
  )
}
