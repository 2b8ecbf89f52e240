// The banner of an administrator acting as another user (docs/0045), on every screen: only whether
// they act is read here; the banner itself loads with its own chunk, as the lapsed-session one.
import { lazy, Suspense } from 'react'
import { useSessionUser } from '../session/session'

const ActingBannerContent = lazy(() => import('./ActingBannerContent'))

export function ActingBanner() {
  const user = useSessionUser()
  if (!user?.actor) return null
  return (
    <Suspense fallback={null}>
      <ActingBannerContent />
    </Suspense>
  )
}
