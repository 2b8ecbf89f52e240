// The one check of who issues and revokes certificates (CERTIFICATE_ISSUER_ROLES).
import type { Context } from 'hono'
import { hasAnyRole } from '@lfit/domain/access/roles'
import { CERTIFICATE_ISSUER_ROLES } from '@lfit/domain/certificates/roles'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'

/** The issuer's username; anyone else is refused with a bilingual 403. */
export function requireIssuer(c: Context<AppEnv>): string {
  const session = c.get('session')
  if (!session) throw new ApiError('notLoggedIn')
  if (!hasAnyRole({ roles: session.roles }, CERTIFICATE_ISSUER_ROLES)) {
    throw new ApiError('certificateIssuerOnly')
  }
  return session.user.username
}
