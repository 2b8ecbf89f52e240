// The product's words for enrolment statuses and the participant list's columns, in the UI
// language: the screen's headers and the export's headers are the same words.
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { EnrolmentAction, EnrolmentStatus } from '@lfit/domain/people/enrolment'
import type { ParticipantColumn } from '@lfit/domain/lists/participants'
import { phoneForPeople } from '@lfit/domain/users/phone'

const STATUS: Record<EnrolmentStatus, MessageDescriptor> = {
  applied: msg({ message: 'Applied', context: 'enrolment status' }),
  accepted: msg({ message: 'Accepted', context: 'enrolment status' }),
  declined: msg({ message: 'Declined', context: 'enrolment status' }),
  withdrawn: msg({ message: 'Withdrawn', context: 'enrolment status' }),
  completed: msg({ message: 'Completed', context: 'enrolment status' }),
}

export const statusName = (i18n: I18n, status: EnrolmentStatus) => i18n._(STATUS[status])

const COLUMN: Record<ParticipantColumn, MessageDescriptor> = {
  name: msg`Name`,
  email: msg`E-mail`,
  phone: msg`Phone`,
  country: msg`Country`,
  year: msg`Year`,
  project: msg`Project`,
  status: msg`Status`,
  percent: msg`Attendance %`,
  missed: msg`Missed days`,
  madeUp: msg`Made up`,
  outstanding: msg`To make up`,
  standing: msg`Standing`,
}

export const columnName = (i18n: I18n, column: ParticipantColumn) => i18n._(COLUMN[column])

/** A stored phone number (digits with the country code) as people write it. */
export const phoneText = phoneForPeople

const ACTION: Record<EnrolmentAction, MessageDescriptor> = {
  apply: msg({ message: 'Applied', context: 'enrolment change' }),
  accept: msg({ message: 'Accepted', context: 'enrolment change' }),
  decline: msg({ message: 'Declined', context: 'enrolment change' }),
  reopen: msg({ message: 'Reopened', context: 'enrolment change' }),
  withdraw: msg({ message: 'Withdrew', context: 'enrolment change' }),
  complete: msg({ message: 'Completed', context: 'enrolment change' }),
}

export const actionName = (i18n: I18n, action: EnrolmentAction) => i18n._(ACTION[action])
