// Who issues, re-issues and revokes certificates and reads everyone's (docs/access-policy.md#certificates).
import type { Role } from '../access/roles'

export const CERTIFICATE_ISSUER_ROLES: readonly Role[] = ['admin', 'regEditor']
