// /gradivaSeznam: the full list of material on this device as a table. Editors get their editing
// panel above it (the `editor` slot), readers the table alone.
import { useState, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { useOffline } from '../offline/context'
import { useMaterials } from './hooks'
import { initialListState, MaterialListView } from './MaterialListView'
import '../participants/participants.css'
import './materials.css'

export function MaterialListScreen({
  editor,
}: {
  /**
   * INTEGRATION SLOT: the editors' `MaterialEditorPanel` (web/src/materials/editor/), shown to
   * those who manage material (the roles of domain/src/materials/access.ts). Left empty here: the
   * reading screen does not decide who edits.
   */
  editor?: ReactNode
}) {
  const { db } = useOffline()
  const materials = useMaterials(db)
  const [state, setState] = useState(initialListState)
  return (
    <div className="materials-page materials-list-page">
      <h1>
        <Trans>All material</Trans>
      </h1>
      {editor}
      {materials === undefined ? (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <MaterialListView materials={materials} state={state} onChange={setState} />
      )}
    </div>
  )
}
