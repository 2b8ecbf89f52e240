// Shown on every screen while an administrator acts as another user (docs/0045): whom they act
// as, that their writes are recorded under both names, and one button that ends it. Loaded only
// then (ActingBanner.tsx), so the first route does not carry it.
import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { switchActing, useSessionUser } from '../session/session'
import { displayName } from './UserMenu'

export default function ActingBannerContent() {
  const { t } = useLingui()
  const user = useSessionUser()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  if (!user?.actor) return null
  const name = displayName(user)
  const actor = displayName(user.actor)
  const end = async () => {
    setBusy(true)
    setFailed(false)
    try {
      await switchActing('stopActing', undefined, () => navigate({ to: '/' }))
    } catch (error) {
      console.error(error)
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="acting-banner" aria-label={t`Acting as another user`}>
      <p className="acting-banner-text" role="status">
        <strong>
          <Trans>Acting as {name}</Trans>
        </strong>{' '}
        <span>
          <Trans>
            You see what they see; what you change is recorded under your name ({actor}) and theirs.
          </Trans>
        </span>
        {failed && (
          <span className="acting-banner-error">
            {' '}
            <Trans>Could not end it; check the connection and try again.</Trans>
          </span>
        )}
      </p>
      <button
        type="button"
        className="btn btn-primary acting-banner-end"
        disabled={busy}
        onClick={() => void end()}
      >
        <Trans>End acting as {name}</Trans>
      </button>
    </section>
  )
}
