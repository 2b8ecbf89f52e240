// /prijaveNaDogodke (admin, regEditor): the reservations sent from /rezervacija, the programme's
// other kind of event sign-up.
import { Trans } from '@lingui/react/macro'
import { SignupListScreen } from './SignupListScreen'

export default function EventSignupsScreen() {
  return (
    <SignupListScreen
      kind="reservation"
      screen="prijaveNaDogodke"
      title={<Trans>Event sign-ups</Trans>}
    />
  )
}
