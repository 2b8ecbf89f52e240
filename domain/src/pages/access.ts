// Who writes the public pages and the news (docs/access-policy.md#public-pages-and-news): without
// zod, since the route table (on the first route) names these roles.
import type { Role, UserLike } from '../access/roles'
import { hasAnyRole } from '../access/roles'

export const PAGE_EDITOR_ROLES: readonly Role[] = ['admin', 'pageEditor']

export function isPageEditor(user: UserLike): boolean {
  return hasAnyRole(user, PAGE_EDITOR_ROLES)
}
