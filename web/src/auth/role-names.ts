// A readable name for every role (docs/product-rules.md#roles-and-routes), in the user's
// language, wherever roles are shown: the user menu, the users list and editor, acting with
// fewer roles. The role ids stay the data; people read these.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isRole, type Role } from '@lfit/domain/access/roles'

export const ROLE_NAMES: Record<Role, MessageDescriptor> = {
  admin: msg`Administrator`,
  regEditor: msg`Registration editor`,
  fullRegEditor: msg`Registration editor with full rights`,
  mediaEditor: msg`Media editor`,
  participant: msg`Participant`,
  educator: msg`Educator`,
  presenceEditor: msg`Presence editor`,
  ED: msg`Educational director`,
  makeupEditor: msg`Make-up editor`,
  projectEditor: msg`Project editor`,
  seesAllMaterial: msg`Sees all material`,
  photoEditor: msg`Photo editor`,
  librarian: msg`Librarian`,
  seesLibrary: msg`Sees the library`,
  pageEditor: msg`Page editor`,
  calendarEditor: msg`Calendar editor`,
}

/** A role's name; a role this build does not know is shown as stored. */
export function roleName(i18n: I18n, role: string): string {
  return isRole(role) ? i18n._(ROLE_NAMES[role]) : role
}

/** Roles as a list of names, in the order held. */
export function roleNames(i18n: I18n, roles: readonly string[]): string {
  return roles.map((role) => roleName(i18n, role)).join(', ')
}
