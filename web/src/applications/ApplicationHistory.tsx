// An application's history, oldest first: when, who, what, and why where a reason was given.
import { useLingui } from '@lingui/react/macro'
import type { EnrolmentChange } from '@lfit/domain/people/enrolment'
import { formatDateTime } from '../i18n/date-format'
import { ACTION_NAMES } from './status-names'

export function ApplicationHistory({ history }: { history: readonly EnrolmentChange[] }) {
  const { t, i18n } = useLingui()
  const changeText = (change: EnrolmentChange) => {
    const who = change.by
    const what = i18n._(ACTION_NAMES[change.action])
    return t`${what} by ${who}`
  }
  return (
    <ol className="application-history">
      {history.map((change, index) => (
        <li key={`${change.at}-${index}`}>
          <time dateTime={change.at}>{formatDateTime(i18n.locale, Date.parse(change.at))}</time>{' '}
          <span>{changeText(change)}</span>
          {change.reason && (
            <>
              {' '}
              <q className="application-reason">{change.reason}</q>
            </>
          )}
        </li>
      ))}
    </ol>
  )
}
