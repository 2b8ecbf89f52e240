import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { newCode, checkCode } from '@lfit/domain/certificates/code'
import { ConfigError, loadConfig } from '../config'
import { resolveSessionSecret, SECRET_FILE } from '../session-secret'
import { CERTIFICATE_SECRET_FILE, certificateMac, resolveCertificateSecret } from './secret'

const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lfit-certificate-secret-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the certificate secret', () => {
  it('is required in production', () => {
    expect(() =>
      resolveCertificateSecret({
        certificateSecret: undefined,
        dataDir: freshDir(),
        env: 'production',
      }),
    ).toThrow(ConfigError)
  })

  it('is at least 32 characters in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://lfit.example.org',
        CERTIFICATE_SECRET: 'short',
      }),
    ).toThrow('CERTIFICATE_SECRET: use at least 32 characters in production')
  })

  it('is generated and kept in its own file outside production, apart from the session secret', () => {
    const dataDir = freshDir()
    const first = resolveCertificateSecret({ certificateSecret: undefined, dataDir, env: 'test' })
    expect(first.source).toBe('generated')
    const file = join(dataDir, CERTIFICATE_SECRET_FILE)
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const session = resolveSessionSecret({ sessionSecret: undefined, dataDir })
    expect(session.secret).not.toBe(first.secret)
    expect(SECRET_FILE).not.toBe(CERTIFICATE_SECRET_FILE)
    expect(
      resolveCertificateSecret({ certificateSecret: undefined, dataDir, env: 'test' }),
    ).toEqual({
      secret: first.secret,
      source: 'file',
    })
  })

  it('keeps codes valid when the session secret changes, and only under its own secret', () => {
    const mac = certificateMac('c'.repeat(40))
    const { id, code } = newCode(new Uint8Array([9, 8, 7, 6, 5]), mac)
    expect(checkCode(code, certificateMac('c'.repeat(40)))).toBe(id)
    expect(checkCode(code, certificateMac('d'.repeat(40)))).toBeNull()
  })
})
