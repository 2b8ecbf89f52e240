// /ETAB, the electronic tab: a presence editor marks the day's participants on a studio tablet,
// with or without network. Every tap is written to the device's outbox and shows the moment it is
// there (docs/0020-tap-shows-when-written.md). The day shown is in the URL (etab-search.ts);
// a make-up session is a sheet of its own (`?makeup=<id>`, EtabMakeup.tsx), and the day's paper
// (`&print=day` or `&print=segment`) is the sign-in sheet or class list to print (EtabPrint.tsx).
// The picker and the counts stay on screen while the list scrolls.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { absenceOnDay, dayMark } from '@lfit/domain/attendance/day-mark'
import { attendanceDay, schedule, type Schedule, type StudyDay } from '@lfit/domain/schedule'
import { useOffline } from '../offline/context'
import { useAbsences, useParticipants } from '../offline/hooks'
import { useStoredMakeupBook } from '../makeups/book/use-makeup-book'
import { useFirstScreenContent } from '../app/first-screen'
import { DayPicker } from './DayPicker'
import { EtabFrame } from './EtabFrame'
import { EtabMakeup, MakeupSwitch } from './EtabMakeup'
import { EtabPrint } from './EtabPrint'
import { EtabSheetList } from './EtabSheetList'
import { etabSearchOf, parseEtabSearch, resolveEtabDay, type EtabSearch } from './etab-search'
import { useEtabEdits } from './useEtabEdits'
import './attendance.css'

const studyDaysOf = (calendar: Schedule): StudyDay[] =>
  calendar.days.filter((day): day is StudyDay => !day.freeDay)

/** The day of the URL; the URL is rewritten (not pushed) to name it in full, on the route's own path. */
function useEtabDay(now: number): [StudyDay | undefined, (choice: EtabSearch) => void, StudyDay[]] {
  // Derived again when the tab takes another calendar (docs/0049): the screen renders again then.
  const calendar = schedule()
  const days = useMemo(() => studyDaysOf(calendar), [calendar])
  const fallback = useMemo(() => attendanceDay(now, calendar), [now, calendar])
  const search = parseEtabSearch(useSearch({ strict: false }) as Record<string, unknown>)
  const navigate = useNavigate()
  const day = resolveEtabDay(search, days, fallback, now)
  const show = useCallback(
    (choice: EtabSearch) => {
      const next = resolveEtabDay(choice, days, fallback, now)
      if (!next) return
      // The paper asked for stays asked for while the address is completed.
      const print = choice.print && { print: choice.print }
      const params = new URLSearchParams(
        Object.entries({ ...etabSearchOf(next), ...print }).map(([key, value]) => [
          key,
          String(value),
        ]),
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
    if (day && !complete) show({ day: day.dayStr, ...(search.print && { print: search.print }) })
  }, [day, complete, show, search.print])
  return [day, show, days]
}

export function EtabScreen({ now }: { now?: number }) {
  // The moment the screen opened: the default day is decided once, not on every tap.
  const [openedAt] = useState(() => now ?? Date.now())
  const search = parseEtabSearch(useSearch({ strict: false }) as Record<string, unknown>)
  return search.makeup ? <EtabMakeup sessionId={search.makeup} /> : <EtabStudyDay now={openedAt} />
}

function EtabStudyDay({ now }: { now: number }) {
  const [day, show, days] = useEtabDay(now)
  const { print } = parseEtabSearch(useSearch({ strict: false }) as Record<string, unknown>)
  if (!day) return null
  return print ? (
    <EtabPrint day={day} kind={print} />
  ) : (
    <EtabDay day={day} days={days} show={show} now={now} />
  )
}

function EtabDay({
  day,
  days,
  show,
  now,
}: {
  day: StudyDay
  days: readonly StudyDay[]
  show: (choice: EtabSearch) => void
  now: number
}) {
  const { db } = useOffline()
  const participants = useParticipants(db, day.year)
  const absences = useAbsences(db)
  // The way to the make-up sessions sits above the counts: the sheet waits for the device's book
  // as it is read with the roster, so the list does not move down when the way appears.
  const book = useStoredMakeupBook()
  const sheet = useMemo(() => ({ kind: 'day' as const, id: day.id }), [day.id])
  const edits = useEtabEdits(sheet)
  // The start's later work (the first sync, the session check) waits for the list with its marks
  // (docs/0057).
  useFirstScreenContent(book !== undefined && participants !== undefined && edits.loaded)
  const absenceRecords = useMemo(() => (absences ?? []).map((shown) => shown.record), [absences])
  const rows = (participants ?? []).map((person) => {
    const shown = edits.recordOf(person.username)
    const recorded = shown?.record.mark ?? null
    const absence = absenceOnDay(absenceRecords, person.username, day.dayStr)
    return { person, shown, recorded, day: dayMark(recorded, absence) }
  })
  // The same element on every tap: React skips the picker when a mark changes.
  const picker = useMemo(
    () => (
      <div className="etab-pickers">
        <DayPicker days={days} value={day} onChange={show} />
        {book && <MakeupSwitch now={now} book={book} />}
      </div>
    ),
    [days, day, show, now, book],
  )
  // The day's frame at once (its `data-day` says which day the screen shows), the sheet with it.
  if (book === undefined) {
    return (
      <EtabFrame day={day.id} paper={etabSearchOf(day)}>
        {null}
      </EtabFrame>
    )
  }
  return (
    <EtabFrame day={day.id} paper={etabSearchOf(day)}>
      <EtabSheetList
        sheet={sheet}
        edits={edits}
        groups={[{ rows }]}
        picker={picker}
        empty={
          participants && (
            <Trans>No participants of year {day.year} on this device yet. Sync when online.</Trans>
          )
        }
      />
    </EtabFrame>
  )
}
