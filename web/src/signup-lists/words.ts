// The product's words for sign-up statuses, in the UI language.
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { SignupStatus } from '@lfit/domain/records/signups'

const STATUS: Record<SignupStatus, MessageDescriptor> = {
  received: msg({ message: 'Received', context: 'sign-up status' }),
  confirmed: msg({ message: 'Confirmed', context: 'sign-up status' }),
  cancelled: msg({ message: 'Cancelled', context: 'sign-up status' }),
}

export const signupStatusName = (i18n: I18n, status: SignupStatus) => i18n._(STATUS[status])
