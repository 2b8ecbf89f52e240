// /gradivaSeznam: the full list of material on this device as a table. Those who manage material
// also make, change and delete it here (the editor loads only when they open it); readers get the
// table alone. A material whose uploads a reload cut opens again by itself, and they go on.
import { useEffect, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { hasAnyRole } from '@lfit/domain/access/roles'
import { MATERIAL_MANAGER_ROLES } from '@lfit/domain/materials/access'
import { useResumedUploads } from '../editing/useResumedUploads'
import { useOffline } from '../offline/context'
import { useSession } from '../session/session'
import { MaterialEditorPanel } from './editor/MaterialEditorPanel'
import { useMaterials } from './hooks'
import { initialListState, MaterialListView } from './MaterialListView'
import '../participants/participants.css'
import './materials.css'

export function MaterialListScreen() {
  const { db } = useOffline()
  const materials = useMaterials(db)
  const [state, setState] = useState(initialListState)
  const manages = hasAnyRole(useSession().user, MATERIAL_MANAGER_ROLES)
  // The material being edited: its id, null for a new one, undefined when none is.
  const [editing, setEditing] = useState<string | null | undefined>(undefined)
  const resumed = useResumedUploads('materials')
  useEffect(() => {
    if (resumed && manages) setEditing(resumed)
  }, [resumed, manages])
  if (manages && editing !== undefined)
    return (
      <div className="materials-page materials-list-page">
        <MaterialEditorPanel
          materialId={editing}
          resumed={editing === resumed}
          onDone={() => setEditing(undefined)}
        />
      </div>
    )
  return (
    <div className="materials-page materials-list-page">
      <h1>
        <Trans>All material</Trans>
      </h1>
      {manages && (
        <button type="button" className="btn btn-primary" onClick={() => setEditing(null)}>
          <Trans>New material</Trans>
        </button>
      )}
      {materials === undefined ? (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <MaterialListView
          materials={materials}
          state={state}
          onChange={setState}
          onEdit={manages ? setEditing : undefined}
        />
      )}
    </div>
  )
}
