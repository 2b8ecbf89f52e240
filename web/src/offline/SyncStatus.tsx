// The app bar's sync status: how many edits wait, when the device last synced, whether live
// updates are connected (without them the device still syncs on its timer), a button to sync
// now, and a small diagnostics panel (queue, last error, edits that were not applied), all in
// words: the device's cursor and record ids mean nothing to the people who read it.
// Loaded after the first page is up: the local database is not needed to show it.
import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState, useSyncExternalStore } from 'react'
import { formatDateTime } from '../i18n/date-format'
import { useLiveStatus } from '../live/status'
import { useEventBus } from '../events/context'
import { offlineRuntime } from './app-offline'
import { useNotices, usePendingCount, useSyncMeta } from './hooks'
import { describeQueued, describeSyncError } from './notice-words'
import { SyncNotices, usePeopleNames } from './SyncNotices'
import './sync-status.css'

const QUEUE_SHOWN = 20

export default function SyncStatus() {
  const { t, i18n } = useLingui()
  const { db, engine } = offlineRuntime(useEventBus())
  const pending = usePendingCount(db)
  const notices = useNotices(db)
  const meta = useSyncMeta(db)
  const state = useSyncExternalStore(engine.subscribe, () => engine.status().state)
  const live = useLiveStatus().state
  // The panel is rendered (and the queue read) only while open: closed, a tap on /ETAB re-renders
  // the count and nothing else here.
  const [open, setOpen] = useState(false)
  const queue = useLiveQuery(
    () => (open ? db.outbox.limit(QUEUE_SHOWN).toArray() : []),
    [db, open],
    [],
  )
  const people = usePeopleNames(db)
  const when = (ms: number) => formatDateTime(i18n.locale, ms)
  const waiting = pending ? t`${pending} changes waiting to sync` : t`Everything is synced`
  return (
    <details
      className="sync-status"
      data-pending={pending}
      data-notices={notices.length}
      data-live={live}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary aria-label={t`Changes waiting to sync: ${pending}`} title={waiting}>
        <span className="pending-count" data-testid="pending-count">
          ⟳ {pending}
        </span>
        {notices.length > 0 && <span className="notice-badge">!</span>}
      </summary>
      {open && (
        <div className="sync-panel">
          <p>{waiting}</p>
          {state === 'updateRequired' && (
            <p className="sync-update" role="status">
              <Trans>
                A newer version of the app is needed to sync; it will load on your next navigation
                or reload. Your changes stay saved on this device until then.
              </Trans>
            </p>
          )}
          <p>
            {meta.lastSyncAt ? (
              <Trans>Last synced: {when(meta.lastSyncAt)}</Trans>
            ) : (
              <Trans>Not synced yet on this device.</Trans>
            )}
          </p>
          <p className="sync-live" data-testid="live-updates">
            {live === 'open' ? (
              <Trans>Live updates: connected</Trans>
            ) : (
              <Trans>Live updates: not connected</Trans>
            )}
          </p>
          <button type="button" className="btn btn-primary" onClick={() => void engine.syncNow()}>
            <Trans>Sync now</Trans>
          </button>
          <SyncNotices db={db} />
          <h3>
            <Trans>Diagnostics</Trans>
          </h3>
          <dl className="sync-diagnostics">
            <dt>
              <Trans>Last error</Trans>
            </dt>
            <dd>{describeSyncError(i18n, meta.lastError) ?? '—'}</dd>
            <dt>
              <Trans>Edits waiting to be sent</Trans>
            </dt>
            <dd>
              <ol className="sync-queue">
                {queue.map((entry) => (
                  <li key={entry.seq}>
                    {describeQueued(i18n, entry.mutation, { ...people, registry: db.registry })} ·{' '}
                    {people.nameOf(entry.user) ?? entry.user}, {when(entry.madeAt)}
                  </li>
                ))}
              </ol>
            </dd>
          </dl>
        </div>
      )}
    </details>
  )
}
