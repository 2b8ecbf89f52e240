// The person's own enrolments on /mojRacun, read through the data API (the access policy gives
// each person their own rows): year, project, status and since when.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  enrolmentSchema,
  type Enrolment,
  type EnrolmentStatus,
} from '@lfit/domain/people/enrolment'
import { api } from '../api/api'
import type { Settled } from '../app/screen-reads'
import { formatDay } from '../i18n/date-format'
import { ReadFailed, useReadAgain } from '../ui/ServerRead'

const STATUS_WORDS: Record<EnrolmentStatus, MessageDescriptor> = {
  applied: msg`Applied, awaiting a decision`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn`,
  completed: msg`Completed`,
}

/** The person's enrolments, newest year first, for /mojRacun's loader (docs/0036). */
export async function loadMyEnrolments(username: string): Promise<Enrolment[]> {
  const rows = await api.read('enrolments', 'find', { query: { person: username } })
  const parsed = enrolmentSchema.array().safeParse(rows ?? [])
  return parsed.success ? [...parsed.data].sort((a, b) => b.year - a.year) : []
}

export function MyEnrolments({ read }: { read: Settled<Enrolment[]> }) {
  const { t, i18n } = useLingui()
  const readAgain = useReadAgain()
  if (!read.ok) return <ReadFailed error={read.error} onRetry={() => void readAgain()} />
  const enrolments = read.value
  if (enrolments.length === 0)
    return (
      <p>
        <Trans>You are not enrolled in any programme year.</Trans>
      </p>
    )
  return (
    <ul className="account-list">
      {enrolments.map((enrolment) => {
        const first = enrolment.history[0]
        const last = enrolment.history.at(-1)
        const applied = first ? formatDay(i18n.locale, Date.parse(first.at)) : ''
        const changed = last ? formatDay(i18n.locale, Date.parse(last.at)) : ''
        const status = t(STATUS_WORDS[enrolment.status])
        return (
          <li key={enrolment._id} data-year={enrolment.year} data-status={enrolment.status}>
            <strong>
              <Trans>Year {enrolment.year}</Trans>
            </strong>
            {enrolment.project && <span> · {enrolment.project}</span>}
            <span className={`badge badge-${enrolment.status}`}> · {status}</span>
            <span className="muted account-dates">
              {first && <Trans>Applied on {applied}</Trans>}
              {last && last !== first && (
                <>
                  {'; '}
                  <Trans>last change {changed}</Trans>
                </>
              )}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
