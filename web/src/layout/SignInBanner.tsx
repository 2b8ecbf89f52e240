// Shown on every screen while the device's session has lapsed (the server said "not signed in"):
// the edits made here are safe on the device, and someone must sign in to send them. Only the
// lapsed flag is read here; the count (the local database) loads with the banner's own chunk,
// so a signed-in page never pays for it (docs/0008-studio-tablet-session.md).
import { lazy, Suspense } from 'react'
import { useSession } from '../session/session'

const LapsedSessionBanner = lazy(() => import('../offline/LapsedSessionBanner'))

export function SignInBanner() {
  const { lapsed } = useSession()
  if (!lapsed) return null
  return (
    <Suspense fallback={null}>
      <LapsedSessionBanner />
    </Suspense>
  )
}
