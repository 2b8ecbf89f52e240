// The app bar's sync summary, only for those who can have edits waiting to sync (who may write
// some synced collection, as the registry says): a participant who only reads, an educator or a
// registrar would see a count that is always zero and a panel that means nothing to them.
// `data-sync` tells tests (and styles) that the choice is made.
import type { UserLike } from '@lfit/domain/access/roles'
import { canHavePendingEdits } from '@lfit/domain/sync/registry'
import SyncStatus from './SyncStatus'

export default function SyncSummary({ user }: { user: UserLike }) {
  const shown = canHavePendingEdits(user)
  return (
    <span className="sync-summary" data-sync={shown ? 'shown' : 'none'}>
      {shown && <SyncStatus />}
    </span>
  )
}
