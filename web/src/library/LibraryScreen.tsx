// /knjiznjica: the library, from this device's copy (it opens offline), its files kept offline
// item by item, and what this device keeps (as /gradiva).
import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { useOffline } from '../offline/context'
import { useLibrary } from '../materials/hooks'
import { useOfflineCopies } from '../materials/use-offline-copies'
import { initialLibraryState, LibraryView } from './LibraryView'
import '../participants/participants.css'
import '../materials/materials.css'

export function LibraryScreen() {
  const { db } = useOffline()
  const items = useLibrary(db)
  const [state, setState] = useState(initialLibraryState)
  const copies = useOfflineCopies()
  return (
    <div className="materials-page">
      <h1>
        <Trans>Library</Trans>
      </h1>
      {items === undefined ? (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <LibraryView items={items} state={state} onChange={setState} copies={copies} />
      )}
    </div>
  )
}
