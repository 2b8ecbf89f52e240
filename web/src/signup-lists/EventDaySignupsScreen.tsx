// /prijaveZaDan (admin, regEditor): the sign-ups for a training day sent from /prijavaZaDan.
import { Trans } from '@lingui/react/macro'
import { SignupListScreen } from './SignupListScreen'

export default function EventDaySignupsScreen() {
  return (
    <SignupListScreen kind="signup" screen="prijaveZaDan" title={<Trans>Day sign-ups</Trans>} />
  )
}
