// Password hashes: argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum
// recommendation), so a leaked users collection costs an attacker dearly per guess.
import { hash, verify } from '@node-rs/argon2'

/** Longest password accepted: hashing is costly, and nobody types more. */
export const MAX_PASSWORD_LENGTH = 256

export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

/**
 * A hash of nothing anyone knows, verified when a username does not exist, so that an unknown
 * username takes as long to refuse as a wrong password (no username probing by timing).
 */
const STAND_IN =
  '$argon2id$v=19$m=19456,t=2,p=1$38r1mCKQs41bYs4pY3f+VQ$mUcyGbiaeXUMwkYmYSEq4VCHv8ZegAUb1lNzZJVZl3g'

/** Whether `password` matches `hashed`; false for a missing or malformed hash. */
export async function verifyPassword(hashed: unknown, password: string): Promise<boolean> {
  const usable = typeof hashed === 'string' && hashed.startsWith('$argon2')
  try {
    const matches = await verify(usable ? hashed : STAND_IN, password)
    return usable && matches
  } catch {
    return false
  }
}
