// Who may download a file when nothing else says (no materials wired in): its uploader and the
// file managers, nobody else, so a file is never readable by default (docs/architecture.md#files).
import { hasAnyRole } from '@lfit/domain/access/roles'
import { FILE_MANAGER_ROLES } from '@lfit/domain/materials/access'
import type { FileAccess } from './access'

export const uploaderAndManagersOnly: FileAccess = {
  async mayDownload(session, file) {
    if (!session) return false
    return (
      session.user.username === file.uploadedBy ||
      hasAnyRole({ roles: session.roles }, FILE_MANAGER_ROLES)
    )
  },
  async usesOf() {
    return new Map()
  },
}
