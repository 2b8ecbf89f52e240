// The keep-offline state of this device for a screen: which files are kept, the storage used, and
// the actions, each reporting in the product's words what it did or could not do.
import { useCallback, useEffect, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { FileRef } from '@lfit/domain/materials/material'
import { useSnackbar } from '../ui/Snackbar'
import {
  keepOffline,
  keptFileIds,
  removeOffline,
  storageUse,
  type StorageUse,
} from './offline-copies'

export interface OfflineCopies {
  /** False where the browser keeps no offline copies (no Cache API, or not a secure page). */
  available: boolean
  /** Ids of the kept files; undefined while read. */
  kept: ReadonlySet<string> | undefined
  storage: StorageUse | null
  /** The key (a material's or segment's) whose files are being kept or removed. */
  busy: string | null
  keep(key: string, files: readonly FileRef[]): Promise<void>
  remove(key: string, files: readonly FileRef[]): Promise<void>
}

export function useOfflineCopies(): OfflineCopies {
  const { t } = useLingui()
  const snackbar = useSnackbar()
  const available = typeof caches !== 'undefined'
  const [kept, setKept] = useState<ReadonlySet<string>>()
  const [storage, setStorage] = useState<StorageUse | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const refresh = useCallback(async () => {
    if (!available) return
    const [ids, use] = await Promise.all([keptFileIds(caches), storageUse(navigator.storage)])
    setKept(ids)
    setStorage(use)
  }, [available])

  useEffect(() => {
    void refresh()
  }, [refresh])

  const keep = async (key: string, files: readonly FileRef[]) => {
    setBusy(key)
    try {
      const result = await keepOffline(files, { caches, fetch: (url, init) => fetch(url, init) })
      const failed = result.failed.length
      if (failed > 0)
        snackbar.show(
          plural(failed, {
            one: '# file could not be kept offline. Check the connection and try again.',
            other: '# files could not be kept offline. Check the connection and try again.',
          }),
          'error',
        )
      else snackbar.show(t`Kept offline: it opens on this device without a connection.`)
    } finally {
      setBusy(null)
      await refresh()
    }
  }

  const remove = async (key: string, files: readonly FileRef[]) => {
    setBusy(key)
    try {
      await removeOffline(files, caches)
      snackbar.show(t`Offline copy removed.`)
    } finally {
      setBusy(null)
      await refresh()
    }
  }

  return { available, kept, storage, busy, keep, remove }
}
