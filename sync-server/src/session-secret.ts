// The secret that signs session tokens. There is no built-in one: a secret in the source is public,
// and anyone could sign a token naming an admin. Without SESSION_SECRET the server generates 32
// random bytes on its first start and keeps them in DATA_DIR (owner-only), so sessions survive a
// restart; several instances must share SESSION_SECRET instead (docs/0007-production-defaults.md).
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import type { Config } from './config'

export const SECRET_FILE = 'session-secret'

/** As for SESSION_SECRET in production: 32 characters ≈ 256 bits when random. */
const MIN_LENGTH = 32

export interface SessionSecret {
  secret: string
  /** Where it came from, for the start-up log (which never shows the secret itself). */
  source: 'environment' | 'file' | 'generated'
}

export function resolveSessionSecret(
  config: Pick<Config, 'sessionSecret' | 'dataDir'>,
): SessionSecret {
  if (config.sessionSecret !== undefined)
    return { secret: config.sessionSecret, source: 'environment' }
  return keptSecret(config.dataDir, SECRET_FILE)
}

/**
 * A secret kept in `dataDir/fileName`: read when it is there, else 32 random bytes generated and
 * written owner-only. The certificate secret is kept the same way, in a file of its own.
 */
export function keptSecret(
  dataDir: string,
  fileName: string,
): { secret: string; source: 'file' | 'generated' } {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, fileName)
  const kept = readKept(file)
  if (kept !== undefined) return { secret: kept, source: 'file' }

  // Written whole under a temporary name, then linked into place: link fails if the file exists,
  // so two processes starting at once on one directory both end up with the first one's secret,
  // and neither can read a half-written file.
  const secret = randomBytes(32).toString('base64url')
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(temporary, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  try {
    linkSync(temporary, file)
    return { secret, source: 'generated' }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return { secret: readKept(file) as string, source: 'file' }
  } finally {
    unlinkSync(temporary)
  }
}

function readKept(file: string): string | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const secret = text.trim()
  if (secret.length < MIN_LENGTH) {
    throw new Error(`${file}: the kept secret must have at least ${MIN_LENGTH} characters`)
  }
  // Someone may have copied it in with a looser mode; it signs every session.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
  return secret
}
