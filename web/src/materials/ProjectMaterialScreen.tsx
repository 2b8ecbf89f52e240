// /gradivaProjekta: the material of my projects from this device's copy. The device holds only
// the project material the reader may see (the pull is scoped by the access policy), so every
// project with material here is one of theirs.
import { Trans } from '@lingui/react/macro'
import { useOffline } from '../offline/context'
import { useMaterials } from './hooks'
import { OfflinePanel } from './OfflinePanel'
import { ProjectMaterialView } from './ProjectMaterialView'
import { useOfflineCopies } from './use-offline-copies'
import './materials.css'

export function ProjectMaterialScreen() {
  const { db } = useOffline()
  const materials = useMaterials(db)
  const copies = useOfflineCopies()
  return (
    <div className="materials-page">
      <h1>
        <Trans>Project material</Trans>
      </h1>
      {materials === undefined ? (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <>
          <ProjectMaterialView materials={materials} copies={copies} />
          <OfflinePanel
            materials={materials.filter((m) => m.projects.length > 0)}
            copies={copies}
          />
        </>
      )}
    </div>
  )
}
