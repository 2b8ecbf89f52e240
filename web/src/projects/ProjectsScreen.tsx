// /projects: the fixed projects, each with its members and how much material it has. Members
// come from the user directory the caller may read (an admin reads everyone and may add and
// remove members; others see what the directory shows them). Material counts come from the
// device's material (project material is managed on /projectMedia).
import { useMemo } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { decide } from '@lfit/domain/access/policy'
import { PROJECTS, type PublicUser } from '@lfit/domain/users/user'
import { saveUser } from '../admin/users-api'
import { useScreenRead } from '../app/screen-reads'
import { useEditableMaterials } from '../editing/hooks'
import { useOffline } from '../offline/context'
import { useSession } from '../session/session'
import { SelectField } from '../ui/fields'
import { ReadFailed, useReadAgain } from '../ui/ServerRead'
import { membersOf, personName, projectsWith } from './members'
import './projects.css'

export function ProjectsScreen() {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const { db } = useOffline()
  const materials = useEditableMaterials(db)
  // The router reads the members (web/src/app/screen-reads.ts); offline, the failure shows here.
  const directory = useScreenRead('/projects')
  const users = directory.ok ? directory.value : null
  const reload = useReadAgain()
  const caller = user ? { username: user.username, roles: user.roles } : null
  const mayEdit = decide('users', 'save', caller).allowed
  const read = decide('users', 'find', caller)
  const ownOnly = read.allowed && read.permit.rows !== null

  const materialCount = useMemo(() => {
    const counts = new Map<string, number>()
    for (const { record } of materials ?? [])
      for (const project of record.projects) counts.set(project, (counts.get(project) ?? 0) + 1)
    return counts
  }, [materials])

  const setMember = async (member: PublicUser, project: string, on: boolean) => {
    const projects = projectsWith(member.projects, project, on, PROJECTS)
    if (await saveUser(member._id, { projects })) await reload()
  }

  return (
    <section aria-labelledby="projects-title">
      <h1 id="projects-title">
        <Trans>Projects</Trans>
      </h1>
      {ownOnly && (
        <p className="muted">
          <Trans>
            The user directory shows you only your own account; an admin keeps the members.
          </Trans>
        </p>
      )}
      {!directory.ok && <ReadFailed error={directory.error} onRetry={() => void reload()} />}
      <div className="projects">
        {PROJECTS.map((project) => {
          const members = membersOf(users ?? [], project, i18n.locale)
          const others = (users ?? []).filter((other) => !other.projects?.includes(project))
          const count = materialCount.get(project) ?? 0
          return (
            <article key={project} className="card project" aria-labelledby={`project-${project}`}>
              <h2 id={`project-${project}`}>{project}</h2>
              <p className="muted">
                <Trans>
                  {members.length} members · {count} materials
                </Trans>
              </p>
              <ul className="project-members">
                {members.map((member) => (
                  <li key={member._id}>
                    <span>
                      {personName(member)} <span className="muted">{member.username}</span>
                    </span>
                    {mayEdit && (
                      <button
                        type="button"
                        className="btn btn-small"
                        aria-label={t`Remove ${personName(member)} from ${project}`}
                        onClick={() => void setMember(member, project, false)}
                      >
                        <Trans>Remove</Trans>
                      </button>
                    )}
                  </li>
                ))}
              </ul>
              {mayEdit && others.length > 0 && (
                <SelectField
                  label={t`Add a member`}
                  value=""
                  placeholder={t`Choose a person…`}
                  options={others.map((other) => ({
                    value: other._id,
                    label: `${personName(other)} (${other.username})`,
                  }))}
                  onChange={(id) => {
                    const chosen = others.find((other) => other._id === id)
                    if (chosen) void setMember(chosen, project, true)
                  }}
                />
              )}
            </article>
          )
        })}
      </div>
    </section>
  )
}
