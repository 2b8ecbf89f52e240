// The secret that keys certificates' verification codes (docs/operations.md#the-certificate-secret,
// docs/0016-certificate-verification-code.md). It is not the session secret: rotating that one
// signs everybody out, which must never turn printed certificates into forgeries. Production
// requires CERTIFICATE_SECRET (every instance must verify the same codes, and losing a generated
// file would void every certificate issued); development and tests generate one into DATA_DIR.
import { createHmac } from 'node:crypto'
import type { CertificateMac } from '@lfit/domain/certificates/code'
import { ConfigError, type Config } from '../config'
import { keptSecret } from '../session-secret'

export const CERTIFICATE_SECRET_FILE = 'certificate-secret'

export interface CertificateSecret {
  secret: string
  /** For the start-up log, which never shows the secret itself. */
  source: 'environment' | 'file' | 'generated'
}

export function resolveCertificateSecret(
  config: Pick<Config, 'certificateSecret' | 'dataDir' | 'env'>,
): CertificateSecret {
  if (config.certificateSecret !== undefined) {
    return { secret: config.certificateSecret, source: 'environment' }
  }
  if (config.env === 'production') {
    throw new ConfigError([
      'CERTIFICATE_SECRET: required in production (at least 32 characters, the same on every instance, kept as long as its certificates are)',
    ])
  }
  return keptSecret(config.dataDir, CERTIFICATE_SECRET_FILE)
}

/** HMAC-SHA-256 under the secret: what the domain's code rules are given. */
export function certificateMac(secret: string): CertificateMac {
  return (message) => new Uint8Array(createHmac('sha256', secret).update(message).digest())
}
