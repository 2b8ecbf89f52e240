// /prijavaZaDan: a visitor signs up for one training day of the programme.
import { Trans } from '@lingui/react/macro'
import { SignupForm } from './SignupForm'

export default function EventSignupScreen() {
  return (
    <SignupForm
      kind="signup"
      title={<Trans>Sign up for a day</Trans>}
      intro={
        <Trans>
          Come and train with us for a day. Choose the day and leave your contact details; we will
          confirm by e-mail.
        </Trans>
      }
    />
  )
}
