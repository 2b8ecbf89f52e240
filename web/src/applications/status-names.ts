// The words of an application's states and changes, in the UI language.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { EnrolmentAction, EnrolmentStatus } from '@lfit/domain/people/enrolment'

export const STATUS_NAMES: Record<EnrolmentStatus, MessageDescriptor> = {
  applied: msg({ message: 'Applied', context: 'application status' }),
  accepted: msg({ message: 'Accepted', context: 'application status' }),
  declined: msg({ message: 'Declined', context: 'application status' }),
  withdrawn: msg({ message: 'Withdrawn', context: 'application status' }),
  completed: msg({ message: 'Completed', context: 'application status' }),
}

/** What a history entry says was done (a noun-like phrase: "Declined by …"). */
export const ACTION_NAMES: Record<EnrolmentAction, MessageDescriptor> = {
  apply: msg({ message: 'Applied', context: 'application history' }),
  accept: msg({ message: 'Accepted', context: 'application history' }),
  decline: msg({ message: 'Declined', context: 'application history' }),
  reopen: msg({ message: 'Reopened', context: 'application history' }),
  withdraw: msg({ message: 'Withdrawn', context: 'application history' }),
  complete: msg({ message: 'Completed', context: 'application history' }),
}
