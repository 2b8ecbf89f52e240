// One application on /prijave: who applied (names, e-mail, phone), for which year and project,
// its state and date, the changes its state allows, and its history on demand. On a phone the
// row becomes a card (applications.css); every control is at least 44 px high there.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ApplicationRow } from '@lfit/domain/people/applications'
import { phoneForPeople } from '@lfit/domain/users/phone'
import { formatDateTime } from '../i18n/date-format'
import { ConfirmButton } from '../ui/buttons'
import { ApplicationHistory } from './ApplicationHistory'
import type { Decision } from './applications-api'
import { STATUS_NAMES } from './status-names'

export function ApplicationRowView({
  row,
  selected,
  onSelect,
  expanded,
  onToggleHistory,
  busy,
  onDecide,
  onAskReason,
}: {
  row: ApplicationRow
  selected: boolean
  onSelect: (selected: boolean) => void
  expanded: boolean
  onToggleHistory: () => void
  busy: boolean
  onDecide: (decision: Decision) => void
  onAskReason: (decision: 'decline' | 'withdraw') => void
}) {
  const { t, i18n } = useLingui()
  const name = `${row.firstName} ${row.lastName}`.trim() || row.person
  const historyId = `history-${row.id}`
  return (
    <>
      <tr data-application={row.person} data-status={row.status}>
        <td className="application-select">
          {row.status === 'applied' && (
            <label className="touch-check">
              <input
                type="checkbox"
                checked={selected}
                onChange={(event) => onSelect(event.target.checked)}
                aria-label={t`Select ${name}`}
              />
            </label>
          )}
        </td>
        <td data-label={t`Applicant`}>
          <strong>{name}</strong>
          <br />
          <a className="contact-link" href={`mailto:${row.email}`}>
            {row.email}
          </a>
          {row.phone && (
            <>
              <br />
              <a className="contact-link" href={`tel:+${row.phone}`}>
                {phoneForPeople(row.phone)}
              </a>
            </>
          )}
        </td>
        <td data-label={t`Year`}>{row.year}</td>
        <td data-label={t`Project`}>{row.project ?? '–'}</td>
        <td data-label={t`Status`}>
          <span className={`status-badge status-${row.status}`}>
            {i18n._(STATUS_NAMES[row.status])}
          </span>
        </td>
        <td data-label={t`Applied`}>
          <time dateTime={row.appliedAt}>
            {formatDateTime(i18n.locale, Date.parse(row.appliedAt))}
          </time>
        </td>
        <td>
          <div className="application-actions">
            {row.status === 'applied' && (
              <>
                <button
                  type="button"
                  className="btn btn-primary btn-small"
                  disabled={busy}
                  onClick={() => onDecide('accept')}
                >
                  <Trans>Accept</Trans>
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={busy}
                  onClick={() => onAskReason('decline')}
                >
                  <Trans>Decline</Trans>
                </button>
              </>
            )}
            {(row.status === 'declined' || row.status === 'withdrawn') && (
              <button
                type="button"
                className="btn btn-small"
                disabled={busy}
                onClick={() => onDecide('reopen')}
              >
                <Trans>Reopen</Trans>
              </button>
            )}
            {row.status === 'accepted' && (
              <>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={busy}
                  onClick={() => onAskReason('withdraw')}
                >
                  <Trans>Withdraw</Trans>
                </button>
                <ConfirmButton
                  className="btn btn-small"
                  question={t`Mark the year ${row.year} of ${name} as completed? They leave the attendance lists.`}
                  disabled={busy}
                  onConfirm={() => onDecide('complete')}
                >
                  <Trans>Completed</Trans>
                </ConfirmButton>
              </>
            )}
            <button
              type="button"
              className="btn btn-text btn-small"
              aria-expanded={expanded}
              aria-controls={historyId}
              onClick={onToggleHistory}
            >
              {expanded ? t`Hide history` : t`History`}
            </button>
          </div>
        </td>
      </tr>
      {expanded && (
        <tr className="application-history-row" id={historyId}>
          <td colSpan={7}>
            <ApplicationHistory history={row.history} />
          </td>
        </tr>
      )}
    </>
  )
}
