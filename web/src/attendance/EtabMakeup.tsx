// A make-up session on /ETAB (`?makeup=<id>`): the participants with a confirmed place, marked
// with the same taps, notes, Undo and offline queue as a study day, written to `makeupAttendance`;
// the waitlist is listed apart (someone waiting may come when a place is not taken). Marking
// someone present or late here makes up the missed days the session covers
// (docs/product-rules.md#make-ups-and-attendance-rules). The sessions come from the make-up book
// this device keeps, so the sheet works offline.
import { useMemo, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { MakeupBook } from '@lfit/domain/makeups/book'
import { COUNTED_ENROLMENTS } from '@lfit/domain/makeups/standing'
import { bySessionTime, type MakeupSession } from '@lfit/domain/makeups/sessions'
import { localDayStr } from '@lfit/domain/schedule/time'
import { useOffline } from '../offline/context'
import type { LocalParticipant } from '../offline/database'
import { useParticipants } from '../offline/hooks'
import { useStoredMakeupBook } from '../makeups/book/use-makeup-book'
import { coversWords, sessionLabel } from '../makeups/book/session-words'
import { EtabFrame } from './EtabFrame'
import { EtabSheetList, type SheetRow } from './EtabSheetList'
import { defaultSession } from './makeup-sheet'
import { useEtabEdits } from './useEtabEdits'

const makeupHref = (id: string) => `/ETAB?makeup=${encodeURIComponent(id)}`

/**
 * On a study day: the way to the make-up sessions, saying how many are held today; `book`: the
 * device's make-up book, read by the day's sheet (none: nothing to switch to).
 */
export function MakeupSwitch({ now, book }: { now: number; book: MakeupBook | null }) {
  const navigate = useNavigate()
  const today = localDayStr(now)
  const target = book && defaultSession(book.sessions, today)
  if (!target) return null
  const todays = book.sessions.filter((s) => !s.cancelled && s.dayStr === today).length
  return (
    <button
      type="button"
      className="etab-switch"
      onClick={() => void navigate({ href: makeupHref(target._id), replace: true })}
    >
      {todays > 0 ? (
        plural(todays, {
          one: 'Make-up session today',
          other: '# make-up sessions today',
        })
      ) : (
        <Trans>Make-up sessions</Trans>
      )}
    </button>
  )
}

export function EtabMakeup({ sessionId }: { sessionId: string }) {
  const book = useStoredMakeupBook()
  const session = book?.sessions.find((s) => s._id === sessionId)
  if (book === undefined) return <EtabFrame makeup={sessionId}>{null}</EtabFrame>
  if (!book || !session) {
    return (
      <EtabFrame makeup={sessionId}>
        <MakeupPicker book={book} session={undefined} />
        <p role="status">
          <Trans>This make-up session is not on this device. Sync when online.</Trans>
        </p>
      </EtabFrame>
    )
  }
  return <MakeupSheet book={book} session={session} />
}

function MakeupSheet({ book, session }: { book: MakeupBook; session: MakeupSession }) {
  const { t, i18n } = useLingui()
  const { db } = useOffline()
  const roster = useParticipants(db)
  const sheet = useMemo(() => ({ kind: 'makeup' as const, id: session._id }), [session._id])
  const edits = useEtabEdits(sheet)
  const personOf = useMemo(() => {
    const named = new Map<string, LocalParticipant>()
    for (const person of roster ?? []) named.set(person.username, person)
    for (const person of book.people) named.set(person.username, person)
    return (username: string): LocalParticipant =>
      named.get(username) ?? { username, firstName: username, lastName: '' }
  }, [roster, book.people])
  const signups = book.signups.filter((s) => s.sessionId === session._id)
  const rowOf = (username: string): SheetRow => {
    const shown = edits.recordOf(username)
    const recorded = shown?.record.mark ?? null
    return { person: personOf(username), shown, recorded, day: { mark: recorded, absence: null } }
  }
  const byName = (a: SheetRow, b: SheetRow) =>
    a.person.lastName.localeCompare(b.person.lastName, i18n.locale) ||
    a.person.firstName.localeCompare(b.person.firstName, i18n.locale)
  const confirmed = signups.filter((s) => s.status === 'confirmed').map((s) => s.participant)
  const waitlisted = signups
    .filter((s) => s.status === 'waitlisted')
    .toSorted((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((s) => s.participant)
  const listed = new Set([...confirmed, ...waitlisted])
  // Marked without a sign-up (came anyway, or cancelled after being marked): shown apart, so
  // the mark can be seen and cleared.
  const formerly = edits.participants.filter((p) => !listed.has(p))
  const onSheet = new Set([...listed, ...formerly])
  const others = [
    ...new Set(
      book.enrolments.filter((e) => COUNTED_ENROLMENTS.has(e.status)).map((e) => e.person),
    ),
  ]
    .filter((username) => !onSheet.has(username))
    .map(personOf)
    .toSorted((a, b) => a.lastName.localeCompare(b.lastName, i18n.locale))
  return (
    <EtabFrame makeup={session._id}>
      <EtabSheetList
        sheet={sheet}
        edits={edits}
        groups={[
          { rows: confirmed.map(rowOf).toSorted(byName) },
          {
            title: <Trans>Waitlist (no place yet)</Trans>,
            rows: waitlisted.map(rowOf),
          },
          {
            title: <Trans>Not signed up</Trans>,
            rows: formerly.map(rowOf).toSorted(byName),
          },
        ]}
        picker={
          <>
            <MakeupPicker book={book} session={session} />
            <p className="etab-makeup-about">
              {t`Makes up: ${coversWords(i18n, session)}`}
              {session.cancelled && (
                <strong className="etab-makeup-cancelled">
                  {' '}
                  <Trans>This session was cancelled: marks here make up nothing.</Trans>
                </strong>
              )}
            </p>
          </>
        }
        empty={<Trans>No one has signed up for this make-up session.</Trans>}
      />
      <WalkIn
        people={others}
        add={(username) =>
          void edits.change([{ participant: username, after: { mark: 'present' } }])
        }
      />
    </EtabFrame>
  )
}

/** Someone came without signing up: the editor adds them, marked present (Undo takes it back). */
function WalkIn({
  people,
  add,
}: {
  people: readonly LocalParticipant[]
  add: (username: string) => void
}) {
  const { t } = useLingui()
  const [chosen, setChosen] = useState('')
  if (people.length === 0) return null
  return (
    <form
      className="etab-walk-in"
      onSubmit={(event) => {
        event.preventDefault()
        if (!chosen) return
        add(chosen)
        setChosen('')
      }}
    >
      <label>
        <span>
          <Trans>Came without signing up</Trans>
        </span>
        <select name="walkIn" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{t`Choose a participant`}</option>
          {people.map((person) => (
            <option key={person.username} value={person.username}>
              {person.firstName} {person.lastName}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={!chosen}>
        <Trans>Add, marked present</Trans>
      </button>
    </form>
  )
}

function MakeupPicker({
  book,
  session,
}: {
  book: MakeupBook | null
  session: MakeupSession | undefined
}) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const sessions = (book?.sessions ?? []).toSorted(bySessionTime)
  const index = session ? sessions.indexOf(session) : -1
  const go = (s: MakeupSession | undefined) =>
    s && void navigate({ href: makeupHref(s._id), replace: true })
  return (
    <div className="day-picker">
      <button
        type="button"
        className="etab-switch"
        onClick={() => void navigate({ href: '/ETAB', replace: true })}
      >
        <Trans>Study days</Trans>
      </button>
      <div className="day-picker-day">
        <button
          type="button"
          disabled={index <= 0}
          onClick={() => go(sessions[index - 1])}
          aria-label={t`Previous make-up session`}
        >
          ‹
        </button>
        <label>
          <span className="visually-hidden">
            <Trans>Make-up session</Trans>
          </span>
          <select
            name="makeup"
            value={session?._id ?? ''}
            onChange={(event) => go(sessions.find((s) => s._id === event.target.value))}
          >
            {!session && <option value="">—</option>}
            {sessions.map((s) => (
              <option key={s._id} value={s._id}>
                {sessionLabel(i18n, s)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={index < 0 || index >= sessions.length - 1}
          onClick={() => go(sessions[index + 1])}
          aria-label={t`Next make-up session`}
        >
          ›
        </button>
      </div>
    </div>
  )
}
