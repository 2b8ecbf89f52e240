// Forgets the personal data of a user who left this device (a logout, a block, another person's
// login): the device database's personal tables (personal-data.ts), the caches of their answers
// and kept files (session/user-caches.ts), their unsaved note drafts and the files they left
// uploading (editing/pending-uploads.ts). Loaded only when someone
// leaves, so the first page never waits for it (docs/0024). See
// docs/0034-shared-devices-forget-the-last-user.md.
import { DRAFTS_PREFIX } from '../attendance/note-drafts'
import { forgetOthersUploads } from '../editing/pending-uploads'
import { forgetUserCaches } from '../session/user-caches'
import { LocalDatabase } from './database'
import { claimDevice } from './personal-data'
import { SYNC_LOCK } from './sync-loop'

export interface ForgetDeps {
  db: LocalDatabase
  /** Runs `task` once no sync run of any tab holds the device's data (the sync's Web Lock). */
  afterSync: (task: () => Promise<void>) => Promise<void>
  caches: Parameters<typeof forgetUserCaches>[0]
  storage: Pick<Storage, 'length' | 'key' | 'removeItem'> | undefined
  /** Forgets the unfinished uploads of everyone but `next`. */
  forgetUploads: (next: string | null) => Promise<void>
}

function browserDeps(): ForgetDeps {
  return {
    db: new LocalDatabase(),
    // A run that pulled for the one who left would otherwise write their records after the
    // clearing; waiting for its lock (not skipping, as another sync does) orders the two.
    afterSync: (task) =>
      typeof navigator !== 'undefined' && 'locks' in navigator
        ? navigator.locks.request(SYNC_LOCK, task)
        : task(),
    caches: (globalThis as { caches?: ForgetDeps['caches'] }).caches,
    storage: typeof localStorage === 'undefined' ? undefined : localStorage,
    forgetUploads: forgetOthersUploads,
  }
}

/** Forgets what the last user left; `next` is who uses the device now (null: nobody). */
export async function forgetLastUser(
  next: string | null,
  deps: ForgetDeps = browserDeps(),
): Promise<void> {
  try {
    forgetDrafts(deps.storage)
    await Promise.all([
      deps.afterSync(async () => {
        await claimDevice(deps.db, next)
      }),
      forgetUserCaches(deps.caches),
      deps.forgetUploads(next),
    ])
  } finally {
    deps.db.close()
  }
}

function forgetDrafts(storage: ForgetDeps['storage']): void {
  if (!storage) return
  const keys: string[] = []
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i)
    if (key?.startsWith(DRAFTS_PREFIX)) keys.push(key)
  }
  for (const key of keys) storage.removeItem(key)
}
