// The sessions on /nadomescanja: upcoming ones first (soonest first), then past and cancelled
// ones; each can be changed, cancelled (everyone signed up is told by e-mail), its sign-ups and
// waitlist opened, and its attendance marked on /ETAB by those who may. The router reads the
// sessions, the educators and the open sign-ups (?signups=) (web/src/app/screen-reads.ts).
import { useMemo, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { canVisit } from '@lfit/domain/access/routes'
import { bySessionTime, type MakeupSession } from '@lfit/domain/makeups/sessions'
import { localDayStr } from '@lfit/domain/schedule/time'
import { useCallErrorText } from '../../auth/messages'
import { formatDay } from '../../i18n/date-format'
import { useSession } from '../../session/session'
import { ConfirmButton } from '../../ui/buttons'
import { useSnackbar } from '../../ui/Snackbar'
import type { ReadOf } from '../../app/screen-reads'
import { useReadAgain } from '../../ui/ServerRead'
import { cancelSession, type ListedSession } from './admin-api'
import { SessionFormDialog } from './SessionFormDialog'
import { SessionSignups } from './SessionSignups'
import { useCoversText } from './covers-text'

type Editing = { session: MakeupSession | null } | null
type SessionsRead = Extract<ReadOf<'/nadomescanja'>, { tab: 'sessions' }>

export function SessionsPanel({ read }: { read: SessionsRead }) {
  const { t, i18n } = useLingui()
  const snackbar = useSnackbar()
  const errorText = useCallErrorText()
  const coversText = useCoversText()
  const { user } = useSession()
  const navigate = useNavigate()
  const [editing, setEditing] = useState<Editing>(null)
  // After a save or a cancellation: the router reads the sessions again.
  const reload = useReadAgain()
  const educators = useMemo(
    () => new Map(read.educators.map((e) => [e.username, e.name])),
    [read.educators],
  )
  const opened = read.signups
  const open = opened?.id ?? null
  // The open sign-ups are in the address, so the router reads them.
  const toggle = (id: string) =>
    void navigate({
      to: '/nadomescanja',
      search: open === id ? { tab: 'sessions' } : { tab: 'sessions', signups: id },
      replace: true,
    })

  const today = localDayStr(Date.now())
  const all = read.sessions
  const upcoming = all
    .filter((s) => !s.session.cancelled && s.session.dayStr >= today)
    .toSorted((a, b) => bySessionTime(a.session, b.session))
  const past = all
    .filter((s) => s.session.cancelled || s.session.dayStr < today)
    .toSorted((a, b) => bySessionTime(b.session, a.session))
  const marks = user ? canVisit(user, '/ETAB') : false

  const cancel = async (session: MakeupSession) => {
    try {
      const told = await cancelSession(session._id)
      snackbar.show(t`The session is cancelled; ${told} people are told by e-mail.`)
      await reload()
    } catch (error) {
      snackbar.show(errorText(error), 'error')
    }
  }

  const card = ({ session, taken }: ListedSession) => {
    const date = formatDay(i18n.locale, session.dayStr)
    const capacity = session.capacity
    return (
      <li key={session._id} className="card makeup-session" data-session={session._id}>
        <div className="makeup-session-head">
          <h3>
            {date}, {session.fromHour}–{session.toHour}
            {session.cancelled && (
              <span className="makeup-badge makeup-badge-cancelled">
                <Trans>cancelled</Trans>
              </span>
            )}
          </h3>
          <p className="makeup-places">
            <Trans>
              {taken} of {capacity} places taken
            </Trans>
          </p>
        </div>
        <p>{session.place}</p>
        <p>
          <Trans>Covers:</Trans> {coversText(session)}
        </p>
        <p className="muted">
          <Trans>Educator:</Trans> {educators.get(session.educator) ?? session.educator}
          {session.note && <> · {session.note}</>}
        </p>
        <div className="btn-row">
          <button
            type="button"
            className="btn btn-secondary"
            aria-expanded={open === session._id}
            onClick={() => toggle(session._id)}
          >
            <Trans>Sign-ups and waitlist</Trans>
          </button>
          {marks && !session.cancelled && (
            <Link className="btn btn-secondary" to="/ETAB" search={{ makeup: session._id }}>
              <Trans>Mark attendance</Trans>
            </Link>
          )}
          {!session.cancelled && (
            <button type="button" className="btn" onClick={() => setEditing({ session })}>
              <Trans>Edit</Trans>
            </button>
          )}
          {!session.cancelled && (
            <ConfirmButton
              className="btn btn-danger"
              question={t`Cancel the session of ${date}? Everyone signed up will be told by e-mail.`}
              confirmLabel={t`Cancel the session`}
              onConfirm={() => cancel(session)}
            >
              <Trans>Cancel session</Trans>
            </ConfirmButton>
          )}
        </div>
        {opened?.id === session._id && <SessionSignups read={opened.read} />}
      </li>
    )
  }

  return (
    <div className="makeup-sessions">
      <div className="btn-row">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setEditing({ session: null })}
        >
          <Trans>New session</Trans>
        </button>
      </div>
      <h2>
        <Trans>Upcoming sessions</Trans>
      </h2>
      {upcoming.length === 0 ? (
        <p className="muted">
          <Trans>No upcoming make-up sessions.</Trans>
        </p>
      ) : (
        <ul className="makeup-session-list">{upcoming.map(card)}</ul>
      )}
      {past.length > 0 && (
        <>
          <h2>
            <Trans>Past and cancelled sessions</Trans>
          </h2>
          <ul className="makeup-session-list">{past.map(card)}</ul>
        </>
      )}
      {editing && (
        <SessionFormDialog
          editing={editing.session}
          educators={read.educators}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            const date = formatDay(i18n.locale, saved.session.dayStr)
            snackbar.show(t`The make-up session of ${date} is saved.`)
            void reload()
          }}
        />
      )}
    </div>
  )
}
