// /projectMedia: the material of the projects (a material whose projects are not empty), for
// project and media editors: the list of one project or all, and the material editor, which
// starts a new material in the chosen project. A material whose uploads a reload cut opens again
// by itself, and they go on.
import { useEffect, useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { PROJECTS, type Project } from '@lfit/domain/users/user'
import { EditList } from '../editing/EditList'
import { useEditableMaterials } from '../editing/hooks'
import { useResumedUploads } from '../editing/useResumedUploads'
import { MaterialEditorPanel } from '../materials/editor/MaterialEditorPanel'
import { materialColumns, materialSearchText } from '../materials/editor/material-columns'
import { useOffline } from '../offline/context'
import { SelectField } from '../ui/fields'

type Editing = { id: string | null } | null

/** A new material made while all projects are listed starts in the newest project. */
const NEWEST_PROJECT: Project = PROJECTS.at(-1) ?? PROJECTS[0]

export function ProjectMediaScreen() {
  const { t, i18n } = useLingui()
  const { db } = useOffline()
  const shown = useEditableMaterials(db)
  const [project, setProject] = useState<Project | ''>('')
  const [editing, setEditing] = useState<Editing>(null)
  const resumed = useResumedUploads('materials')
  useEffect(() => {
    if (resumed) setEditing({ id: resumed })
  }, [resumed])
  const columns = useMemo(() => materialColumns(i18n), [i18n])
  const rows = useMemo(
    () =>
      (shown ?? []).filter(({ record }) =>
        project ? record.projects.includes(project) : record.projects.length > 0,
      ),
    [shown, project],
  )
  if (editing)
    return (
      <section aria-label={t`Project media`}>
        <MaterialEditorPanel
          materialId={editing.id}
          resumed={editing.id === resumed}
          preset={{
            projects: [project || NEWEST_PROJECT],
            visibility: 'participants',
          }}
          onDone={() => setEditing(null)}
        />
      </section>
    )
  return (
    <section aria-labelledby="project-media-title">
      <h1 id="project-media-title">
        <Trans>Project media</Trans>
      </h1>
      {shown === undefined ? (
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <EditList
          label={t`Project material`}
          rows={rows}
          columns={columns}
          keyOf={({ record }) => record._id}
          initialSort={{ column: 'created', direction: 'desc' }}
          searchAlso={materialSearchText}
          toolbar={
            <>
              <SelectField
                label={t`Project`}
                value={project}
                placeholder={t`All projects`}
                options={PROJECTS.map((name) => ({ value: name, label: name }))}
                onChange={(value) => setProject(value as Project | '')}
              />
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setEditing({ id: null })}
              >
                <Trans>New project material</Trans>
              </button>
            </>
          }
          actions={({ record }) => (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setEditing({ id: record._id })}
            >
              <Trans>Edit</Trans>
            </button>
          )}
        />
      )}
    </section>
  )
}
