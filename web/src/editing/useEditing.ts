// What an editor form needs from the device: its draft with a "changed" flag, and saving and
// deleting through the outbox with the snackbar saying where the edit is (saved on this device,
// sent with the next sync, which also works offline).
import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { ZodType } from 'zod'
import type { SyncedRecord } from '@lfit/domain/records/synced'
import { useOffline } from '../offline/context'
import { useSnackbar } from '../ui/Snackbar'
import { deleteRecord, saveRecord } from './edit'

export function useDraft<R>(initial: R) {
  const [draft, setDraft] = useState(initial)
  const [dirty, setDirty] = useState(false)
  const change = (patch: Partial<R>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setDirty(true)
  }
  return { draft, dirty, change, saved: () => setDirty(false) }
}

export function useRecordEditing<R extends SyncedRecord & { createdAt: number }>(
  collection: 'materials' | 'library',
  schema: ZodType,
) {
  const { t } = useLingui()
  const { edit } = useOffline()
  const snackbar = useSnackbar()
  return {
    /** True when the edit is queued (or there was nothing to save). */
    async save(before: R | null, draft: R): Promise<boolean> {
      const result = await saveRecord(edit, collection, before, draft, schema, Date.now())
      if (result.saved || result.reason === 'unchanged') {
        snackbar.show(
          navigator.onLine ? t`Saved.` : t`Saved on this device; it is sent when you are online.`,
        )
        return true
      }
      snackbar.show(
        t`Some fields are not filled in as they should be; check them and save again.`,
        'error',
      )
      return false
    },
    async remove(id: string): Promise<void> {
      await deleteRecord(edit, collection, id)
      snackbar.show(t`Deleted.`)
    },
  }
}
