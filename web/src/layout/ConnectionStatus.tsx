// Online or offline, and how many edits wait to be synced: the presence editor must be able to
// see at a glance that the tablet's work is safe and when it has reached the server. The state is
// spelled out (not only a coloured dot) and is the only part announced when it changes. The sync
// part (local database, engine) loads a moment after the page is up, outside the first route's
// JavaScript.
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useSession } from '../session/session'

const SyncSummary = lazy(() => import('../offline/SyncSummary'))
const SYNC_STATUS_DELAY_MS = 500

/** How often the state is read again besides its events (see `subscribe`). */
const ONLINE_RECHECK_MS = 5_000

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  document.addEventListener('visibilitychange', listener)
  // A page that was frozen or in the background can miss the `online` event and keep saying
  // Offline: reading navigator.onLine now and then corrects it (a render only when it changed).
  const recheck = setInterval(listener, ONLINE_RECHECK_MS)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
    document.removeEventListener('visibilitychange', listener)
    clearInterval(recheck)
  }
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
}

export function ConnectionStatus() {
  const { t } = useLingui()
  const online = useOnline()
  // A visitor has no queue and nothing to sync: the count and panel are for signed-in users.
  const { user, lapsed } = useSession()
  const [showSync, setShowSync] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setShowSync(true), SYNC_STATUS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
  // Connected but logged out is not "Online": nothing reaches the server until a login.
  const label = !online ? t`Offline` : lapsed ? t`Not logged in` : t`Online`
  return (
    <div className="connection-status" data-online={online} data-signed-out={Boolean(lapsed)}>
      <span className="connection-state" role="status" title={label}>
        <span className="connection-dot" aria-hidden="true" />
        <span className="connection-label">{label}</span>
      </span>
      {showSync && user && (
        <Suspense fallback={null}>
          <SyncSummary user={user} />
        </Suspense>
      )}
    </div>
  )
}
