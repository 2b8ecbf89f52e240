// Shown on every screen while the device's session has lapsed (the server said "not signed in"):
// the edits made here are safe on the device, and someone must sign in to send them. Only the
// lapsed flag is read here; the count (the local database) loads with the banner's own chunk,
// so a signed-in page never pays for it (docs/0008-studio-tablet-session.md). A user who may
// not send everyone's edits (a participant on the studio tablet) gets the count of those that
// wait for someone who may, in a chunk of its own too (docs/0039-edits-wait-for-who-may-send-them.md).
import { lazy, Suspense } from 'react'
import { PRESENCE_WRITER_ROLES } from '@lfit/domain/attendance/permissions'
import { hasAnyRole } from '@lfit/domain/access/roles'
import { useSession } from '../session/session'

const LapsedSessionBanner = lazy(() => import('../offline/LapsedSessionBanner'))
const WaitingEditsBanner = lazy(() => import('../offline/WaitingEditsBanner'))

export function SignInBanner() {
  const { lapsed, user } = useSession()
  if (!lapsed && (!user || hasAnyRole(user, PRESENCE_WRITER_ROLES))) return null
  return (
    <Suspense fallback={null}>{lapsed ? <LapsedSessionBanner /> : <WaitingEditsBanner />}</Suspense>
  )
}
