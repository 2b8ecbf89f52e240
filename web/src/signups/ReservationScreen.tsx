// /rezervacija: a visitor reserves a place on a training day, with an optional message.
import { Trans } from '@lingui/react/macro'
import { SignupForm } from './SignupForm'

export default function ReservationScreen() {
  return (
    <SignupForm
      kind="reservation"
      title={<Trans>Reservation</Trans>}
      intro={
        <Trans>
          Reserve a place on a training day. Choose the day, leave your contact details and, if you
          like, a message; we will reply by e-mail.
        </Trans>
      }
    />
  )
}
