// A change that removes study days holding recorded work (attendance, absences, make-up sessions,
// sign-ups) was refused by the server (409 `recordedWork`): its message counts what is recorded,
// the table shows it per day, and the editor decides what happens to it: the marks move to
// another day (picked for each day), or the day stays in the block as a non-study day with its
// records visible. The change is then sent again with that decision
// (docs/0049-devices-follow-the-calendar.md).
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Bilingual } from '@lfit/domain/messages/bilingual'
import { formatDay } from '../i18n/date-format'
import { DayField } from '../ui/DayField'
import { Dialog } from '../ui/Dialog'
import type { Decision, RecordedDay } from './calendar-api'

export interface RecordedWork {
  days: RecordedDay[]
  message: Bilingual | null
}

export function RecordedWorkDialog({
  work,
  busy,
  failure,
  onDecide,
  onClose,
}: {
  work: RecordedWork
  busy: boolean
  failure: string
  onDecide: (decision: Decision) => void
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const [action, setAction] = useState<Decision['action'] | null>(null)
  const [moves, setMoves] = useState<Record<string, string>>({})
  const [missing, setMissing] = useState(false)
  const message = work.message?.[i18n.locale === 'sl' ? 'sl' : 'en']

  const send = () => {
    if (action === 'keep') onDecide({ action: 'keep' })
    if (action !== 'move') return
    if (work.days.some(({ day }) => !moves[day])) {
      setMissing(true)
      return
    }
    onDecide({ action: 'move', to: moves })
  }

  return (
    <Dialog
      open
      title={t`Recorded work on these days`}
      onClose={onClose}
      className="planner-dialog recorded-work"
      actions={
        <>
          <button type="button" className="btn btn-text" onClick={onClose}>
            <Trans>Cancel the change</Trans>
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || action === null}
            onClick={send}
          >
            <Trans>Save with this decision</Trans>
          </button>
        </>
      }
    >
      {message && (
        <p className="alert" role="alert" data-testid="recorded-work-message">
          {message}
        </p>
      )}
      <div className="table-wrap">
        <table className="data recorded-work-days">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Day</Trans>
              </th>
              <th scope="col">
                <Trans>Attendance</Trans>
              </th>
              <th scope="col">
                <Trans>Absences</Trans>
              </th>
              <th scope="col">
                <Trans>Make-up sessions</Trans>
              </th>
              <th scope="col">
                <Trans>Sign-ups</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {work.days.map((day) => (
              <tr key={day.day} data-day={day.day}>
                <td>{formatDay(i18n.locale, day.day)}</td>
                <td>{day.attendance}</td>
                <td>{day.absences}</td>
                <td>{day.makeupSessions}</td>
                <td>{day.signups}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="field">
        <legend>
          <Trans>What happens to it?</Trans>
        </legend>
        <label className="recorded-work-choice">
          <input
            type="radio"
            name="recorded"
            value="move"
            checked={action === 'move'}
            onChange={() => setAction('move')}
          />
          <Trans>Move the marks to another day</Trans>
        </label>
        {action === 'move' &&
          work.days.map(({ day }) => (
            <DayField
              key={day}
              label={t`New day for ${formatDay(i18n.locale, day)}`}
              name={`move-${day}`}
              value={moves[day] ?? ''}
              onChange={(to) => {
                setMoves((before) => ({ ...before, [day]: to }))
                setMissing(false)
              }}
            />
          ))}
        {missing && (
          <span className="field-error" role="alert">
            <Trans>Pick the day each day's marks move to</Trans>
          </span>
        )}
        <label className="recorded-work-choice">
          <input
            type="radio"
            name="recorded"
            value="keep"
            checked={action === 'keep'}
            onChange={() => setAction('keep')}
          />
          <Trans>Keep the day as a non-study day, its records visible</Trans>
        </label>
      </fieldset>
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
    </Dialog>
  )
}
