// /ETAB, the electronic tab: a presence editor marks the day's participants on a studio tablet,
// with or without network. Every tap is written to the device's outbox before it shows. The day
// shown is in the URL (etab-search.ts); the day picker and the counts stay on screen while the
// list scrolls.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { absenceOnDay, dayMark } from '@lfit/domain/attendance/day-mark'
import { attendanceId } from '@lfit/domain/records/attendance'
import { attendanceDay, schedule, type StudyDay } from '@lfit/domain/schedule'
import { useOffline } from '../offline/context'
import { useAbsences, useParticipants } from '../offline/hooks'
import { SyncNotices } from '../offline/SyncNotices'
import { DayPicker } from './DayPicker'
import { EtabHelp } from './EtabHelp'
import { EtabRow } from './EtabRow'
import { etabSearchOf, parseEtabSearch, resolveEtabDay, type EtabSearch } from './etab-search'
import { countMarks } from './marks'
import { matchesName, searchKey } from './name-search'
import type { ChangedFields } from './undo'
import { useEtabEdits } from './useEtabEdits'
import { useNoteDrafts } from './useNoteDrafts'
import { useStickyOffset } from './useStickyOffset'
import './attendance.css'

const studyDays = (): StudyDay[] => schedule().days.filter((day): day is StudyDay => !day.freeDay)

/** The day of the URL; the URL is rewritten (not pushed) to name it in full, on the route's own path. */
function useEtabDay(now: number): [StudyDay | undefined, (choice: EtabSearch) => void, StudyDay[]] {
  const days = useMemo(studyDays, [])
  const fallback = useMemo(() => attendanceDay(now), [now])
  const search = parseEtabSearch(useSearch({ strict: false }) as Record<string, unknown>)
  const navigate = useNavigate()
  const day = resolveEtabDay(search, days, fallback, now)
  const show = useCallback(
    (choice: EtabSearch) => {
      const next = resolveEtabDay(choice, days, fallback, now)
      if (!next) return
      const params = new URLSearchParams(
        Object.entries(etabSearchOf(next)).map(([key, value]) => [key, String(value)]),
      )
      void navigate({ href: `/ETAB?${params.toString()}`, replace: true })
    },
    [days, fallback, now, navigate],
  )
  const named = day && etabSearchOf(day)
  const complete =
    named &&
    search.year === named.year &&
    search.segment === named.segment &&
    search.day === named.day
  useEffect(() => {
    if (day && !complete) show({ day: day.dayStr })
  }, [day, complete, show])
  return [day, show, days]
}

export function EtabScreen({ now }: { now?: number }) {
  // The moment the screen opened: the default day is decided once, not on every tap.
  const [openedAt] = useState(() => now ?? Date.now())
  const [day, show, days] = useEtabDay(openedAt)
  return day ? <EtabDay day={day} days={days} show={show} /> : null
}

function EtabDay({
  day,
  days,
  show,
}: {
  day: StudyDay
  days: readonly StudyDay[]
  show: (choice: EtabSearch) => void
}) {
  const { t } = useLingui()
  const { db, user } = useOffline()
  const participants = useParticipants(db, day.year)
  const absences = useAbsences(db)
  const edits = useEtabEdits(day.id)
  const { drafts, setDraft } = useNoteDrafts(user?.username ?? '')
  const [noteFor, setNoteFor] = useState<string | null>(null)
  const [query, setQuery] = useState('')
  const sticky = useStickyOffset<HTMLDivElement>()
  // Rows get stable callbacks, so a tap re-renders only the row it changed.
  const latest = useRef(edits)
  latest.current = edits
  const change = useCallback(
    (participant: string, after: ChangedFields) => latest.current.change([{ participant, after }]),
    [],
  )
  const setRowDraft = useCallback(
    (username: string, text: string | null) => setDraft(attendanceId(day.id, username), text),
    [day.id, setDraft],
  )

  const absenceRecords = useMemo(() => (absences ?? []).map((shown) => shown.record), [absences])
  const rows = (participants ?? []).map((person) => {
    const shown = edits.recordOf(person.username)
    const recorded = shown?.record.mark ?? null
    const absence = absenceOnDay(absenceRecords, person.username, day.dayStr)
    return { person, shown, recorded, day: dayMark(recorded, absence) }
  })
  const counts = countMarks(rows.map((row) => row.day.mark))
  const key = searchKey(query)
  const listed = rows.filter(({ person }) =>
    matchesName(key, `${person.firstName} ${person.lastName}`),
  )
  const notYetMarked = rows.filter((row) => row.day.mark === null)
  const markAll = () =>
    void edits.change(
      notYetMarked.map(({ person }) => ({
        participant: person.username,
        after: { mark: 'present' as const },
      })),
    )
  const last = edits.lastChange
  const lastPerson =
    last?.edits.length === 1
      ? participants?.find((p) => p.username === last.edits[0]?.participant)
      : undefined
  const undoLabel = !last
    ? t`Undo`
    : lastPerson
      ? t`Undo (${lastPerson.firstName} ${lastPerson.lastName})`
      : plural(last.edits.length, { one: 'Undo (# person)', other: 'Undo (# people)' })

  return (
    <section className="etab" aria-labelledby="etab-title" data-day={day.id}>
      <header className="etab-header">
        <h1 id="etab-title">
          <Trans>Attendance</Trans>
        </h1>
        <EtabHelp />
      </header>
      <div className="etab-sticky" ref={sticky}>
        <DayPicker days={days} value={day} onChange={show} />
        <div className="etab-status">
          <p className="etab-counts" role="status" aria-live="polite">
            <Trans>
              Present: {counts.present} · Absent: {counts.absent} · Late: {counts.late} · Excused:{' '}
              {counts.excused} · Not marked: {counts.unmarked}
            </Trans>
          </p>
          <button
            type="button"
            className="etab-undo"
            disabled={!last}
            onClick={() => void edits.undo()}
          >
            {undoLabel}
          </button>
        </div>
      </div>
      <div className="etab-tools">
        <label className="etab-search">
          <span className="visually-hidden">
            <Trans>Find by name</Trans>
          </span>
          <input
            type="search"
            value={query}
            placeholder={t`Find by name`}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        <button
          type="button"
          className="etab-mark-all"
          disabled={notYetMarked.length === 0 || !edits.loaded}
          onClick={markAll}
        >
          {notYetMarked.length === 0
            ? t`Everyone is marked`
            : plural(notYetMarked.length, {
                one: 'Mark # person not yet marked as present',
                other: 'Mark # people not yet marked as present',
              })}
        </button>
      </div>
      {/* Edits that did not apply as made, right where the editor works, until dismissed. */}
      <SyncNotices db={db} />
      {participants && participants.length === 0 && (
        <p>
          <Trans>No participants of year {day.year} on this device yet. Sync when online.</Trans>
        </p>
      )}
      {participants && participants.length > 0 && listed.length === 0 && (
        <p role="status">
          <Trans>No one matches “{query}”.</Trans>
        </p>
      )}
      <ul className="etab-list">
        {listed.map(({ person, shown, recorded, day: mark }) => (
          <EtabRow
            key={person.username}
            person={person}
            recorded={recorded}
            shown={mark.mark}
            absenceReason={mark.absence?.reason ?? null}
            absenceExcused={mark.absence?.excused ?? false}
            note={shown?.record.note ?? ''}
            draft={drafts[attendanceId(day.id, person.username)]}
            pending={shown?.pending ?? 0}
            noteOpen={noteFor === person.username}
            setNoteFor={setNoteFor}
            setDraft={setRowDraft}
            change={change}
          />
        ))}
      </ul>
    </section>
  )
}
