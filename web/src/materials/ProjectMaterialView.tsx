// /gradivaProjekta's content: the material of my projects, one section per project, newest first.
import { Trans } from '@lingui/react/macro'
import type { MaterialRecord } from '@lfit/domain/materials/material'
import { groupByProject } from '@lfit/domain/materials/lists'
import type { OfflineActions } from './KeepOffline'
import { MaterialCard } from './MaterialCard'

export function ProjectMaterialView({
  materials,
  copies,
}: {
  materials: readonly MaterialRecord[]
  copies: OfflineActions
}) {
  const groups = groupByProject(materials)
  if (groups.length === 0)
    return (
      <p data-empty>
        <Trans>
          No project material on this device yet. It appears here when material is added to a
          project of yours (after the next sync).
        </Trans>
      </p>
    )
  return (
    <>
      {groups.map((group) => (
        <section key={group.project} className="material-group" data-project={group.project}>
          <h2>{group.project}</h2>
          {group.materials.map((material) => (
            <MaterialCard key={material._id} material={material} isNew={false} copies={copies} />
          ))}
        </section>
      ))}
    </>
  )
}
