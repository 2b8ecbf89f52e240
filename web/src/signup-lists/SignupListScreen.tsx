// The sign-up lists (docs/product-rules.md#sign-up-lists): /prijaveZaDan (sign-ups for a training
// day) and /prijaveNaDogodke (reservations). Grouped by day with counts, days to come first; each
// sign-up can be confirmed or cancelled (the person is e-mailed) and noted; the rows shown can be
// exported. Days that have passed are one choice away, so the list stays about what is ahead.
import { useMemo, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { filterSignups, groupSignupsByDay } from '@lfit/domain/lists/signups'
import {
  SIGNUP_STATUSES,
  type SignupDecision,
  type SignupKind,
  type SignupStatus,
  type StoredSignup,
} from '@lfit/domain/records/signups'
import { schedule } from '@lfit/domain/schedule'
import { phoneForPeople } from '@lfit/domain/users/phone'
import { useScreenRead } from '../app/screen-reads'
import { ExportButtons } from '../export/ExportButtons'
import { dayCell, momentCell, type ExportColumn } from '../export/table'
import { formatDateTime, formatDay } from '../i18n/date-format'
import { ConfirmButton } from '../ui/buttons'
import { useReadAgain, useReadState } from '../ui/ServerRead'
import { useSnackbar } from '../ui/Snackbar'
import { NoteEditor } from './NoteEditor'
import { decideSignup, noteSignup } from './signups-api'
import { signupStatusName } from './words'
import '../participants/participants.css'
import './signup-lists.css'

export function SignupListScreen({
  kind,
  screen,
  title,
}: {
  kind: SignupKind
  /** The file name's first part of an export. */
  screen: string
  title: ReactNode
}) {
  const { t, i18n } = useLingui()
  const snackbar = useSnackbar()
  // The router reads the list (web/src/app/screen-reads.ts); a decision changes its row here.
  const [signups, setSignups] = useReadState(
    useScreenRead(kind === 'signup' ? '/prijavezadan' : '/prijavenadogodke'),
  )
  const [status, setStatus] = useState<SignupStatus | 'all'>('all')
  const [withPast, setWithPast] = useState(false)
  const [now] = useState(() => Date.now())

  const reload = useReadAgain()

  const calendar = schedule()
  const groups = useMemo(
    () =>
      groupSignupsByDay(filterSignups(signups, status), now, calendar).filter(
        (group) => withPast || !group.past,
      ),
    [signups, status, withPast, now, calendar],
  )
  const pastCount = useMemo(
    () => groupSignupsByDay(signups, now, calendar).filter((group) => group.past).length,
    [signups, now, calendar],
  )

  const dayLabel = (dayId: string) => {
    const day = schedule().dayById.get(dayId)
    if (!day || day.freeDay) return dayId
    return `${formatDay(i18n.locale, day.dayStr)}, ${day.fromHour}–${day.toHour}`
  }
  const dayOf = (dayId: string) => {
    const day = schedule().dayById.get(dayId)
    return day && !day.freeDay ? dayCell(day.dayStr) : dayId
  }
  const hoursOf = (dayId: string) => {
    const day = schedule().dayById.get(dayId)
    return day && !day.freeDay ? `${day.fromHour}–${day.toHour}` : ''
  }
  const receivedAt = (signup: StoredSignup) =>
    signup.createdAt ? formatDateTime(i18n.locale, Date.parse(signup.createdAt)) : ''

  const replace = (changed: StoredSignup) =>
    setSignups((list) => list.map((s) => (s._id === changed._id ? changed : s)))

  const decide = async (signup: StoredSignup, decision: SignupDecision) => {
    try {
      replace(await decideSignup(kind, signup._id, decision))
      snackbar.show(
        decision === 'confirm'
          ? t`${signup.name} is confirmed; they get an e-mail.`
          : t`${signup.name} is cancelled; they get an e-mail.`,
      )
    } catch {
      // The snackbar shows the server's message; the list may be stale, so read it again.
      await reload()
    }
  }
  const saveNote = async (signup: StoredSignup, note: string) => {
    try {
      replace(await noteSignup(kind, signup._id, note))
      return true
    } catch {
      return false
    }
  }

  const shownRows = groups.flatMap((group) => group.signups)
  const columns: ExportColumn<StoredSignup>[] = [
    // The day as a date cell and its hours beside it, so a spreadsheet sorts and filters by date
    // (docs/0044-exported-phones-and-dates.md).
    { header: t`Day`, value: (s) => dayOf(s.dayId) },
    { header: t`Hours`, value: (s) => hoursOf(s.dayId) },
    { header: t`Name`, value: (s) => s.name },
    { header: t`E-mail`, value: (s) => s.email },
    { header: t`Phone`, value: (s) => phoneForPeople(s.phone) },
    ...(kind === 'reservation'
      ? [{ header: t`Message`, value: (s: StoredSignup) => s.message ?? '' }]
      : []),
    { header: t`Received`, value: (s) => (s.createdAt ? momentCell(s.createdAt) : null) },
    { header: t`Status`, value: (s) => signupStatusName(i18n, s.status) },
    { header: t`Note`, value: (s) => s.note ?? '' },
  ]

  return (
    <section className="signup-lists">
      <h1>{title}</h1>
      <div className="list-toolbar">
        <label className="list-filter">
          <span>
            <Trans>Status</Trans>
          </span>
          <select
            name="status"
            value={status}
            onChange={(e) => setStatus(e.target.value as SignupStatus | 'all')}
          >
            <option value="all">{t`All statuses`}</option>
            {SIGNUP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {signupStatusName(i18n, s)}
              </option>
            ))}
          </select>
        </label>
        <label className="list-check">
          <input
            type="checkbox"
            name="withPast"
            checked={withPast}
            onChange={(e) => setWithPast(e.target.checked)}
          />
          <Trans>Show past days ({pastCount})</Trans>
        </label>
        <ExportButtons table={{ columns, rows: shownRows }} screen={screen} title={t`Sign-ups`} />
      </div>
      {groups.length === 0 && (
        <p data-testid="signups-empty">
          <Trans>No sign-ups to show.</Trans>
        </p>
      )}
      {groups.map((group) => (
        <article key={group.dayId} className="card signup-day" data-day={group.dayId}>
          <h2>{dayLabel(group.dayId)}</h2>
          <p className="signup-counts" data-testid="signup-counts">
            <Trans>
              {group.counts.expected} expected: {group.counts.confirmed} confirmed,{' '}
              {group.counts.received} awaiting a decision; {group.counts.cancelled} cancelled
            </Trans>
          </p>
          <table className="data list-table">
            <thead>
              <tr>
                <th scope="col">{t`Name`}</th>
                <th scope="col">{t`Contact`}</th>
                {kind === 'reservation' && <th scope="col">{t`Message`}</th>}
                <th scope="col">{t`Received`}</th>
                <th scope="col">{t`Status`}</th>
                <th scope="col">{t`Note`}</th>
                <th scope="col">{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {group.signups.map((signup) => (
                <tr key={signup._id} data-signup={signup._id} data-status={signup.status}>
                  <td data-label={t`Name`}>{signup.name}</td>
                  <td data-label={t`Contact`} className="signup-contact">
                    <a href={`mailto:${signup.email}`}>{signup.email}</a>
                    <br />
                    <a href={`tel:+${signup.phone}`}>{phoneForPeople(signup.phone)}</a>
                  </td>
                  {kind === 'reservation' && (
                    <td data-label={t`Message`} className="signup-message">
                      {signup.message ?? '—'}
                    </td>
                  )}
                  <td data-label={t`Received`}>{receivedAt(signup)}</td>
                  <td data-label={t`Status`}>
                    <span className={`status status-${signup.status}`}>
                      {signupStatusName(i18n, signup.status)}
                    </span>
                  </td>
                  <td data-label={t`Note`}>
                    <NoteEditor note={signup.note} onSave={(note) => saveNote(signup, note)} />
                  </td>
                  <td>
                    <div className="signup-actions">
                      {signup.status !== 'confirmed' && (
                        <button
                          type="button"
                          className="btn btn-primary"
                          data-action="confirm"
                          onClick={() => void decide(signup, 'confirm')}
                        >
                          <Trans>Confirm</Trans>
                        </button>
                      )}
                      {signup.status !== 'cancelled' && (
                        <ConfirmButton
                          className="btn"
                          question={t`Cancel the sign-up of ${signup.name}? They get an e-mail.`}
                          confirmLabel={t`Yes, cancel the sign-up`}
                          onConfirm={() => decide(signup, 'cancel')}
                        >
                          <Trans>Cancel sign-up</Trans>
                        </ConfirmButton>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
    </section>
  )
}
