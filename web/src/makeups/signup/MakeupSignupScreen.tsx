// /prijavaNadomescanje: a participant's outstanding days and, for each, the make-up sessions
// that cover it, to sign up, cancel or join the waitlist (docs/product-rules.md#signing-up-on-a-device).
// The staff who arrange make-ups act on a participant's behalf: they pick the participant first.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { hasAnyRole, hasRole, type Role } from '@lfit/domain/access/roles'
import { findRoute } from '@lfit/domain/access/routes'
import { useSession } from '../../session/session'
import { ParticipantPicker } from './ParticipantPicker'
import { ParticipantMakeups } from './ParticipantMakeups'
import '../public/makeups.css'

/** Who may open this screen other than a participant acts on a participant's behalf. */
const ON_BEHALF: readonly Role[] = (findRoute('/prijavaNadomescanje')?.roles ?? []).filter(
  (role) => role !== 'participant',
)

export function MakeupSignupScreen() {
  const { t } = useLingui()
  const user = useSession().user
  const ownSignups = hasRole(user, 'participant')
  const [chosen, setChosen] = useState<{ username: string; name: string } | null>(null)
  const participant = chosen?.username ?? (ownSignups ? user?.username : undefined)
  const onBehalf = hasAnyRole(user, ON_BEHALF)
  return (
    <section className="makeup-signup" aria-labelledby="makeup-signup-title">
      <h1 id="makeup-signup-title">
        <Trans>Sign up for a make-up lesson</Trans>
      </h1>
      {onBehalf && (
        <ParticipantPicker
          chosen={chosen}
          onChoose={setChosen}
          label={ownSignups ? t`Sign up someone else` : t`Whom are you signing up?`}
        />
      )}
      {participant && user && (
        <ParticipantMakeups participant={participant} name={chosen?.name ?? null} actor={user} />
      )}
    </section>
  )
}
