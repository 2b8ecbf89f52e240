// The person's own enrolments on /mojRacun, read through the data API (the access policy gives
// each person their own rows): year, project, status and since when.
import { useEffect, useState } from 'react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  enrolmentSchema,
  type Enrolment,
  type EnrolmentStatus,
} from '@lfit/domain/people/enrolment'
import { api } from '../api/api'
import { formatDay } from '../i18n/date-format'

const STATUS_WORDS: Record<EnrolmentStatus, MessageDescriptor> = {
  applied: msg`Applied, awaiting a decision`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn`,
  completed: msg`Completed`,
}

export function MyEnrolments({ username }: { username: string }) {
  const { t, i18n } = useLingui()
  const [enrolments, setEnrolments] = useState<Enrolment[] | null>(null)
  useEffect(() => {
    let live = true
    void api.db('enrolments', 'find', { query: { person: username } }).then((rows) => {
      if (!live) return
      const parsed = enrolmentSchema.array().safeParse(rows ?? [])
      setEnrolments(parsed.success ? [...parsed.data].sort((a, b) => b.year - a.year) : [])
    })
    return () => {
      live = false
    }
  }, [username])
  if (enrolments === null) return <p aria-busy="true">{t`Loading…`}</p>
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
